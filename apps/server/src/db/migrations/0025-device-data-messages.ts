import { type Kysely, sql } from 'kysely';

// Issue 28 §1: every HL7 message the device data import receives for a clinic is kept as it came, beside
// the session it made, with the ACK it was answered with and its warnings: the provider company's import
// log, and what `npm run device-data:reprocess` re-reads when the vocabulary learns a term. The message
// text and its SHA-256 can never change (a trigger refuses it), nor can a row be deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE device_data_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      clinic_npi text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      received_by text NOT NULL,
      sending_facility text NOT NULL,
      control_id text NOT NULL,
      raw text NOT NULL,
      sha256 text NOT NULL,
      ack text NOT NULL,
      ack_code text NOT NULL CONSTRAINT device_data_messages_ack_code CHECK (ack_code IN ('AA', 'AE', 'AR')),
      outcome text NOT NULL
        CONSTRAINT device_data_messages_outcome CHECK (outcome IN ('created', 'duplicate', 'refused')),
      warnings text NOT NULL DEFAULT '[]',
      session_id uuid REFERENCES device_sessions (id) ON DELETE SET NULL,
      reprocessed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX device_data_messages_clinic_idx
    ON device_data_messages (clinic_npi, received_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX device_data_messages_received_idx ON device_data_messages (received_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX device_data_messages_session_idx ON device_data_messages (session_id)`.execute(db);
  await sql`
    CREATE FUNCTION device_data_messages_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'device data messages are kept: they cannot be deleted';
      END IF;
      IF NEW.raw IS DISTINCT FROM OLD.raw OR NEW.sha256 IS DISTINCT FROM OLD.sha256
        OR NEW.clinic_npi IS DISTINCT FROM OLD.clinic_npi OR NEW.received_at IS DISTINCT FROM OLD.received_at
        OR NEW.ack IS DISTINCT FROM OLD.ack THEN
        RAISE EXCEPTION 'a device data message is immutable: its text, hash, clinic, time and ACK cannot change';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER device_data_messages_immutable BEFORE UPDATE OR DELETE ON device_data_messages
    FOR EACH ROW EXECUTE FUNCTION device_data_messages_immutable()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS device_data_messages`.execute(db);
  await sql`DROP FUNCTION IF EXISTS device_data_messages_immutable()`.execute(db);
}
