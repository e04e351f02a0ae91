import { type Kysely, sql } from 'kysely';

// The clinic time zone (issue 28 §2; issue 31 prints signature times in it): a clinic setting holding an
// IANA name, 'America/New_York' unless the clinic sets its own. Device times sent without a zone are read
// in it. This migration's own copy of the default, as a migration carries its data.
const NAME = 'clinicTimeZone';
const TITLE = 'Clinic time zone';
const DESCRIPTION =
  "The clinic's time zone, as an IANA name such as America/Chicago: device times sent without a zone are read in it, and signature times are printed in it.";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO workflow_defaults (name, title, description, enabled, value_type, value)
    VALUES (${NAME}, ${TITLE}, ${DESCRIPTION}, true, 'string', 'America/New_York')
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM workflow_defaults WHERE name = ${NAME}`.execute(db);
}
