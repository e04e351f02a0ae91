/**
 * Coversheet benchmark (issue 14, Performance: a longitudinal coversheet generated in ≤ 30 ms). One
 * pacemaker patient with 10 years of 91-day transmissions (40 sessions, every measurement the default
 * settings show) and a daily AF burden for the 10 years (3,650 values), in a PostgreSQL server. Timed:
 * the coversheet generated (its data read and its page drawn: buildCoversheet + drawCoversheet) for a
 * report (default template) and an AF alert (af-alert template, with the 3,650-value burden trend), the
 * drawing alone, and the whole download (GET blob-storage through the HTTP stack, the page put in front of
 * the stored PDF).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/coversheet.ts
 *
 * BENCH_PDF_DIR=/some/dir writes the two coversheets there to look at. It creates a database of its own
 * on that server and drops it at the end. Figures go to stdout; copy them into bench/RESULTS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { demoClinicNpi, seedDemoData } from '../apps/server/src/db/seed-demo-data';
import { loadClinicConfiguration } from '../apps/server/src/modules/clinics/load-clinic-configuration';
import { buildCoversheet } from '../apps/server/src/modules/documents/coversheets/build-coversheet';
import { drawCoversheet } from '../apps/server/src/modules/documents/coversheets/draw-coversheet';
import { findDocumentInScope } from '../apps/server/src/modules/documents/documents.repository';
import { createFileStorage } from '../apps/server/src/modules/documents/storage/file-storage';
import { getSamplePdf } from '../apps/server/src/test-support/fixtures';
import { signIn } from '../apps/server/src/test-support/sign-in';
import { percentile, runOnServer, seedTenYearPacemakerPatient } from './support';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `portal_bench_coversheet_${process.pid}`;
const PASSWORD = 'Bench-Password-2026';
const WARM_UP = 20;
const RUNS = 200;

const admin = (statement: string) => runOnServer(serverUrl, statement);

async function time(label: string, run: () => Promise<unknown>) {
  for (let index = 0; index < WARM_UP; index++) await run();
  const timings: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms, max ${(timings.at(-1) ?? 0).toFixed(1)} ms over ${RUNS}`,
  );
}

await admin(`DROP DATABASE IF EXISTS ${DATABASE}`);
await admin(`CREATE DATABASE ${DATABASE}`);
const url = new URL(serverUrl);
url.pathname = `/${DATABASE}`;
const handle = openPostgres(url.toString());
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-coversheet-bench-'));
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
  const storage = createFileStorage(path.join(dataDir, 'blobs'));
  const app = await buildApp({ config, db, listen: handle.listen, storage });
  await seedDemoData(db, { password: PASSWORD });
  await app.ready();
  const clinicNpi = demoClinicNpi();
  const patientRef = await seedTenYearPacemakerPatient(db, clinicNpi, {
    patientId: 'CB0',
    lastName: 'Coversheet',
  });
  const stored = await storage.put(await getSamplePdf());
  const insertDocument = (type: string, alertType: string | null) =>
    db
      .insertInto('documents')
      .values({
        clinicNpi,
        type,
        serviceLine: 'crm',
        alert: alertType ? 'high' : null,
        alertType,
        dos: new Date('2026-11-01T09:00:00Z'),
        dosKey: -Date.parse('2026-11-01T09:00:00Z'),
        patientId: 'CB0',
        patientRef,
        originalSha256: stored.sha256,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const report = await insertDocument('implicity-90-day-remote-report', null);
  const alert = await insertDocument('crm-alert', 'AF episode');
  const latest = await db
    .selectFrom('deviceSessions')
    .select('id')
    .where('patientRef', '=', patientRef)
    .orderBy('sessionDate', 'desc')
    .executeTakeFirstOrThrow();
  await db.updateTable('deviceSessions').set({ documentId: report.id }).where('id', '=', latest.id).execute();
  await sql`ANALYZE`.execute(db);

  for (const [label, id] of [
    ['report (default template)', report.id],
    ['AF alert (af-alert template, 3,650 daily AF burden values)', alert.id],
  ] as const) {
    const document = await findDocumentInScope(db, 'all', id);
    if (!document) throw new Error('document missing');
    const generate = async () => {
      const configuration = await loadClinicConfiguration(db, clinicNpi);
      const input = await buildCoversheet(db, document, configuration);
      if (!input) throw new Error('no coversheet');
      return (await drawCoversheet(input, new Date())).save();
    };
    const input = await buildCoversheet(db, document, await loadClinicConfiguration(db, clinicNpi));
    if (!input) throw new Error('no coversheet');
    if (process.env.BENCH_PDF_DIR)
      fs.writeFileSync(
        path.join(process.env.BENCH_PDF_DIR, `coversheet-${input.template}.pdf`),
        await generate(),
      );
    await time(`${label}: generated (settings, data, page)`, generate);
    if (process.env.BENCH_PROFILE) {
      await time(`${label}: the clinic's settings read`, () => loadClinicConfiguration(db, clinicNpi));
      const configuration = await loadClinicConfiguration(db, clinicNpi);
      await time(`${label}: the coversheet's data read`, () => buildCoversheet(db, document, configuration));
    }
    await time(`${label}: the page drawn alone`, async () =>
      (await drawCoversheet(input, new Date())).save(),
    );
  }

  const provider = await signIn(app, 'provider@example.org', PASSWORD);
  await time('whole download, GET blob-storage (report)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/reports/blob-storage/${report.id}`,
      headers: { authorization: `Bearer ${provider.accessToken}` },
    });
    if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}`);
  });
  await app.close();
} finally {
  await handle.close();
  await admin(`DROP DATABASE IF EXISTS ${DATABASE}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
