import { type Kysely, sql } from 'kysely';

// Rate-limit counters every server instance shares (unless REDIS_URL puts them in Redis): one row per
// limited key and fixed window. Keys are SHA-256 digests, so no address or e-mail is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_limit_counters (
      key text PRIMARY KEY,
      count integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_ends_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_limit_counters`.execute(db);
}
