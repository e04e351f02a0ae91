import { type Kysely, sql } from 'kysely';

// Documents (reports, studies and alerts) with their PDFs by content hash, and comments with reactions.
// The inbox sorts by pinned, status, alert level, type and date of service (newest first); the rank
// columns turn that mixed-direction order into one ascending key, so a page is a keyset range scan on
// one index whatever page the user is on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE documents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      clinic_npi text NOT NULL REFERENCES organizations (npi) ON UPDATE CASCADE,
      type text NOT NULL,
      service_line text NOT NULL,
      status text NOT NULL DEFAULT 'unsigned',
      alert text,
      alert_type text,
      alert_text text,
      assigned_to text,
      dos timestamptz NOT NULL,
      dos_key bigint NOT NULL,
      device text,
      device_detail jsonb,
      patient_id text NOT NULL,
      patient_dob date,
      patient_first_name text NOT NULL DEFAULT '',
      patient_last_name text NOT NULL DEFAULT '',
      patient_phone text,
      patient_source text,
      patient_info jsonb,
      physician_name text,
      physician_npi text,
      practice_location text,
      rpm_encounter_id text,
      cpt_codes text[] NOT NULL DEFAULT '{}',
      icd10_codes text[] NOT NULL DEFAULT '{}',
      is_on_oac boolean NOT NULL DEFAULT false,
      is_pinned boolean NOT NULL DEFAULT false,
      locked boolean NOT NULL DEFAULT false,
      is_downloaded boolean NOT NULL DEFAULT false,
      is_hidden boolean NOT NULL DEFAULT false,
      system_error boolean NOT NULL DEFAULT false,
      is_draft boolean NOT NULL DEFAULT false,
      has_episodes boolean NOT NULL DEFAULT false,
      longitudinal boolean NOT NULL DEFAULT false,
      note text NOT NULL DEFAULT '',
      comment text,
      assessment_plan text,
      certified_by text,
      clinical_start timestamptz,
      clinical_end timestamptz,
      emr_number text,
      audit_note text,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      original_sha256 text NOT NULL,
      signed_sha256 text,
      signed_by text,
      signed_at timestamptz,
      deleted_at timestamptz,
      deleted_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      pin_rank smallint GENERATED ALWAYS AS (CASE WHEN is_pinned THEN 0 ELSE 1 END) STORED,
      status_rank smallint GENERATED ALWAYS AS (
        CASE status WHEN 'unsigned' THEN 0 WHEN 'signing' THEN 1 WHEN 'acknowledging' THEN 1
          WHEN 'acknowledged' THEN 2 WHEN 'signed' THEN 3 WHEN 'draft' THEN 4 WHEN 'error' THEN 5 ELSE 6 END) STORED,
      alert_rank smallint GENERATED ALWAYS AS (
        CASE alert WHEN 'high' THEN 0 WHEN 'medium' THEN 1 WHEN 'low' THEN 2 ELSE 3 END) STORED,
      search_text text GENERATED ALWAYS AS (
        lower(patient_first_name || ' ' || patient_last_name || ' ' || patient_last_name || ' ' || patient_first_name
          || ' ' || patient_id || ' ' || coalesce(device_detail->>'serialNumber', ''))) STORED
    )`.execute(db);

  const live = sql`WHERE deleted_at IS NULL`;
  await sql`CREATE INDEX documents_inbox_idx ON documents
    (clinic_npi, pin_rank, status_rank, alert_rank, type, dos_key, id) ${live}`.execute(db);
  await sql`CREATE INDEX documents_inbox_all_idx ON documents
    (pin_rank, status_rank, alert_rank, type, dos_key, id) ${live}`.execute(db);
  await sql`CREATE INDEX documents_dos_idx ON documents (clinic_npi, dos_key, id) ${live}`.execute(db);
  await sql`CREATE INDEX documents_dos_all_idx ON documents (dos_key, id) ${live}`.execute(db);
  await sql`CREATE INDEX documents_patient_idx ON documents (clinic_npi, patient_id)`.execute(db);
  await sql`CREATE INDEX documents_assigned_idx ON documents (assigned_to) ${live}`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX documents_search_idx ON documents USING gin (search_text gin_trgm_ops)`.execute(db);
  // Finer statistics let the planner tell a rare name (use the trigram index) from a common one (walk the
  // inbox index in order).
  await sql`ALTER TABLE documents ALTER COLUMN search_text SET STATISTICS 1000`.execute(db);

  await sql`
    CREATE TABLE document_comments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      author_id text,
      "to" text,
      text text NOT NULL,
      status text NOT NULL DEFAULT 'user comment',
      type text NOT NULL DEFAULT 'user',
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      reactions jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX document_comments_document_idx ON document_comments (document_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS document_comments`.execute(db);
  await sql`DROP TABLE IF EXISTS documents`.execute(db);
}
