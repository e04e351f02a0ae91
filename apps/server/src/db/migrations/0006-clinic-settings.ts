import { type Kysely, sql } from 'kysely';

// Signature settings per clinic and user ('0' = clinic-wide) and device-check settings per clinic. Prompt
// lists are stored newline-joined, as SPEC §3 says; the API serves them as lists.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE signature_settings (
      clinic_npi text NOT NULL REFERENCES organizations (npi) ON UPDATE CASCADE ON DELETE CASCADE,
      user_id text NOT NULL,
      crm_prompts text NOT NULL,
      wcd_prompts text NOT NULL,
      sleep_prompts text NOT NULL,
      abpm_prompts text NOT NULL,
      rpm_prompts text NOT NULL,
      no_issues_note text NOT NULL,
      quick_sign_note text NOT NULL,
      bulk_sign_note text NOT NULL,
      rpm_select_by_dos boolean NOT NULL,
      bulk_sign_enabled boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text,
      PRIMARY KEY (clinic_npi, user_id)
    )`.execute(db);
  await sql`
    CREATE TABLE device_check_settings (
      clinic_npi text PRIMARY KEY REFERENCES organizations (npi) ON UPDATE CASCADE ON DELETE CASCADE,
      observation_prompts text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS device_check_settings`.execute(db);
  await sql`DROP TABLE IF EXISTS signature_settings`.execute(db);
}
