import Pusher from 'pusher';
import type { RealtimePublisher } from './outbox-relay';

/**
 * The portal's own endpoint: the events already reached every instance at their commit (see
 * enqueueRealtimeEvents), so the relay only marks them published.
 */
export const publishNothingMore: RealtimePublisher = async () => {};

export type HostedPusherSettings = {
  appId: string;
  key: string;
  secret: string;
  cluster: string;
  /** A Pusher-compatible server other than Pusher's own (host[:port]); Pusher's cluster host otherwise. */
  host?: string | undefined;
  useTLS: boolean;
};

export function createHostedPusher(settings: HostedPusherSettings): Pusher {
  const [host, port] = settings.host ? settings.host.split(':') : [];
  return new Pusher({
    appId: settings.appId,
    key: settings.key,
    secret: settings.secret,
    cluster: settings.cluster,
    useTLS: settings.useTLS,
    ...(host ? { host } : {}),
    ...(port ? { port } : {}),
  });
}

// The Pusher HTTP API takes at most 10 events a batch.
const PUSHER_BATCH_LIMIT = 10;

/** Hosted Pusher (or any Pusher-compatible service) through the official `pusher` package. */
export function publishThroughPusher(pusher: Pusher): RealtimePublisher {
  return async (_tx, events) => {
    for (let start = 0; start < events.length; start += PUSHER_BATCH_LIMIT) {
      const batch = events.slice(start, start + PUSHER_BATCH_LIMIT);
      const response = await pusher.triggerBatch(
        batch.map((event) => ({ channel: event.channel, name: event.event, data: event.data })),
      );
      if (response.status >= 300) throw new Error(`Pusher answered ${response.status}`);
    }
  };
}
