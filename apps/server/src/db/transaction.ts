import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

/** Runs `work` in one transaction: a change and its audit event commit together or not at all. */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
