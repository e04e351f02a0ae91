import { buildClinicChannelName } from '@portal/domain';
import type Pusher from 'pusher-js';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { usePortalConfig } from '../auth/portal-config';
import { createLogger } from '../logger';
import { useSession } from '../session/session-context';
import { createRealtimeClient } from './realtime-client';
import {
  type Realtime,
  type RealtimeConnectionState,
  RealtimeContext,
  type RealtimeGlobalHandler,
  type RealtimeHandler,
} from './realtime-context';

const log = createLogger('notifications');

/**
 * One realtime connection for the signed-in user (SPEC §7 Realtime): their own channel, and the current
 * clinic's channel while they may read its documents. Pages bind events through useRealtimeEvent.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const config = usePortalConfig()?.realtime;
  const { notificationChannel, currentClinic, can } = useSession();
  const [client, setClient] = useState<Pusher>();
  const [state, setState] = useState<RealtimeConnectionState>(config ? 'initialized' : 'disabled');

  const key = config?.key;
  const cluster = config?.cluster;
  const host = config?.host;
  const forceTLS = config?.forceTLS;
  const authEndpoint = config?.authEndpoint;
  useEffect(() => {
    if (!key || cluster === undefined || host === undefined || forceTLS === undefined || !authEndpoint)
      return undefined;
    const onStateChange = ({ current }: { current: RealtimeConnectionState }) => {
      setState(current);
      log.debug('realtime connection', current);
    };
    let pusher: Pusher | undefined;
    let ended = false;
    createRealtimeClient({ key, cluster, host, forceTLS, authEndpoint }).then(
      (created) => {
        // Unmounted (signed out, configuration changed) while pusher-js was loading.
        if (ended) return;
        pusher = created;
        pusher.connection.bind('state_change', onStateChange);
        setClient(pusher);
      },
      (error: unknown) => {
        if (!ended) setState('failed');
        log.warn('realtime client could not be loaded', {
          message: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return () => {
      ended = true;
      pusher?.connection.unbind('state_change', onStateChange);
      pusher?.disconnect();
      setClient(undefined);
    };
  }, [key, cluster, host, forceTLS, authEndpoint]);

  // Named by the server after the user's stored channel id, never after their user id.
  const userChannel = notificationChannel;
  const [userChannelReady, setUserChannelReady] = useState(false);
  useEffect(() => {
    if (!client) return undefined;
    const channel = client.subscribe(userChannel);
    const onSucceeded = () => setUserChannelReady(true);
    const onError = (error: unknown) => {
      setUserChannelReady(false);
      log.warn('realtime subscription refused', { status: (error as { status?: number })?.status });
    };
    channel.bind('pusher:subscription_succeeded', onSucceeded);
    channel.bind('pusher:subscription_error', onError);
    if (channel.subscribed) setUserChannelReady(true);
    return () => {
      channel.unbind('pusher:subscription_succeeded', onSucceeded);
      channel.unbind('pusher:subscription_error', onError);
      client.unsubscribe(userChannel);
      setUserChannelReady(false);
    };
  }, [client, userChannel]);
  // A dropped connection drops the subscription; pusher-js subscribes again once reconnected.
  const ready = userChannelReady && state === 'connected';

  // Subscribing to a clinic the user may not read would only be refused (403).
  const mayReadDocuments = can('document:read');
  const clinicChannel =
    currentClinic && mayReadDocuments ? buildClinicChannelName(currentClinic.npi) : undefined;
  useEffect(() => {
    if (!client || !clinicChannel) return undefined;
    client.subscribe(clinicChannel);
    return () => client.unsubscribe(clinicChannel);
  }, [client, clinicChannel]);

  const bind = useCallback(
    (channelName: string, event: string, handler: RealtimeHandler) => {
      if (!client) return () => {};
      const channel = client.channel(channelName) ?? client.subscribe(channelName);
      channel.bind(event, handler);
      return () => {
        channel.unbind(event, handler);
      };
    },
    [client],
  );

  const bindGlobal = useCallback(
    (handler: RealtimeGlobalHandler) => {
      if (!client) return () => {};
      client.bind_global(handler);
      return () => {
        client.unbind_global(handler);
      };
    },
    [client],
  );

  const value = useMemo<Realtime>(
    () => ({ state, userChannel, userChannelReady: ready, clinicChannel, bind, bindGlobal }),
    [state, userChannel, ready, clinicChannel, bind, bindGlobal],
  );
  return <RealtimeContext value={value}>{children}</RealtimeContext>;
}
