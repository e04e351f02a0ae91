import { type Kysely, sql } from 'kysely';

// Patient search at scale (issue 13, bench/patients.ts: 1,000,000 patients, the largest clinic 100,000).
// 0013's indexes served the default sort and the duplicate check, but every other search read the whole
// clinic: p95 of 60–90 ms for a name, patient id or serial in the largest clinic. Each index below leads
// with clinic_npi, since a search is always within one clinic, and its expression is written exactly as
// patients.repository.ts writes the condition, or the planner cannot use it.
// - Free text (every word somewhere in search_text): a trigram GIN index, with the clinic as a second GIN
//   key (btree_gin), so the clinic's entries and the words' trigrams are intersected in the index; a
//   trigram index on search_text alone left a bitmap of the whole clinic to AND (110 ms cold).
// - Column filters match from the start: text_pattern_ops indexes serve LIKE 'abc%' whatever the
//   database's collation (a plain index does so only under the C collation). The names are the effective
//   ones (an override wins), lower-cased; the serial index replaces 0013's, since its operator class
//   serves the duplicate check's equality too.
// - Sorts: each sort field leads an index (last name: 0013's name index; dob and patient id: 0013's), so a
//   page is a walk and the tie-breakers an incremental sort instead of sorting the clinic's patients.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  await sql`CREATE INDEX patients_search_text_idx ON patients USING gin (clinic_npi, search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`
    CREATE INDEX patients_last_name_prefix_idx ON patients
      (clinic_npi, lower(coalesce(override->'names'->>'lastName', last_name)) text_pattern_ops)`.execute(db);
  await sql`
    CREATE INDEX patients_first_name_prefix_idx ON patients
      (clinic_npi, lower(coalesce(override->'names'->>'firstName', first_name)) text_pattern_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX patients_patient_id_prefix_idx ON patients (clinic_npi, patient_id text_pattern_ops)`.execute(
    db,
  );
  await sql`DROP INDEX patients_serial_idx`.execute(db);
  await sql`
    CREATE INDEX patients_serial_idx ON patients (clinic_npi, device_serial text_pattern_ops)
      WHERE device_serial IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX patients_first_name_sort_idx ON patients (clinic_npi, lower(first_name), lower(last_name), id)`.execute(
    db,
  );
  await sql`CREATE INDEX patients_created_at_idx ON patients (clinic_npi, created_at)`.execute(db);
  await sql`CREATE INDEX patients_updated_at_idx ON patients (clinic_npi, updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'patients_updated_at_idx',
    'patients_created_at_idx',
    'patients_first_name_sort_idx',
    'patients_patient_id_prefix_idx',
    'patients_first_name_prefix_idx',
    'patients_last_name_prefix_idx',
    'patients_search_text_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS patients_serial_idx`.execute(db);
  await sql`CREATE INDEX patients_serial_idx ON patients (clinic_npi, device_serial) WHERE device_serial IS NOT NULL`.execute(
    db,
  );
}
