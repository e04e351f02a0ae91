import { sql } from 'kysely';
import Pusher from 'pusher';
import type { RealtimePublisher } from './outbox-relay';
import type { RealtimeEvent } from './realtime-outbox';

/** The channel every instance listens on to deliver events to the WebSockets it holds. */
export const FANOUT_CHANNEL = 'portal_realtime_fanout';

// NOTIFY payloads must stay under 8000 bytes.
const MAX_PAYLOAD_BYTES = 7000;

/** Splits events into NOTIFY-sized JSON arrays. */
export function packFanoutPayloads(events: readonly RealtimeEvent[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let size = 2;
  for (const event of events) {
    const item = JSON.stringify([event.channel, event.event, event.data]);
    if (batch.length > 0 && size + item.length + 1 > MAX_PAYLOAD_BYTES) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      size = 2;
    }
    batch.push(item);
    size += item.length + 1;
  }
  if (batch.length > 0) payloads.push(`[${batch.join(',')}]`);
  return payloads;
}

export function unpackFanoutPayload(payload: string): RealtimeEvent[] {
  const items = JSON.parse(payload) as [string, string, Record<string, unknown>][];
  return items.map(([channel, event, data]) => ({ channel, event, data }));
}

/** Our own WebSocket endpoint: every instance (this one too) hears the batch through PostgreSQL. */
export const publishThroughDatabase: RealtimePublisher = async (tx, events) => {
  for (const payload of packFanoutPayloads(events))
    await sql`SELECT pg_notify(${FANOUT_CHANNEL}, ${payload})`.execute(tx);
};

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
