import {
  type ChannelAuthorization,
  REALTIME_ACTIVITY_TIMEOUT_MS,
  REALTIME_PONG_TIMEOUT_MS,
  REALTIME_UNAVAILABLE_TIMEOUT_MS,
} from '@portal/domain';
import type { ChannelAuthorizationCallback, Options, default as Pusher } from 'pusher-js';
import { apiClient, isApiError } from '../api-client';
import type { PortalConfig } from '../auth/portal-config';

/** GET /api/config `realtime`: where the Pusher-compatible endpoint is and how channels are authorized. */
export type RealtimeConfig = PortalConfig['realtime'];

/** The pusher-js options for the portal's configuration (SPEC §9 realtime timeouts). */
export function buildPusherOptions(
  config: RealtimeConfig,
  authorize: (socketId: string, channelName: string) => Promise<ChannelAuthorization>,
): Options {
  const [host, portText] = config.host ? config.host.split(':') : [];
  const port = portText ? Number(portText) : undefined;
  return {
    // pusher-js wants a cluster even when it is told the host.
    cluster: config.cluster || 'local',
    forceTLS: config.forceTLS,
    ...(host && { wsHost: host }),
    ...(port && { wsPort: port, wssPort: port }),
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    activityTimeout: REALTIME_ACTIVITY_TIMEOUT_MS,
    pongTimeout: REALTIME_PONG_TIMEOUT_MS,
    unavailableTimeout: REALTIME_UNAVAILABLE_TIMEOUT_MS,
    channelAuthorization: {
      // Through the app's API client, so every subscription carries the current (renewed) token.
      customHandler: ({ socketId, channelName }, callback: ChannelAuthorizationCallback) => {
        authorize(socketId, channelName).then(
          (data) => callback(null, data),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    },
  };
}

/**
 * Channel authorization: a form POST of socket_id and channel_name with the bearer token. 403 means the
 * user may not join the channel.
 */
export async function authorizeChannel(
  endpoint: string,
  socketId: string,
  channelName: string,
): Promise<ChannelAuthorization> {
  try {
    return await apiClient.post<ChannelAuthorization>(
      endpoint,
      new URLSearchParams({ socket_id: socketId, channel_name: channelName }),
    );
  } catch (error) {
    if (isApiError(error) && error.statusCode === 403)
      throw new Error(`Not allowed to subscribe to ${channelName}`, { cause: error });
    throw error;
  }
}

/**
 * The connection. pusher-js is loaded here, on demand, not with the app: the first screen does not wait
 * for it (issue 11 §10, the weight budget).
 */
export async function createRealtimeClient(config: RealtimeConfig): Promise<Pusher> {
  const { default: PusherClient } = await import('pusher-js');
  return new PusherClient(
    config.key,
    buildPusherOptions(config, (socketId, channelName) =>
      authorizeChannel(config.authEndpoint, socketId, channelName),
    ),
  );
}
