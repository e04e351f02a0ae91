import { type Kysely, sql } from 'kysely';

// Studies (issue 16): a sleep, wearable cardiac (WCD) or ambulatory blood pressure (ABPM) study ordered for
// a patient, sent to its vendor through a durable outbox, and whose results become an inbox document. Each
// status change is kept in study_status_changes (and the clinic's audit chain); a signed document's
// delivery to the clinic's EMR is tracked in emr_deliveries. vendor_callbacks remembers each vendor
// delivery id, so a redelivered callback changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE studies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      clinic_npi text NOT NULL REFERENCES organizations (npi) ON UPDATE CASCADE ON DELETE CASCADE,
      patient_ref uuid NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
      suite text NOT NULL CONSTRAINT studies_suite_known CHECK (suite IN ('sleep', 'wcd', 'abpm')),
      study_type text CONSTRAINT studies_type_known
        CHECK (study_type IS NULL OR study_type IN ('Holter', 'Ext Holter', 'Event', 'MCT')),
      status text NOT NULL DEFAULT 'new' CONSTRAINT studies_status_known
        CHECK (status IN ('new', 'in-progress', 'ready-for-review', 'reviewed', 'cancelled')),
      ordering_physician_npi text NOT NULL,
      ordering_physician_name text NOT NULL,
      start_date date,
      duration integer NOT NULL,
      notes text NOT NULL DEFAULT '',
      vendor_reference text,
      push_state text NOT NULL DEFAULT 'not-sent' CONSTRAINT studies_push_state_known
        CHECK (push_state IN ('not-sent', 'queued', 'sent', 'failed')),
      push_error text,
      pushed_at timestamptz,
      results jsonb,
      document_id uuid REFERENCES documents (id) ON DELETE SET NULL,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT studies_wcd_has_type CHECK ((suite = 'wcd') = (study_type IS NOT NULL)),
      CONSTRAINT studies_vendor_reference_key UNIQUE (suite, vendor_reference),
      CONSTRAINT studies_document_key UNIQUE (document_id)
    )`.execute(db);
  await sql`CREATE INDEX studies_clinic_suite_idx ON studies (clinic_npi, suite, created_at DESC, id)`.execute(
    db,
  );
  await sql`CREATE INDEX studies_patient_idx ON studies (patient_ref, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE study_status_changes (
      id bigserial PRIMARY KEY,
      study_id uuid NOT NULL REFERENCES studies (id) ON DELETE CASCADE,
      from_status text,
      to_status text NOT NULL,
      source text NOT NULL CONSTRAINT study_status_changes_source_known
        CHECK (source IN ('user', 'vendor', 'signature')),
      actor_id text,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX study_status_changes_study_idx ON study_status_changes (study_id, id)`.execute(db);

  await sql`
    CREATE TABLE sleep_profiles (
      patient_ref uuid PRIMARY KEY REFERENCES patients (id) ON DELETE CASCADE,
      clinic_npi text NOT NULL REFERENCES organizations (npi) ON UPDATE CASCADE ON DELETE CASCADE,
      height_cm real,
      weight_kg real,
      neck_circumference_cm real,
      epworth_score integer,
      notes text NOT NULL DEFAULT '',
      current_study_id uuid REFERENCES studies (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text
    )`.execute(db);

  // The work the portal owes a vendor, written in the transaction that causes it. A worker claims rows
  // (claimed_until lapses if it dies mid-call) and calls the vendor with the row's idempotency key, so a
  // crash between commit and call, or during the call, sends it once at the vendor.
  await sql`
    CREATE TABLE vendor_outbox (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      clinic_npi text NOT NULL,
      subject_id uuid NOT NULL,
      idempotency_key text NOT NULL CONSTRAINT vendor_outbox_idempotency_key_key UNIQUE,
      attempts integer NOT NULL DEFAULT 0,
      available_at timestamptz NOT NULL DEFAULT now(),
      claimed_until timestamptz,
      done_at timestamptz,
      failed_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX vendor_outbox_pending_idx ON vendor_outbox (available_at, id)
    WHERE done_at IS NULL AND failed_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE emr_deliveries (
      document_id uuid PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
      clinic_npi text NOT NULL,
      state text NOT NULL CONSTRAINT emr_deliveries_state_known CHECK (state IN ('queued', 'delivered', 'failed')),
      emr_id text,
      reason text,
      attempts integer NOT NULL DEFAULT 0,
      page_count integer,
      signed_sha256 text,
      -- The PDF an attempt sends, kept so a retry of the same work sends the same bytes under its key.
      pdf_sha256 text,
      pdf_work_key text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE vendor_callbacks (
      vendor text NOT NULL,
      delivery_id text NOT NULL,
      study_id uuid,
      document_id uuid,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (vendor, delivery_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS vendor_callbacks`.execute(db);
  await sql`DROP TABLE IF EXISTS emr_deliveries`.execute(db);
  await sql`DROP TABLE IF EXISTS vendor_outbox`.execute(db);
  await sql`DROP TABLE IF EXISTS sleep_profiles`.execute(db);
  await sql`DROP TABLE IF EXISTS study_status_changes`.execute(db);
  await sql`DROP TABLE IF EXISTS studies`.execute(db);
}
