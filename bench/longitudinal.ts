/**
 * Longitudinal view benchmark (issue 14, Performance): one patient with 10 years of 91-day transmissions
 * (40 sessions, every pacemaker measurement the default settings show) plus a daily AF burden for the 10
 * years (3,650 values), among 2,000 other patients with 40 sessions each (about 1.6 million measurements),
 * in a PostgreSQL server. Requests go through the whole HTTP stack (app.inject: bearer check, zod, the two
 * queries, the series built and compared, serialisation) with a real access token.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/longitudinal.ts
 *
 * BENCH_PROFILE=1 adds where the time goes (the operation, its two queries, the serialiser); BENCH_KEEP=1
 * keeps the database for EXPLAIN.
 *
 * It creates a database of its own on that server and drops it at the end. Target: p95 ≤ 30 ms.
 * Figures go to stdout; copy them into bench/RESULTS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_LONGITUDINAL_MEASUREMENTS } from '@portal/domain';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { demoClinicNpi, seedDemoData } from '../apps/server/src/db/seed-demo-data';
import { createFileStorage } from '../apps/server/src/modules/documents/storage/file-storage';
import { signIn } from '../apps/server/src/test-support/sign-in';
import { percentile, runOnServer } from './support';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `portal_bench_longitudinal_${process.pid}`;
const PASSWORD = 'Bench-Password-2026';
const OTHER_PATIENTS = 2000;
const SESSIONS = 40;
const DAILY_DAYS = 3650;
const WARM_UP = 20;
const REQUESTS = 300;

const admin = (statement: string) => runOnServer(serverUrl, statement);

await admin(`DROP DATABASE IF EXISTS ${DATABASE}`);
await admin(`CREATE DATABASE ${DATABASE}`);
const url = new URL(serverUrl);
url.pathname = `/${DATABASE}`;
const handle = openPostgres(url.toString());
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-longitudinal-bench-'));
try {
  const db = handle.db;
  await migrateToLatest(db);
  const config = loadConfig({
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '10000',
  });
  const app = await buildApp({
    config,
    db,
    listen: handle.listen,
    storage: createFileStorage(path.join(dataDir, 'blobs')),
  });
  // After buildApp: it sets the audit key the seeded accounts' audit events are linked with.
  await seedDemoData(db, { password: PASSWORD });
  await app.ready();
  const clinicNpi = demoClinicNpi();
  const keys = DEFAULT_LONGITUDINAL_MEASUREMENTS.PM;
  const numericKeys = keys.filter((key) => key !== 'MDC_IDC_MSMT_BATTERY_STATUS');

  console.log(`Loading ${OTHER_PATIENTS + 1} patients × ${SESSIONS} sessions…`);
  const loadStarted = performance.now();
  await sql`
    INSERT INTO patients (clinic_npi, patient_id, first_name, last_name, dob, device_info, updated_by)
    SELECT ${clinicNpi}, 'LB' || g, 'Bench', 'Patient ' || g, date '1950-01-01' + g,
           ${JSON.stringify({ deviceType: 'PM', manufacturer: 'MDT' })}::jsonb, 'bench'
    FROM generate_series(0, ${OTHER_PATIENTS}) g`.execute(db);
  await sql`
    INSERT INTO device_sessions (clinic_npi, patient_ref, device_type, kind, source, session_date, lead_configuration)
    SELECT p.clinic_npi, p.id, 'PM', 'remote', 'device-import',
           timestamptz '2026-11-01 09:00+00' - (s * 91) * interval '1 day', 'dualLead'
    FROM patients p CROSS JOIN generate_series(0, ${SESSIONS - 1}) s
    WHERE p.patient_id LIKE 'LB%'`.execute(db);
  await sql`
    INSERT INTO device_measurements (session_id, patient_ref, key, measured_at, value_number, source)
    SELECT s.id, s.patient_ref, k.key, s.session_date, round((0.5 + random() * 3)::numeric, 2), 'device-import'
    FROM device_sessions s CROSS JOIN unnest(${sql.val(numericKeys)}::text[]) AS k(key)`.execute(db);
  await sql`
    INSERT INTO device_measurements (session_id, patient_ref, key, measured_at, value_text, source)
    SELECT s.id, s.patient_ref, 'MDC_IDC_MSMT_BATTERY_STATUS', s.session_date, 'MOS', 'device-import'
    FROM device_sessions s`.execute(db);
  // The patient measured: a daily AF burden over the ten years, each day in the session that reported it.
  const patient = await db
    .selectFrom('patients')
    .select('id')
    .where('patientId', '=', 'LB0')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO device_measurements (session_id, patient_ref, key, measured_at, value_number, source)
    SELECT coalesce(
             (SELECT s.id FROM device_sessions s
               WHERE s.patient_ref = ${patient.id} AND s.session_date >= d.day ORDER BY s.session_date LIMIT 1),
             (SELECT s.id FROM device_sessions s
               WHERE s.patient_ref = ${patient.id} ORDER BY s.session_date LIMIT 1)),
           ${patient.id}, 'MDC_IDC_STAT_AT_BURDEN_PERCENT', d.day, round((random() * 4)::numeric, 1), 'device-import'
    FROM (SELECT timestamptz '2026-11-01 00:00+00' - g * interval '1 day' AS day
          FROM generate_series(0, ${DAILY_DAYS - 1}) g) d`.execute(db);
  await sql`ANALYZE`.execute(db);
  const counts = await sql<{ sessions: string; measurements: string; daily: string }>`
    SELECT (SELECT count(*) FROM device_sessions) AS sessions,
           (SELECT count(*) FROM device_measurements) AS measurements,
           (SELECT count(*) FROM device_measurements
             WHERE patient_ref = ${patient.id} AND key = 'MDC_IDC_STAT_AT_BURDEN_PERCENT') AS daily`.execute(
    db,
  );
  console.log(`Loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s:`, counts.rows[0]);

  const provider = await signIn(app, 'provider@example.org', PASSWORD);
  const request = (query = '', encoding?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/reports/clinics/${clinicNpi}/patients/${patient.id}/longitudinal/${query}`,
      headers: {
        authorization: `Bearer ${provider.accessToken}`,
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
    });

  for (const [label, query, encoding] of [
    ['default settings (difference)', '', undefined],
    ['comparisonMode=percentage', '?comparisonMode=percentage', undefined],
    ['default settings, as a browser asks (br)', '', 'br, gzip'],
  ] as const) {
    for (let index = 0; index < WARM_UP; index++) await request(query, encoding);
    const timings: number[] = [];
    let bytes = 0;
    let gzipBytes = 0;
    for (let index = 0; index < REQUESTS; index++) {
      const started = performance.now();
      const response = await request(query, encoding);
      timings.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}: ${response.body}`);
      bytes = response.rawPayload.length;
    }
    const compressed = await request(query, 'gzip');
    gzipBytes = compressed.rawPayload.length;
    timings.sort((a, b) => a - b);
    console.log(
      `${label}: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms, ` +
        `max ${(timings.at(-1) ?? 0).toFixed(1)} ms over ${REQUESTS} requests; answer ${(bytes / 1024).toFixed(0)} KB as sent ` +
        `(${(gzipBytes / 1024).toFixed(0)} KB gzip, ${compressed.headers['content-encoding'] ?? 'identity'})`,
    );
  }
  {
    // For scale: the same stack answering a small JSON (the patient's record).
    const timings: number[] = [];
    for (let index = 0; index < WARM_UP + REQUESTS; index++) {
      const started = performance.now();
      await app.inject({
        method: 'GET',
        url: `/api/patients/clinics/${clinicNpi}/patients/${patient.id}`,
        headers: { authorization: `Bearer ${provider.accessToken}` },
      });
      if (index >= WARM_UP) timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    console.log(
      `for scale, GET the patient's record: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms`,
    );
  }
  if (process.env.BENCH_PROFILE) {
    // Where the time goes: the operation alone (queries and series), then the response schema's serialiser.
    const { getLongitudinalView } = await import(
      '../apps/server/src/modules/device-data/get-longitudinal-view'
    );
    const { longitudinalResponseSchema } = await import('@portal/domain');
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'provider@example.org')
      .executeTakeFirstOrThrow();
    const actor = { id: user.id, user, session: { sid: 'bench' } } as never;
    const stage = async (label: string, run: () => unknown) => {
      const timings: number[] = [];
      for (let index = 0; index < 100; index++) {
        const started = performance.now();
        await run();
        timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      console.log(
        `  ${label}: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms`,
      );
    };
    const target = { clinicNpi, id: patient.id };
    const answer = await getLongitudinalView(db, actor, target, {});
    await stage('operation (queries + series)', () => getLongitudinalView(db, actor, target, {}));
    const repository = await import('../apps/server/src/modules/device-data/device-sessions.repository');
    const sessionIds = answer.data.sessions.map((session) => session.id);
    await stage('  of which the sessions query', () => repository.findPatientSessions(db, patient.id, 'PM'));
    await stage('  of which the values query', () =>
      repository.findSeriesMeasurements(db, patient.id, sessionIds, keys),
    );
    await stage('zod check', () => longitudinalResponseSchema.parse(answer));
    await stage('JSON.stringify', () => JSON.stringify(answer));
  }
  await app.close();
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (process.env.BENCH_KEEP) console.log(`kept database ${DATABASE}`);
  else await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
}
