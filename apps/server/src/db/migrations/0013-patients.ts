import { type Kysely, sql } from 'kysely';

// Patients (issue 13): one record per clinic and clinic patient id, the identifier documents carry.
// The synced values (from FileMaker or from the documents) sit in their own columns; what a person at the
// clinic set over them sits in `override`, which a sync never touches. OAC history is a small list that
// changes with the patient, so it is kept on the row and changed under the row's lock.
//
// Search is always within one clinic (the route names it), so every index leads with clinic_npi:
// - the name index serves sorted pages and prefix searches by last and first name;
// - dob and device serial serve the duplicate check on create (same dob and a similar name; the same serial);
// - search_text holds the lower-cased names, patient id and serial for free-text search.
// Documents point at their patient (patient_ref); a patient with documents cannot be deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE patients (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      clinic_npi text NOT NULL REFERENCES organizations (npi) ON UPDATE CASCADE,
      patient_id text NOT NULL,
      fm_id text,
      first_name text NOT NULL DEFAULT '',
      middle_name text,
      last_name text NOT NULL DEFAULT '',
      dob date,
      gender text,
      physician_npi text,
      oac_status text,
      oac_history jsonb NOT NULL DEFAULT '[]'::jsonb,
      medical_info jsonb,
      device_info jsonb,
      contact_info jsonb,
      override jsonb,
      -- normalised as the domain's normalizeDeviceSerial does: upper case, no spaces or dashes
      device_serial text GENERATED ALWAYS AS (
        nullif(regexp_replace(upper(device_info->>'serialNumber'), '[[:space:]-]', '', 'g'), '')) STORED,
      synced_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text,
      search_text text GENERATED ALWAYS AS (
        lower(first_name || ' ' || coalesce(middle_name, '') || ' ' || last_name || ' '
          || coalesce(override->'names'->>'firstName', '') || ' ' || coalesce(override->'names'->>'lastName', '')
          || ' ' || patient_id || ' ' || coalesce(device_info->>'serialNumber', ''))) STORED,
      CONSTRAINT patients_clinic_patient_id_key UNIQUE (clinic_npi, patient_id)
    )`.execute(db);
  await sql`CREATE INDEX patients_name_idx ON patients (clinic_npi, lower(last_name), lower(first_name), id)`.execute(
    db,
  );
  await sql`CREATE INDEX patients_dob_idx ON patients (clinic_npi, dob)`.execute(db);
  await sql`CREATE INDEX patients_serial_idx ON patients (clinic_npi, device_serial) WHERE device_serial IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX patients_fm_id_idx ON patients (clinic_npi, fm_id) WHERE fm_id IS NOT NULL`.execute(
    db,
  );

  await sql`ALTER TABLE documents ADD COLUMN patient_ref uuid REFERENCES patients (id)`.execute(db);
  await sql`CREATE INDEX documents_patient_ref_idx ON documents (patient_ref, dos_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE documents DROP COLUMN patient_ref`.execute(db);
  await sql`DROP TABLE patients`.execute(db);
}
