import { sql } from 'kysely';
import type { Tx } from '../../db/transaction';

/** The channel that wakes every instance's outbox relay when a transaction with events commits. */
export const OUTBOX_WAKE_CHANNEL = 'portal_realtime_outbox';

export type RealtimeEvent = { channel: string; event: string; data: Record<string, unknown> };

/**
 * Queues realtime events in the caller's transaction: they leave only if it commits, and survive a crash
 * after it (the relay publishes whatever is still unpublished). NOTIFY is transactional too, so the
 * relays wake at the commit, not before.
 */
export async function enqueueRealtimeEvents(tx: Tx, events: readonly RealtimeEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insertInto('realtimeOutbox')
    .values(events.map((event) => ({ ...event, data: JSON.stringify(event.data) })))
    .execute();
  await sql`SELECT pg_notify(${OUTBOX_WAKE_CHANNEL}, '')`.execute(tx);
}
