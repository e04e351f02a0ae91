import { sql } from 'kysely';
import type { Tx } from '../../db/transaction';

/** The channel that wakes every instance's outbox relay when a transaction with events commits. */
export const OUTBOX_WAKE_CHANNEL = 'portal_realtime_outbox';
/** The channel every instance listens on to deliver events to the WebSockets it holds. */
export const FANOUT_CHANNEL = 'portal_realtime_fanout';

export type RealtimeEvent = { channel: string; event: string; data: Record<string, unknown> };

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

/**
 * Queues realtime events in the caller's transaction. PostgreSQL delivers a NOTIFY only when its
 * transaction commits, and then to every listening instance even if this process dies the next moment:
 * so the fan-out to the portal's own WebSocket endpoints is itself the transactional outbox, with no
 * second hop. The outbox rows are the record, and what the relay publishes to hosted Pusher when
 * PUSHER_* is set (it wakes at the commit too).
 */
export async function enqueueRealtimeEvents(tx: Tx, events: readonly RealtimeEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insertInto('realtimeOutbox')
    .values({ events: JSON.stringify(events) })
    .execute();
  // One round trip for every payload and the relay's wake-up.
  const payloads = packFanoutPayloads(events);
  await sql`
    SELECT pg_notify(${FANOUT_CHANNEL}, payload) FROM unnest(${payloads}::text[]) WITH ORDINALITY AS p (payload, n)
    UNION ALL SELECT pg_notify(${OUTBOX_WAKE_CHANNEL}, '')`.execute(tx);
}
