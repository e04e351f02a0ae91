import { type Kysely, sql } from 'kysely';

// Device data (issue 14): a device session is one interrogation of a patient's device, a remote
// transmission or an in-person check; its measurements are IDCO-keyed values with where each came from
// and who confirmed it. A session may be carried by a document (the report of that transmission or check).
//
// - external_id makes an import idempotent: the same HL7 message (by its sender and control id) or the same
//   form submission creates one session (unique per clinic).
// - The longitudinal view reads one patient's series of one device type in time order, so measurements
//   are indexed by (patient_ref, key, measured_at), and sessions by (patient_ref, device_type, session_date).
// - Daily values (AF burden) sit in the session that reported them, each with its own measured_at.
// Longitudinal settings are stored per clinic (user_id '0') and per user, as only what each sets.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE device_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      clinic_npi text NOT NULL REFERENCES organizations (npi) ON UPDATE CASCADE,
      patient_ref uuid NOT NULL REFERENCES patients (id),
      device_type text NOT NULL,
      kind text NOT NULL,
      source text NOT NULL,
      session_date timestamptz NOT NULL,
      manufacturer text,
      model text,
      serial_number text,
      lead_configuration text,
      document_id uuid REFERENCES documents (id),
      external_id text,
      observations text,
      programming_changes text,
      next_follow_up date,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text,
      CONSTRAINT device_sessions_external_id_key UNIQUE (clinic_npi, external_id)
    )`.execute(db);
  await sql`CREATE INDEX device_sessions_patient_idx ON device_sessions (patient_ref, device_type, session_date)`.execute(
    db,
  );
  await sql`CREATE INDEX device_sessions_document_idx ON device_sessions (document_id) WHERE document_id IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE device_measurements (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES device_sessions (id) ON DELETE CASCADE,
      patient_ref uuid NOT NULL REFERENCES patients (id),
      key text NOT NULL,
      measured_at timestamptz NOT NULL,
      value_number double precision,
      value_text text,
      source text NOT NULL,
      confirmed_by text,
      confirmed_at timestamptz,
      CONSTRAINT device_measurements_one_value CHECK ((value_number IS NULL) <> (value_text IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX device_measurements_series_idx ON device_measurements (patient_ref, key, measured_at)`.execute(
    db,
  );
  await sql`CREATE INDEX device_measurements_session_idx ON device_measurements (session_id)`.execute(db);
  await sql`
    CREATE TABLE longitudinal_settings (
      clinic_npi text NOT NULL REFERENCES organizations (npi) ON UPDATE CASCADE ON DELETE CASCADE,
      user_id text NOT NULL,
      settings jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text,
      PRIMARY KEY (clinic_npi, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS longitudinal_settings`.execute(db);
  await sql`DROP TABLE IF EXISTS device_measurements`.execute(db);
  await sql`DROP TABLE IF EXISTS device_sessions`.execute(db);
}
