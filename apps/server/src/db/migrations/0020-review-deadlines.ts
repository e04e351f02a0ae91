import { type Kysely, sql } from 'kysely';

// Review deadlines and escalation (issue 17 §1): each document's due time, computed at ingest from its
// clinic's review window for its alert level; the escalation steps a document has reached, one row each
// so a step fires once whatever the number of instances; internal reviews by provider-company staff; and
// the settings with their built-in defaults (this migration's own copy, as a migration carries its data).

const SETTINGS = [
  [
    'reviewWindowHighHours',
    'Review time for high alerts (hours)',
    'A high alert is due for review this many hours after it arrives; then it is escalated.',
    true,
    'integer',
    '24',
  ],
  [
    'reviewWindowMediumHours',
    'Review time for medium alerts (hours)',
    'A medium alert is due for review this many hours after it arrives.',
    true,
    'integer',
    '72',
  ],
  [
    'reviewWindowLowHours',
    'Review time for low alerts (hours)',
    'A low alert is due for review this many hours after it arrives.',
    true,
    'integer',
    '168',
  ],
  [
    'reviewWindowRoutineHours',
    'Review time for reports (hours)',
    'A routine report (not an alert) is due for review this many hours after it arrives.',
    true,
    'integer',
    '336',
  ],
  [
    'reviewBusinessHours',
    'Count review time in working hours',
    "When on, review times count only the clinic's working hours, written like 'Mon-Fri 08:00-17:00 UTC-05:00'.",
    false,
    'string',
    'Mon-Fri 08:00-17:00 UTC+00:00',
  ],
  [
    'escalationContacts',
    'Escalation e-mail contacts',
    'Who is e-mailed when a document is still not reviewed at twice its review time; separate several addresses with commas.',
    false,
    'string',
    '',
  ],
  [
    'transmissionScheduleCiedDays',
    'Expected pacemaker and ICD transmissions (days)',
    'A pacemaker or ICD is expected to send a remote transmission at least this often.',
    true,
    'integer',
    '91',
  ],
  [
    'transmissionScheduleIlrDays',
    'Expected loop recorder transmissions (days)',
    'A loop recorder is expected to send a remote transmission at least this often.',
    true,
    'integer',
    '31',
  ],
  [
    'transmissionScheduleRpmDays',
    'Expected RPM readings (days)',
    'A remote patient monitoring device is expected to send readings at least this often.',
    true,
    'integer',
    '1',
  ],
  [
    'transmissionGraceDays',
    'Grace before a transmission is missed (days)',
    'A patient is overdue this many days after the expected transmission did not arrive.',
    true,
    'integer',
    '7',
  ],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, title, description, enabled, valueType, value] of SETTINGS) {
    await sql`
      INSERT INTO workflow_defaults (name, title, description, enabled, value_type, value)
      VALUES (${name}, ${title}, ${description}, ${enabled}, ${valueType}, ${value})
      ON CONFLICT (name) DO NOTHING`.execute(db);
  }

  // When a document is due, and when its half-time and twice-due escalations fall: computed at ingest, as
  // working hours may make them other than simple multiples of the window.
  await sql`ALTER TABLE documents ADD COLUMN due_at timestamptz,
    ADD COLUMN half_due_at timestamptz, ADD COLUMN twice_due_at timestamptz`.execute(db);
  // Documents already waiting get the built-in windows, counted on the clock from their arrival.
  await sql`
    UPDATE documents AS d SET
      due_at = d.created_at + w.length,
      half_due_at = d.created_at + w.length / 2,
      twice_due_at = d.created_at + w.length * 2
    FROM (
      SELECT id, CASE alert WHEN 'high' THEN interval '24 hours' WHEN 'medium' THEN interval '72 hours'
        WHEN 'low' THEN interval '168 hours' ELSE interval '336 hours' END AS length
      FROM documents
    ) AS w
    WHERE w.id = d.id`.execute(db);
  // The escalation worker and the queue read unreviewed documents by due time.
  await sql`CREATE INDEX documents_unreviewed_due_idx ON documents (due_at)
    WHERE status IN ('unsigned', 'draft') AND deleted_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE document_escalations (
      document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      step text NOT NULL CONSTRAINT document_escalations_step_known
        CHECK (step IN ('half-time', 'due', 'twice-due')),
      clinic_npi text NOT NULL,
      fired_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (document_id, step)
    )`.execute(db);

  await sql`
    CREATE TABLE internal_reviews (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      clinic_npi text NOT NULL,
      reviewer_id text NOT NULL,
      note text NOT NULL,
      reviewed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX internal_reviews_document_idx ON internal_reviews (document_id, reviewed_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS internal_reviews`.execute(db);
  await sql`DROP TABLE IF EXISTS document_escalations`.execute(db);
  await sql`DROP INDEX IF EXISTS documents_unreviewed_due_idx`.execute(db);
  await sql`ALTER TABLE documents DROP COLUMN IF EXISTS due_at, DROP COLUMN IF EXISTS half_due_at,
    DROP COLUMN IF EXISTS twice_due_at`.execute(db);
  for (const [name] of SETTINGS) await sql`DELETE FROM workflow_defaults WHERE name = ${name}`.execute(db);
}
