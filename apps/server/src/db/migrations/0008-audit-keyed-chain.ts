import { type Kysely, sql } from 'kysely';

// The audit trail's links become keyed (HMAC-SHA-256 under a key outside the database). Each event says
// how it is linked: the events already stored keep plain SHA-256 (link version 1) and stay verifiable as
// the unkeyed prefix of their chain, which the first seal after this upgrade anchors; every new event is
// written with version 2. TRUNCATE, which row triggers do not see, is refused like UPDATE and DELETE.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A column added with a default does not rewrite (or UPDATE) the existing rows, so the append-only
  // trigger is not involved; the default is then dropped so every insert has to say its version.
  await sql`ALTER TABLE audit_events ADD COLUMN link_version smallint NOT NULL DEFAULT 1`.execute(db);
  await sql`ALTER TABLE audit_events ALTER COLUMN link_version DROP DEFAULT`.execute(db);
  await sql`
    CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS audit_events_no_truncate ON audit_events`.execute(db);
  await sql`ALTER TABLE audit_events DROP COLUMN IF EXISTS link_version`.execute(db);
}
