import { sql } from 'kysely';
import type { Db, Tx } from '../../db/transaction';

/** Ends every session, grant and token of an account, so a locked or deleted user cannot refresh. */
export async function revokeSignIns(db: Db | Tx, userId: string): Promise<void> {
  await db.deleteFrom('oidcPayloads').where(sql<string>`payload->>'accountId'`, '=', userId).execute();
}
