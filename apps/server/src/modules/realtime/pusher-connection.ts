import { randomInt } from 'node:crypto';
import type { WebSocket } from 'ws';
import { isValidChannelSignature } from './channel-signature';
import { CHANNEL_NAME_PATTERN } from './realtime-channels';
import type { RealtimeHub } from './realtime-hub';

// The server side of the Pusher Channels protocol (version 7), as pusher-js speaks it: connection
// established, subscribe/unsubscribe to private channels with a signed auth string, ping/pong.

export type PusherEndpointSettings = {
  key: string;
  secret: string;
  /** Seconds without a message after which the client pings (SPEC §9: 120). */
  activityTimeoutSeconds: number;
};

const MAX_MESSAGE_BYTES = 10 * 1024;

function protocolMessage(event: string, data: unknown, channel?: string): string {
  return JSON.stringify({ event, ...(channel ? { channel } : {}), data: JSON.stringify(data) });
}

function errorMessage(code: number | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

function newSocketId(): string {
  return `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
}

/** Serves one WebSocket connection; returns its socket id. */
export function servePusherConnection(
  socket: WebSocket,
  options: { appKey: string; settings: PusherEndpointSettings; hub: RealtimeHub; now?: () => number },
): { socketId: string; lastActivity: () => number; close: (code: number, reason: string) => void } {
  const now = options.now ?? Date.now;
  const { hub, settings } = options;
  const socketId = newSocketId();
  const channels = new Set<string>();
  let lastActivity = now();
  const connection = {
    send: (message: string) => {
      if (socket.readyState === socket.OPEN) socket.send(message);
    },
  };

  if (options.appKey !== settings.key) {
    socket.send(errorMessage(4001, `Application does not exist`));
    socket.close(4001, 'Application does not exist');
    return { socketId, lastActivity: () => lastActivity, close: () => {} };
  }

  hub.connections.add(connection);
  connection.send(
    protocolMessage('pusher:connection_established', {
      socket_id: socketId,
      activity_timeout: settings.activityTimeoutSeconds,
    }),
  );

  socket.on('message', (raw, isBinary) => {
    lastActivity = now();
    const text = raw.toString();
    if (isBinary || text.length > MAX_MESSAGE_BYTES) {
      connection.send(errorMessage(4009, 'Message too large or binary'));
      return;
    }
    let message: { event?: unknown; data?: unknown; channel?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      connection.send(errorMessage(null, 'Messages must be JSON'));
      return;
    }
    const data = (typeof message.data === 'string' ? safeParse(message.data) : message.data) as
      | { channel?: unknown; auth?: unknown }
      | undefined;
    switch (message.event) {
      case 'pusher:ping':
        connection.send(protocolMessage('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe': {
        const channel = data?.channel;
        if (typeof channel !== 'string' || !CHANNEL_NAME_PATTERN.test(channel)) {
          connection.send(errorMessage(null, 'A subscription needs a valid channel name'));
          return;
        }
        if (!channel.startsWith('private-')) {
          // Only private channels exist here: everything on them is about someone.
          connection.send(
            protocolMessage(
              'pusher:subscription_error',
              { type: 'AuthError', error: 'Only private channels', status: 403 },
              channel,
            ),
          );
          return;
        }
        if (
          !isValidChannelSignature(
            { key: settings.key, secret: settings.secret, socketId, channel },
            data?.auth,
          )
        ) {
          connection.send(
            protocolMessage(
              'pusher:subscription_error',
              { type: 'AuthError', error: 'Invalid signature', status: 401 },
              channel,
            ),
          );
          return;
        }
        channels.add(channel);
        hub.subscribe(connection, channel);
        connection.send(protocolMessage('pusher_internal:subscription_succeeded', {}, channel));
        return;
      }
      case 'pusher:unsubscribe': {
        const channel = data?.channel;
        if (typeof channel === 'string' && channels.delete(channel)) hub.unsubscribe(connection, channel);
        return;
      }
      default:
        // Client events (client-*) are not enabled: the browser only listens.
        connection.send(errorMessage(null, 'Unsupported event'));
    }
  });

  socket.on('close', () => hub.disconnect(connection, channels));
  socket.on('error', () => hub.disconnect(connection, channels));

  return {
    socketId,
    lastActivity: () => lastActivity,
    close: (code, reason) => {
      hub.disconnect(connection, channels);
      socket.close(code, reason);
    },
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type ServedConnection = ReturnType<typeof servePusherConnection>;

/**
 * Closes the connections silent since before `cutoff` (ms): pusher-js pings after activity_timeout of
 * silence, so one that stays silent past the pong timeout too is gone. Returns the ones closed.
 */
export function closeIdleConnections(connections: Set<ServedConnection>, cutoff: number): ServedConnection[] {
  const idle = [...connections].filter((served) => served.lastActivity() < cutoff);
  for (const served of idle) {
    served.close(4201, 'Pong reply not received');
    connections.delete(served);
  }
  return idle;
}
