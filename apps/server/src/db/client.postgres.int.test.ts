import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from './client';
import { isDatabaseUnavailable } from './database-unavailable';
import { inTransaction } from './transaction';

// The server ends a connection while a request holds it between two queries (a restart, a failover, an
// administrator's pg_terminate_backend). `pg` then emits 'error' on a client the pool has handed out, which
// with no listener ends the whole process; the request must fail (503) and the pool carry on instead.

function postgresServer() {
  const info = inject('testDatabase');
  if (info.engine !== 'postgres') throw new Error('this test needs the PostgreSQL server');
  return info;
}

describe('a pooled connection ended under a transaction', () => {
  const info = postgresServer();
  const database = openPostgres(info.serverUrl);
  afterAll(() => database.close());

  it('fails that transaction as "database unavailable", and the next query gets a new connection', async () => {
    const failure = await inTransaction(database.db, async (tx) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx);
      const admin = new pg.Client({ connectionString: info.serverUrl });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      await admin.end();
      // Idle in the transaction while the server's goodbye and the socket's end arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`SELECT 1`.execute(tx);
    }).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
