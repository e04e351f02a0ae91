import { sql } from 'kysely';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/database-unavailable';
import type { Db } from '../../db/transaction';
import { ServiceUnavailableError } from '../../http/errors';

/** A healthcheck waits this long for the database, then says it is not ready. */
const CHECK_TIMEOUT_MS = 5000;

/**
 * Proves the database answers a query; 503 with Retry-After when it does not (down, restarting, or silent
 * for CHECK_TIMEOUT_MS), so a load balancer takes the instance out until it answers again.
 */
export async function checkDatabase(db: Db): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('database check timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timedOut]);
  } catch {
    throw new ServiceUnavailableError('Database unavailable', DATABASE_RETRY_AFTER_SECONDS);
  } finally {
    clearTimeout(timer);
  }
}
