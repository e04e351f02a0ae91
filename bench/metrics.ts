/**
 * Metrics benchmark (issue 17): 1,000,000 documents over 500 clinics on a PostgreSQL server, a year of
 * arrivals, nine in ten reviewed, with 100,000 monitored patients. The documents are loaded through the
 * rollup trigger (as the portal writes them), then folded once; a few thousand signings afterwards leave
 * unfolded rows, as between two folds. Requests go through the whole HTTP stack (app.inject: bearer check,
 * zod, queries, serialisation) with real access tokens.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/metrics.ts
 *
 * It creates (and afterwards keeps, for re-runs) a database named portal_bench_metrics; BENCH_REBUILD=1
 * loads it again. Figures go to stdout; copy them into bench/RESULTS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { computeNpiCheckDigit } from '@portal/domain';
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/client';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed-demo-data';
import { deriveAuditKeyring, useAuditKeyring } from '../apps/server/src/modules/audit/audit-keyring';
import { maintainMetricsRollups } from '../apps/server/src/modules/metrics/maintain-metrics-rollups';
import { sendDailyReport } from '../apps/server/src/modules/metrics/send-daily-report';
import { signIn } from '../apps/server/src/test-support/sign-in';
import { runOnServer, startBenchApp, timeGets } from './support';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'portal_bench_metrics';
const PASSWORD = 'Bench-Password-2026';
const BENCH_AUDIT_KEY = 'bench-audit-key-0123456789abcdef0123456789';
const REQUESTS = 200;
const CLINICS = 500;
const DOCUMENTS = 1_000_000;
const PATIENTS = 100_000;

const admin = (statement: string) => runOnServer(serverUrl, statement);

function npiFor(index: number): string {
  const base = String(250000000 + index).slice(0, 9);
  return `${base}${computeNpiCheckDigit(base)}`;
}

async function load(url: string) {
  const handle = openPostgres(url);
  const db = handle.db;
  await migrateToLatest(db);
  useAuditKeyring(deriveAuditKeyring(BENCH_AUDIT_KEY));
  await seedDemoData(db, { password: PASSWORD });
  const started = performance.now();
  await db
    .insertInto('organizations')
    .values(
      Array.from({ length: CLINICS }, (_unused, index) => ({
        npi: npiFor(index),
        code: `M${index}`,
        name: `Metrics Clinic ${index}`,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  console.log(`Loading ${DOCUMENTS.toLocaleString('en')} documents through the rollup trigger…`);
  // Arrivals spread over a year; a fifth are alerts (high, medium, low). Nine in ten reviewed (signed, or
  // acknowledged for alerts) between 10 minutes and 10 days after arrival; one in twenty of the rest is
  // trashed. Due times follow the default windows (24 h, 72 h, 168 h, 336 h).
  await sql`
    INSERT INTO documents (clinic_npi, type, service_line, status, alert, dos, dos_key, patient_id,
      patient_first_name, patient_last_name, original_sha256, created_at, due_at, half_due_at, twice_due_at,
      signed_at, signed_by, deleted_at)
    SELECT c.npi, t.type, t.line,
      CASE WHEN r.reviewed THEN (CASE WHEN t.alert IS NOT NULL AND g % 3 = 0 THEN 'acknowledged' ELSE 'signed' END)
        ELSE 'unsigned' END,
      t.alert, r.arrived, -(extract(epoch FROM r.arrived) * 1000)::bigint, 'P' || (g % 50000), 'Bench', 'Patient',
      repeat('0', 64), r.arrived, r.arrived + w.length, r.arrived + w.length / 2, r.arrived + w.length * 2,
      CASE WHEN r.reviewed THEN least(r.arrived + (10 + (g::bigint * 7919) % 14400) * interval '1 minute', now()) END,
      CASE WHEN r.reviewed THEN 'auth0|demo-provider' END,
      CASE WHEN NOT r.reviewed AND g % 20 = 0 THEN r.arrived + interval '1 day' END
    FROM generate_series(1, ${DOCUMENTS}) AS g
    CROSS JOIN LATERAL (
      SELECT (ARRAY['implicity-90-day-remote-report','crm-alert','holter-study','rpm-report','sleep-study'])[1 + g % 5] AS type,
        (ARRAY['crm','crm','wcd','rpm','sleep'])[1 + g % 5] AS line,
        CASE WHEN g % 5 = 1 THEN (ARRAY['high','medium','low'])[1 + (g / 5) % 3] END AS alert
    ) AS t
    CROSS JOIN LATERAL (
      SELECT CASE t.alert WHEN 'high' THEN interval '24 hours' WHEN 'medium' THEN interval '72 hours'
        WHEN 'low' THEN interval '168 hours' ELSE interval '336 hours' END AS length
    ) AS w
    CROSS JOIN LATERAL (
      SELECT now() - ((g::bigint * 104729) % (365 * 24 * 60)) * interval '1 minute' AS arrived, (g / 3) % 10 <> 0 AS reviewed
    ) AS r
    JOIN organizations c ON c.code = 'M' || (g % ${CLINICS})`.execute(db);
  console.log(`  documents in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // Escalation steps for the documents already past them (as the worker would have taken them).
  await sql`
    INSERT INTO document_escalations (document_id, step, clinic_npi, fired_at)
    SELECT id, step, clinic_npi, at FROM documents d
    CROSS JOIN LATERAL (VALUES ('half-time', d.half_due_at), ('due', d.due_at), ('twice-due', d.twice_due_at))
      AS s(step, at)
    WHERE d.status = 'unsigned' AND d.deleted_at IS NULL AND s.at <= now()`.execute(db);
  // Monitored patients, a device each, one remote transmission within the last 200 days.
  await sql`
    INSERT INTO patients (clinic_npi, patient_id, first_name, last_name, dob, device_info, created_at)
    SELECT c.npi, 'MP' || g, 'Bench', 'Patient' || g, date '1950-01-01' + (g % 9000),
      jsonb_build_object('deviceType', (ARRAY['PM','ICD','ILR','RPM','CRT-D'])[1 + g % 5]),
      now() - interval '400 days'
    FROM generate_series(1, ${PATIENTS}) AS g
    JOIN organizations c ON c.code = 'M' || (g % ${CLINICS})`.execute(db);
  await sql`
    INSERT INTO device_sessions (clinic_npi, patient_ref, device_type, kind, source, session_date)
    SELECT p.clinic_npi, p.id, p.device_info ->> 'deviceType', 'remote', 'device-import',
      now() - ((hashtext(p.id::text) & 255) % 200) * interval '1 day'
    FROM patients p WHERE p.patient_id LIKE 'MP%'`.execute(db);
  await maintainMetricsRollups(db);
  await sql`ANALYZE`.execute(db);
  console.log(`Loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await handle.close();
}

async function main() {
  const exists = (await admin(`SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`)).rowCount;
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  if (!exists || process.env.BENCH_REBUILD) {
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${DATABASE}`);
    await load(url.toString());
  }
  const handle = openPostgres(url.toString());
  const db = handle.db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const app = await startBenchApp(handle, {
    dataDir,
    auditKey: BENCH_AUDIT_KEY,
    env: {
      REMINDERS: 'false',
      ESCALATIONS: 'false',
      VENDOR_OUTBOX: 'false',
      DAILY_REPORT: 'false',
      METRICS_COMPACT_MS: '3600000',
    },
  });
  const clinic = npiFor(7);
  await db
    .updateTable('users')
    .set({ roles: JSON.stringify([{ role: 'provider', clinicNPI: clinic }]) })
    .where('email', '=', 'provider@example.org')
    .execute();
  const provider = await signIn(app, 'provider@example.org', PASSWORD);
  const reporting = await signIn(app, 'irhreporting@example.org', PASSWORD);

  // Between two folds: 2,000 signings since the last, each a few unfolded rows.
  await db.transaction().execute(async (tx) => {
    await sql`UPDATE documents SET status = 'signed', signed_at = now(), signed_by = 'auth0|demo-provider'
      WHERE id IN (SELECT id FROM documents WHERE status = 'unsigned' AND deleted_at IS NULL LIMIT 2000)`.execute(
      tx,
    );
  });
  const unfolded = await sql<{ rows: number }>`
    SELECT (SELECT count(*) FROM document_daily_counts WHERE NOT compacted)
      + (SELECT count(*) FROM clinic_open_counts WHERE NOT compacted) AS rows`.execute(db);
  const sizes = await sql<{ name: string; rows: number }>`
    SELECT relname AS name, n_live_tup AS rows FROM pg_stat_user_tables
    WHERE relname IN ('documents', 'document_daily_counts', 'document_review_times', 'document_open_counts',
      'clinic_open_counts', 'patients', 'device_sessions') ORDER BY relname`.execute(db);
  console.log(
    `rows: ${sizes.rows.map((row) => `${row.name} ${row.rows}`).join(', ')}; unfolded rollup rows ${unfolded.rows[0]?.rows}`,
  );
  console.log(
    `load average: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} (${os.cpus().length} CPUs)`,
  );

  const time = (
    label: string,
    token: string,
    url: (index: number) => string,
    targetMs: number,
    requests = REQUESTS,
  ) => timeGets(app, { label, token, url, targetMs }, { requests, warmup: 10 });

  const year = (() => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    return `from=${from}&to=${to}`;
  })();
  await time(
    'clinic-activity, a year by week, one clinic (2,000 documents)',
    provider.accessToken,
    () => `/api/reports/metrics/clinic-activity/${clinic}?${year}&interval=week`,
    50,
  );
  await time(
    'clinic-activity, a year by week, any of 500 clinics',
    reporting.accessToken,
    (index) => `/api/reports/metrics/clinic-activity/${npiFor(index % CLINICS)}?${year}&interval=week`,
    50,
  );
  await time(
    'ticker, one clinic',
    provider.accessToken,
    () => `/api/reports/metrics/ticker?clinicNpi=${clinic}`,
    10,
  );
  await time(
    'ticker, all 500 clinics (provider company)',
    reporting.accessToken,
    () => '/api/reports/metrics/ticker',
    10,
  );
  await time(
    'escalation queue, all clinics, first page',
    reporting.accessToken,
    () => '/api/reports/metrics/alert-escalation?when=all&page=1&size=25',
    50,
  );
  await time(
    'escalation queue, all clinics, overdue high alerts',
    reporting.accessToken,
    () => '/api/reports/metrics/alert-escalation?when=overdue&level=high&page=1&size=25',
    50,
  );
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await sql`DELETE FROM reminder_runs WHERE kind = 'daily-report' AND period = ${yesterday}`.execute(db);
  await sql`DELETE FROM daily_report_snapshots WHERE day = ${yesterday}`.execute(db);
  const runStarted = performance.now();
  await sendDailyReport(db, { day: yesterday, publicUrl: 'http://portal.test' });
  console.log(
    `morning run (snapshot of 500 clinics, report, e-mails): ${(performance.now() - runStarted).toFixed(0)} ms`,
  );
  await time(
    'daily report, 500 clinics, yesterday (recorded)',
    reporting.accessToken,
    () => `/api/reports/admin/daily-report?date=${yesterday}`,
    1000,
    40,
  );
  await time(
    'daily report, 500 clinics, today (overdue figures live)',
    reporting.accessToken,
    () => `/api/reports/admin/daily-report?date=${today}`,
    1000,
    40,
  );
  await time(
    'clinics table, 500 clinics (provider company)',
    reporting.accessToken,
    () => '/api/reports/metrics/clinics',
    200,
    40,
  );

  await app.close();
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
