import { type Kysely, sql } from 'kysely';

// Append-only audit trail. Each event carries the SHA-256 of its own content and of the previous event in
// its chain (one chain per clinic, one for changes that belong to no clinic), so an edit or a deletion
// anywhere breaks the chain. UPDATE and DELETE are refused by a trigger.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_events (
      id bigserial PRIMARY KEY,
      chain text NOT NULL,
      clinic_npi text,
      entity_type text NOT NULL,
      entity_id text NOT NULL,
      event_type text NOT NULL,
      actor_id text,
      note text,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      prev_hash text,
      hash text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX audit_events_chain_idx ON audit_events (chain, id)`.execute(db);
  await sql`CREATE INDEX audit_events_entity_idx ON audit_events (entity_type, entity_id, id)`.execute(db);
  await sql`
    CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_events is append-only';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS audit_events`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_events_append_only()`.execute(db);
}
