import { CamelCasePlugin, Kysely, type PGliteDialect, type PostgresDialect } from 'kysely';
import type { Database } from './schema';

// What either engine's connection looks like to the rest of the server (client.ts opens PostgreSQL,
// pglite-client.ts the embedded database).

export type DatabaseEngine = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Closes the connection(s) and releases the data-directory lock. Safe to call twice. */
  close: () => Promise<void>;
  /** LISTEN on a channel: every committed pg_notify on it reaches `onMessage`, from any process. */
  listen: DatabaseListen;
};

/**
 * LISTEN on a channel. `onRelistened` runs when the listening connection came back after a drop: what was
 * notified meanwhile was missed (the embedded database never drops it).
 */
export type DatabaseListen = (
  channel: string,
  onMessage: (payload: string) => void,
  onRelistened?: () => void,
) => Promise<() => Promise<void>>;

/** Kysely over either engine, with the column-name mapping every query relies on. */
export function createKysely(dialect: PGliteDialect | PostgresDialect): Kysely<Database> {
  return new Kysely<Database>({
    dialect, // JSON columns (OIDC payloads, roles) keep their keys as stored.
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  });
}
