import { type Kysely, sql } from 'kysely';

// Issue 29 §1 (the right patient): each time an interrogation printout is read for a patient, the identity
// it carries (patient name, id, date of birth, device model, serial), compared with the patient's. The
// device check's submission names this check; when the identities differ, or one is not on the printout,
// the technician's confirmation and reason are required, and they are audited with both identities.
// Kept per clinic and patient; who read the printout and when.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE printout_identity_checks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      clinic_npi text NOT NULL REFERENCES organizations (npi) ON UPDATE CASCADE ON DELETE CASCADE,
      patient_ref uuid NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
      printout_sha256 text NOT NULL,
      comparison jsonb NOT NULL,
      needs_confirmation boolean NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX printout_identity_checks_patient_idx ON printout_identity_checks (patient_ref, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS printout_identity_checks`.execute(db);
}
