// What the database benchmarks share: a statement on the server's maintenance database (creating and
// dropping a benchmark's own database), the percentile of a sample, and the ten-year pacemaker patient.
import { DEFAULT_LONGITUDINAL_MEASUREMENTS } from '@portal/domain';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/transaction';

/** Runs one statement on the server at `serverUrl` (e.g. CREATE DATABASE) over a connection of its own. */
export async function runOnServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The p-th percentile (nearest rank) of the values, in any order; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The ten-year pacemaker patient's history: transmissions 91 days apart, and the days of AF burden. */
export const TEN_YEAR_SESSIONS = 40;
export const TEN_YEAR_DAILY_DAYS = 3650;

/**
 * One pacemaker patient at the clinic with 10 years of 91-day remote transmissions (the latest on
 * 2026-11-01), each with every measurement the default PM settings show (numbers drawn at random between
 * 0.5 and 3.5 whatever their unit, the battery status 'MOS'), and a daily AF burden for the 10 years
 * (0–4 %, each day in the session that reported it). Resolves with the patient's record id.
 */
export async function seedTenYearPacemakerPatient(
  db: Db,
  clinicNpi: string,
  patient: { patientId: string; lastName: string },
): Promise<string> {
  const numericKeys = DEFAULT_LONGITUDINAL_MEASUREMENTS.PM.filter(
    (key) => key !== 'MDC_IDC_MSMT_BATTERY_STATUS',
  );
  const { id } = await db
    .insertInto('patients')
    .values({
      clinicNpi,
      patientId: patient.patientId,
      firstName: 'Bench',
      lastName: patient.lastName,
      dob: '1950-01-01',
      oacStatus: 'not-on-oac',
      medicalInfo: JSON.stringify({ hasAfibHistory: true }),
      deviceInfo: JSON.stringify({ deviceType: 'PM', manufacturer: 'Medtronic', model: 'Azure XT DR' }),
      updatedBy: 'bench',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO device_sessions (clinic_npi, patient_ref, device_type, kind, source, session_date, lead_configuration)
    SELECT ${clinicNpi}, ${id}, 'PM', 'remote', 'device-import',
           timestamptz '2026-11-01 09:00+00' - (s * 91) * interval '1 day', 'dualLead'
    FROM generate_series(0, ${TEN_YEAR_SESSIONS - 1}) s`.execute(db);
  await sql`
    INSERT INTO device_measurements (session_id, patient_ref, key, measured_at, value_number, source)
    SELECT s.id, s.patient_ref, k.key, s.session_date, round((0.5 + random() * 3)::numeric, 2), 'device-import'
    FROM device_sessions s CROSS JOIN unnest(${sql.val(numericKeys)}::text[]) AS k(key)
    WHERE s.patient_ref = ${id}`.execute(db);
  await sql`
    INSERT INTO device_measurements (session_id, patient_ref, key, measured_at, value_text, source)
    SELECT s.id, s.patient_ref, 'MDC_IDC_MSMT_BATTERY_STATUS', s.session_date, 'MOS', 'device-import'
    FROM device_sessions s
    WHERE s.patient_ref = ${id}`.execute(db);
  await sql`
    INSERT INTO device_measurements (session_id, patient_ref, key, measured_at, value_number, source)
    SELECT (SELECT s.id FROM device_sessions s WHERE s.patient_ref = ${id} AND s.session_date >= d.day
             ORDER BY s.session_date LIMIT 1),
           ${id}, 'MDC_IDC_STAT_ATAF_BURDEN_PERCENT', d.day, round((random() * 4)::numeric, 1), 'device-import'
    FROM (SELECT timestamptz '2026-11-01 00:00+00' - g * interval '1 day' AS day
          FROM generate_series(0, ${TEN_YEAR_DAILY_DAYS - 1}) g) d`.execute(db);
  return id;
}

/** The browser tests' Chromium flags (apps/web/e2e/support/browser.ts): headless, without a sandbox. */
export const BENCH_CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
