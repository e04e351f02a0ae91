import { type Kysely, sql } from 'kysely';

// Issue 30 §3: un-signing a document whose signed copy reached the EMR corrects that copy (the EMR's
// DocumentReference set to entered-in-error), and the next signature's copy replaces it (relatesTo replaces).
// The delivery row keeps the correction's state, the corrected DocumentReference and the one the next copy
// replaces; a delivery whose copy was withdrawn (or never made before the un-signing) is 'not-sent' again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE emr_deliveries DROP CONSTRAINT emr_deliveries_state_known,
      ADD CONSTRAINT emr_deliveries_state_known CHECK (state IN ('not-sent', 'queued', 'delivered', 'failed'))
  `.execute(db);
  await sql`
    ALTER TABLE emr_deliveries
      ADD COLUMN correction_state text NOT NULL DEFAULT 'none'
        CHECK (correction_state IN ('none', 'queued', 'entered-in-error', 'failed')),
      ADD COLUMN correction_emr_id text,
      ADD COLUMN correction_reason text,
      ADD COLUMN replaces_emr_id text
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE emr_deliveries
      DROP COLUMN correction_state,
      DROP COLUMN correction_emr_id,
      DROP COLUMN correction_reason,
      DROP COLUMN replaces_emr_id
  `.execute(db);
  await sql`DELETE FROM emr_deliveries WHERE state = 'not-sent'`.execute(db);
  await sql`
    ALTER TABLE emr_deliveries DROP CONSTRAINT emr_deliveries_state_known,
      ADD CONSTRAINT emr_deliveries_state_known CHECK (state IN ('queued', 'delivered', 'failed'))
  `.execute(db);
}
