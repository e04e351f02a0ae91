import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

// Work that must follow a transaction's commit (sealing a signature's chain head, issue 31), registered
// from inside the transaction by code that has only the transaction. Run, in order, once the commit
// succeeded; dropped when the transaction rolled back.
type AfterCommit = (db: Db) => Promise<void>;
const afterCommitWork = new WeakMap<Tx, AfterCommit[]>();

/**
 * Runs `work` (given the database the transaction ran on) once `tx`, begun by inTransaction, has
 * committed, before inTransaction resolves. `work` should not throw: a failure would reach
 * inTransaction's caller although the change is committed.
 */
export function runAfterCommit(tx: Tx, work: AfterCommit): void {
  const queued = afterCommitWork.get(tx);
  if (queued) queued.push(work);
  else afterCommitWork.set(tx, [work]);
}

/** Runs `work` in one transaction: a change and its audit event commit together or not at all. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let transaction: Tx | undefined;
  const result = await db.transaction().execute((tx) => {
    transaction = tx;
    return work(tx);
  });
  const queued = transaction ? afterCommitWork.get(transaction) : undefined;
  if (transaction) afterCommitWork.delete(transaction);
  for (const next of queued ?? []) await next(db);
  return result;
}
