/**
 * HL7 import benchmark (issue 14, Performance): one IDCO ORU^R01 imported through the whole HTTP stack
 * (app.inject: bearer check, text body, parse, map, patient lookup, one transaction with the session, its
 * measurements and the audit event), on a PostgreSQL server. The clinic has 20,000 patients with devices,
 * so the patient-id and serial lookups run against a realistic table.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/device-data-hl7.ts
 *
 * It creates its own database (portal_bench_hl7) and drops it at the end. Target: p95 ≤ 20 ms for a
 * message without an embedded PDF; the same with a one-page PDF (checked in a worker, stored, a document
 * created) is printed for information.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/client';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { demoClinicNpi, seedDemoData } from '../apps/server/src/db/seed-demo-data';
import { deriveAuditKeyring, useAuditKeyring } from '../apps/server/src/modules/audit/audit-keyring';
import { loadHl7Fixture } from '../apps/server/src/modules/device-data/test-fixtures/hl7-fixtures';
import { getSamplePdf } from '../apps/server/src/test-support/fixtures';
import { signIn } from '../apps/server/src/test-support/sign-in';
import { percentile, runOnServer, startBenchApp } from './support';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'portal_bench_hl7';
const PASSWORD = 'Bench-Password-2026';
const BENCH_AUDIT_KEY = 'bench-audit-key-0123456789abcdef0123456789';
const REQUESTS = 300;
const WARM_UP = 100;
const PATIENTS = 20_000;

const admin = (statement: string) => runOnServer(serverUrl, statement);

async function main() {
  await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const handle = openPostgres(url.toString());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-hl7-'));
  try {
    const db = handle.db;
    await migrateToLatest(db);
    useAuditKeyring(deriveAuditKeyring(BENCH_AUDIT_KEY));
    await seedDemoData(db, { password: PASSWORD });
    const clinicNpi = demoClinicNpi();
    await sql`
      INSERT INTO patients (clinic_npi, patient_id, first_name, last_name, dob, device_info)
      SELECT ${clinicNpi}, 'BENCH-' || g, 'First' || g, 'Last' || g, date '1940-01-01' + (g % 20000),
             jsonb_build_object('deviceType', 'PM', 'manufacturer', 'MDT', 'serialNumber', 'BSN' || g)
      FROM generate_series(1, ${PATIENTS}) AS g`.execute(db);
    await sql`ANALYZE patients`.execute(db);

    const app = await startBenchApp(handle, { dataDir, auditKey: BENCH_AUDIT_KEY });
    const tech = await signIn(app, 'irhtech@example.org', PASSWORD);
    const pdfBase64 = Buffer.from(await getSamplePdf()).toString('base64');

    const time = async (label: string, message: (index: number) => string, target?: number) => {
      const samples: number[] = [];
      let cpuStart = process.cpuUsage();
      for (let index = 0; index < REQUESTS + WARM_UP; index++) {
        if (index === WARM_UP) cpuStart = process.cpuUsage();
        const payload = message(index);
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/device-data/hl7',
          payload,
          headers: { authorization: `Bearer ${tech.accessToken}`, 'content-type': 'application/hl7-v2' },
        });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200 || !response.body.includes('MSA|AA|'))
          throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        if (index >= WARM_UP) samples.push(elapsed);
      }
      const cpu = process.cpuUsage(cpuStart);
      const cpuPerRequest = (cpu.user + cpu.system) / 1000 / REQUESTS;
      const p95 = percentile(samples, 95);
      const verdict =
        target === undefined ? '' : `(target ≤ ${target} ms) ${p95 <= target ? 'OK' : 'MISSED'}`;
      console.log(
        `${label.padEnd(62)} p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  max ${Math.max(
          ...samples,
        )
          .toFixed(1)
          .padStart(6)} ms  node CPU ${cpuPerRequest.toFixed(1)} ms/request ${verdict}`,
      );
    };

    // The floor: an authenticated request that does no work of its own, through the same stack.
    {
      const samples: number[] = [];
      for (let index = 0; index < REQUESTS + WARM_UP; index++) {
        const started = performance.now();
        await app.inject({
          method: 'GET',
          url: '/api/users/me',
          headers: { authorization: `Bearer ${tech.accessToken}` },
        });
        if (index >= WARM_UP) samples.push(performance.now() - started);
      }
      console.log(
        `${'Reference: GET /api/users/me (authentication only)'.padEnd(62)} p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(samples, 95).toFixed(1).padStart(6)} ms`,
      );
    }
    // Each request a new transmission (a new control id) of one of the clinic's patients, found by patient id.
    let serial = 0;
    const patientNumber = () => 1 + ((serial++ * 7919) % PATIENTS);
    await time(
      'Import one ORU^R01 (dual-chamber PM, 16 values), patient by PID-3',
      () => {
        const number = patientNumber();
        return loadHl7Fixture('pacemaker-dual-chamber', {
          clinicNpi,
          patientId: `BENCH-${number}`,
          serial: `BSN${number}`,
        }).text;
      },
      20,
    );
    await time('Import one ORU^R01 (CRT-D, 21 values), patient by device serial', () => {
      const number = patientNumber();
      return loadHl7Fixture('crt-d', { clinicNpi, patientId: `UNKNOWN-${number}`, serial: `BSN${number}` })
        .text;
    });
    await time(
      'The same message again (acknowledged as already received)',
      () => loadHl7Fixture('ilr', { clinicNpi, controlId: 'REPEATED', patientId: 'BENCH-1' }).text,
    );
    await time('Import one ORU^R01 with its embedded one-page PDF report', () => {
      const number = patientNumber();
      return loadHl7Fixture('pacemaker-dual-chamber', { clinicNpi, patientId: `BENCH-${number}`, pdfBase64 })
        .text;
    });
    const sessions = await db
      .selectFrom('deviceSessions')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    console.log(
      `sessions recorded: ${sessions.count}; load: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    await app.close();
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

await main();
