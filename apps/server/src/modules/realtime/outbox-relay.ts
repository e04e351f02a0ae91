import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type PollingWorker, startPollingWorker } from '../../db/polling-worker';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import type { RealtimeEvent } from './realtime-outbox';

/** Publishes a claimed batch; throwing rolls the claim back, so the batch is tried again later. */
export type RealtimePublisher = (tx: Tx, events: readonly RealtimeEvent[]) => Promise<void>;

// Rows, each one transaction's events.
const BATCH_SIZE = 100;
// A safety net under LISTEN/NOTIFY: events of a crashed instance, or a wake-up lost while the LISTEN
// connection was being reopened, still leave within a second.
const POLL_MS = 1000;
const KEEP_PUBLISHED_MS = 60 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Moves events from the outbox to the publisher. Any number of instances may run one: each batch is
 * claimed with SKIP LOCKED and marked published in the transaction that publishes it.
 */
export function createOutboxRelay(options: {
  db: Db;
  publish: RealtimePublisher;
  log: FastifyBaseLogger;
}): PollingWorker {
  let lastPurge = Date.now();

  async function claimAndPublish(): Promise<number> {
    return inTransaction(options.db, async (tx) => {
      const { rows } = await sql<{ id: string | number; events: unknown }>`
        WITH claimed AS (
          SELECT id FROM realtime_outbox WHERE published_at IS NULL ORDER BY id LIMIT ${BATCH_SIZE}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE realtime_outbox AS outbox SET published_at = now() FROM claimed
        WHERE outbox.id = claimed.id
        RETURNING outbox.id, outbox.events`.execute(tx);
      if (rows.length === 0) return 0;
      const events = rows
        .sort((a, b) => Number(a.id) - Number(b.id))
        .flatMap(
          (row) => (typeof row.events === 'string' ? JSON.parse(row.events) : row.events) as RealtimeEvent[],
        );
      await options.publish(tx, events);
      return rows.length;
    });
  }

  async function purgePublished() {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await options.db
      .deleteFrom('realtimeOutbox')
      .where('publishedAt', '<', new Date(Date.now() - KEEP_PUBLISHED_MS))
      .execute();
  }

  async function drain(stopping: AbortSignal) {
    try {
      // A full batch means more may be waiting.
      let published: number;
      do {
        published = await claimAndPublish();
      } while (published === BATCH_SIZE && !stopping.aborted);
      await purgePublished();
    } catch (error) {
      if (!stopping.aborted)
        options.log.warn(
          { err: { type: (error as Error).name, message: (error as Error).message } },
          'realtime outbox relay failed; retrying',
        );
    }
  }

  // A wake during a drain may announce a commit its last claim did not see: the relay runs once more.
  return startPollingWorker({ drain, pollMs: POLL_MS, wakeDuringDrain: 'run-again' });
}
