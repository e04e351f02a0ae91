import { sql } from 'kysely';
import type { Db, Tx } from '../../db/transaction';

/** A piece of work owed to a vendor, as the worker claims it. */
export type VendorWork = {
  id: string;
  kind: string;
  clinicNpi: string;
  subjectId: string;
  idempotencyKey: string;
  /** Counting this one. */
  attempts: number;
};

/**
 * Queues work for a vendor in the caller's transaction: it is done only if the cause commits, and it is
 * done even if the process dies right after. The same idempotency key queues nothing new: false.
 */
export async function enqueueVendorWork(
  tx: Tx,
  work: { kind: string; clinicNpi: string; subjectId: string; idempotencyKey: string },
): Promise<boolean> {
  const inserted = await tx
    .insertInto('vendorOutbox')
    .values(work)
    .onConflict((conflict) => conflict.column('idempotencyKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Claims the oldest due work with no live claim, counting an attempt for each. A claim lapses after
 * `claimSeconds` unless renewed, so work held by a process that died is taken up by another (or by the
 * same one after a restart).
 */
export async function claimVendorWork(
  db: Db,
  options: { batchSize: number; claimSeconds: number },
): Promise<VendorWork[]> {
  const { rows } = await sql<VendorWork>`
    UPDATE vendor_outbox SET claimed_until = now() + make_interval(secs => ${options.claimSeconds}),
      attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM vendor_outbox
      WHERE done_at IS NULL AND failed_at IS NULL AND available_at <= now()
        AND (claimed_until IS NULL OR claimed_until < now())
      ORDER BY available_at, id LIMIT ${options.batchSize} FOR UPDATE SKIP LOCKED
    )
    RETURNING id::text, kind, clinic_npi, subject_id::text, idempotency_key, attempts`.execute(db);
  return rows;
}

/** Keeps a claim alive while its call is still running. */
export async function renewVendorWorkClaim(db: Db, id: string, claimSeconds: number): Promise<void> {
  await sql`UPDATE vendor_outbox SET claimed_until = now() + make_interval(secs => ${claimSeconds})
    WHERE id = ${id} AND done_at IS NULL`.execute(db);
}

export async function markVendorWorkDone(db: Db | Tx, id: string): Promise<void> {
  await db
    .updateTable('vendorOutbox')
    .set({ doneAt: new Date(), claimedUntil: null, lastError: null })
    .where('id', '=', id)
    .execute();
}

/** Tries again after `delayMs`, remembering why this attempt failed. */
export async function postponeVendorWork(db: Db, id: string, reason: string, delayMs: number): Promise<void> {
  await sql`UPDATE vendor_outbox SET claimed_until = NULL, last_error = ${reason},
      available_at = now() + make_interval(secs => ${delayMs / 1000})
    WHERE id = ${id}`.execute(db);
}

export async function markVendorWorkFailed(db: Db | Tx, id: string, reason: string): Promise<void> {
  await db
    .updateTable('vendorOutbox')
    .set({ failedAt: new Date(), claimedUntil: null, lastError: reason })
    .where('id', '=', id)
    .execute();
}

/** How many pieces of work are still owed (tests and health wait on it). */
export async function countPendingVendorWork(db: Db): Promise<number> {
  const row = await db
    .selectFrom('vendorOutbox')
    .select((eb) => eb.fn.countAll<number>().as('pending'))
    .where('doneAt', 'is', null)
    .where('failedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.pending);
}

/** How many times this kind of work was queued for a subject (a push after a failure is a new one). */
export async function countVendorWorkFor(db: Db | Tx, subjectId: string, kind: string): Promise<number> {
  const row = await db
    .selectFrom('vendorOutbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('subjectId', '=', subjectId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
