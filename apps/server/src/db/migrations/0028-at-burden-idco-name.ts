import { type Kysely, sql } from 'kysely';

// Issue 28 §2: the AT/AF burden is stored under its IEEE 11073-10103 name, MDC_IDC_STAT_AT_BURDEN_PERCENT
// (737696), what real IDCO messages send; the portal stored it as MDC_IDC_STAT_ATAF_BURDEN_PERCENT before.
// The stored values take the IDCO name, and so do the longitudinal settings' lists of shown measurements,
// so one key names one series everywhere (trends, thresholds, the rising-burden finder, the coversheet).
// The import still reads the older name as an alias. Running it again changes nothing.
const OLD_KEY = 'MDC_IDC_STAT_ATAF_BURDEN_PERCENT';
const NEW_KEY = 'MDC_IDC_STAT_AT_BURDEN_PERCENT';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE device_measurements SET key = ${NEW_KEY} WHERE key = ${OLD_KEY}`.execute(db);
  // A settings document names the key only as an element of a device type's list of shown measurements
  // (its thresholds are named atafBurden…, never by the key): the quoted key is replaced where it stands.
  // No list can hold both keys: the IDCO name was no measurement key before, so none was ever saved.
  await sql`
    UPDATE longitudinal_settings
    SET settings = replace(settings::text, ${`"${OLD_KEY}"`}, ${`"${NEW_KEY}"`})::jsonb
    WHERE settings::text LIKE ${`%"${OLD_KEY}"%`}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE device_measurements SET key = ${OLD_KEY} WHERE key = ${NEW_KEY}`.execute(db);
  await sql`
    UPDATE longitudinal_settings
    SET settings = replace(settings::text, ${`"${NEW_KEY}"`}, ${`"${OLD_KEY}"`})::jsonb
    WHERE settings::text LIKE ${`%"${NEW_KEY}"%`}`.execute(db);
}
