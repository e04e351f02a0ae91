// What the database benchmarks share: a statement on the server's maintenance database (creating and
// dropping a benchmark's own database), the percentile of a sample, and the ten-year pacemaker patient.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_LONGITUDINAL_MEASUREMENTS } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { pgliteOptions, wrapPglite } from '../apps/server/src/db/pglite-client';
import { demoClinicNpi, seedDemoData } from '../apps/server/src/db/seed-demo-data';
import type { Db } from '../apps/server/src/db/transaction';
import { createFileStorage } from '../apps/server/src/modules/documents/storage/file-storage';
import { signIn } from '../apps/server/src/test-support/sign-in';

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
           ${id}, 'MDC_IDC_STAT_AT_BURDEN_PERCENT', d.day, round((random() * 4)::numeric, 1), 'device-import'
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

/**
 * The whole application on a benchmark's database, as the server runs it: the real bearer check, zod,
 * queries and serialisation, blobs in `dataDir`, no request logs, sign-in limits out of the way.
 */
export async function startBenchApp(
  handle: DatabaseHandle,
  options: { dataDir: string; auditKey: string; env?: Record<string, string> },
) {
  const config = loadConfig({
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: 'silent',
    DATA_DIR: options.dataDir,
    AUDIT_KEY: options.auditKey,
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '10000',
    ...options.env,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    listen: handle.listen,
    storage: createFileStorage(path.join(options.dataDir, 'blobs')),
  });
  await app.ready();
  return app;
}

/**
 * Times `requests` GETs (after `warmup` untimed ones) through app.inject with a bearer, prints p50 and p95
 * against the target, and answers the samples (ms). A non-200 answer stops the benchmark.
 */
export async function timeGets(
  app: FastifyInstance,
  measure: { label: string; token: string; url: (index: number) => string; targetMs: number },
  options: { requests?: number; warmup?: number } = {},
): Promise<number[]> {
  const requests = options.requests ?? 200;
  const warmup = options.warmup ?? 20;
  const samples: number[] = [];
  for (let index = 0; index < requests + warmup; index++) {
    const started = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: measure.url(index),
      headers: { authorization: `Bearer ${measure.token}` },
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`${measure.label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    if (index >= warmup) samples.push(elapsed);
  }
  const p95 = percentile(samples, 95);
  console.log(
    `${measure.label.padEnd(62)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  (target ≤ ${measure.targetMs} ms) ${p95 <= measure.targetMs ? 'OK' : 'MISSED'}`,
  );
  return samples;
}

/**
 * A portal on a fresh embedded database for an API benchmark: migrated, the demo data seeded (after
 * buildApp, which sets the audit key the seeded accounts' events are linked with), ready, and the demo
 * provider signed in. `close` stops it and removes its data directory.
 */
export async function startEmbeddedBenchPortal(name: string, env: Record<string, string> = {}) {
  const password = 'Bench-Password-2026';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-bench-`));
  const handle = wrapPglite(await PGlite.create(pgliteOptions));
  await migrateToLatest(handle.db);
  const storage = createFileStorage(path.join(dataDir, 'blobs'));
  const config = loadConfig({
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '10000',
    ...env,
  });
  const app = await buildApp({ config, db: handle.db, listen: handle.listen, storage });
  await seedDemoData(handle.db, { password });
  await app.ready();
  const provider = await signIn(app, 'provider@example.org', password);
  return {
    app,
    db: handle.db,
    storage,
    provider,
    clinicNpi: demoClinicNpi(),
    close: async () => {
      await app.close();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One unsigned 90-day remote report of bench patient `index` at the clinic, its PDF already stored. */
export async function insertBenchDocument(
  db: Db,
  document: { clinicNpi: string; index: number; dos: Date; sha256: string; assignedTo: string | null },
): Promise<string> {
  const row = await db
    .insertInto('documents')
    .values({
      clinicNpi: document.clinicNpi,
      type: 'implicity-90-day-remote-report',
      serviceLine: 'crm',
      dos: document.dos,
      dosKey: -document.dos.getTime(),
      patientId: `B${document.index}`,
      patientFirstName: 'Bench',
      patientLastName: `Patient ${document.index}`,
      assignedTo: document.assignedTo,
      originalSha256: document.sha256,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
