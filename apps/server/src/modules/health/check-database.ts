import { sql } from 'kysely';
import type { Db } from '../../db/transaction';
import { HttpError } from '../../http/errors';

/** Proves the database answers a query; 503 when it does not. */
export async function checkDatabase(db: Db): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    throw new HttpError(503, 'Database unavailable');
  }
}
