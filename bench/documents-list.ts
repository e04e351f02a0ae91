/**
 * Inbox listing benchmark (issue 4): 1,000,000 documents over 500 clinics, the largest with 100,000, in a
 * PostgreSQL server. Requests go through the whole HTTP stack (app.inject: bearer check, zod, query,
 * serialisation) with a real access token.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/documents-list.ts
 *
 * It creates (and afterwards keeps, for re-runs) a database named portal_bench on that server; set
 * BENCH_REBUILD=1 to load it again. Figures go to stdout; copy them into bench/RESULTS.md.
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
import { signIn } from '../apps/server/src/test-support/sign-in';
import { percentile, runOnServer, startBenchApp, timeGets } from './support';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'portal_bench';
const PASSWORD = 'Bench-Password-2026';
// A fixed audit key: the bench database outlives each run's temporary DATA_DIR.
const BENCH_AUDIT_KEY = 'bench-audit-key-0123456789abcdef0123456789';
const REQUESTS = 200;

const admin = (statement: string) => runOnServer(serverUrl, statement);

function npiFor(index: number): string {
  const base = String(200000000 + index).slice(0, 9);
  return `${base}${computeNpiCheckDigit(base)}`;
}

async function load(url: string) {
  const handle = openPostgres(url);
  const db = handle.db;
  await migrateToLatest(db);
  useAuditKeyring(deriveAuditKeyring(BENCH_AUDIT_KEY));
  await seedDemoData(db, { password: PASSWORD });
  console.log('Loading 500 clinics and 1,000,000 documents…');
  const started = performance.now();
  const clinics = Array.from({ length: 500 }, (_unused, index) => ({
    npi: npiFor(index),
    code: `B${index}`,
    name: `Bench Clinic ${index}`,
  }));
  await db
    .insertInto('organizations')
    .values(clinics)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  // The largest clinic (index 0) holds 100,000; the other 499 share 900,000.
  await sql`
    INSERT INTO documents (clinic_npi, type, service_line, status, alert, dos, dos_key, patient_id, patient_first_name,
                           patient_last_name, assigned_to, is_pinned, original_sha256, device_detail)
    SELECT c.npi,
           (ARRAY['implicity-90-day-remote-report','crm-alert','holter-study','rpm-report','sleep-study'])[1 + g % 5],
           (ARRAY['crm','crm','wcd','rpm','sleep'])[1 + g % 5],
           CASE WHEN g % 10 < 7 THEN 'unsigned' WHEN g % 10 < 9 THEN 'signed' ELSE 'acknowledged' END,
           CASE WHEN g % 5 = 1 THEN (ARRAY['high','medium','low'])[1 + g % 3] END,
           now() - (g % 1000) * interval '1 hour',
           -(extract(epoch from now() - (g % 1000) * interval '1 hour') * 1000)::bigint,
           'P' || (g % 50000),
           (ARRAY['Ada','Bruno','Carmen','Dmitri','Elena','Farid','Grace','Hiro','Ines','Jonas','Kaia','Luis','Maya',
                  'Nikolai','Olu','Petra','Quinn','Rosa','Sven','Talia','Umar','Vera','Wes','Yusuf','Zoe'])[1 + g % 25],
           -- 900 surnames from two syllables, so one name matches about 0.1% of documents, as in a real clinic.
           initcap((ARRAY['ab','bren','cas','du','er','fisch','gal','had','iv','jen','kow','lind','mor','nak','ok',
                           'pet','quin','ros','schm','tan','ue','var','whit','zol','bar','cor','del','fon','gar','hol'])[1 + (g / 25) % 30]
                   || (ARRAY['bott','nan','tillo','mont','iksen','er','agher','dad','anova','sen','alski','qvist','eno',
                             'amura','onkwo','rov','tero','si','idt','aka','da','ga','field','cz','ton','ley','man','wick','berg','stein'])[1 + (g / 750) % 30]),
           CASE WHEN g % 5 = 0 THEN NULL ELSE 'auth0|demo-provider' END,
           g % 500 = 0,
           repeat('0', 64),
           jsonb_build_object('serialNumber', 'SN' || g)
    FROM generate_series(1, 1000000) AS g
    JOIN LATERAL (
      SELECT npi FROM organizations WHERE code = CASE WHEN g <= 100000 THEN 'B0' ELSE 'B' || (1 + g % 499) END
    ) c ON true`.execute(db);
  await sql`ANALYZE documents`.execute(db);
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const app = await startBenchApp(handle, { dataDir, auditKey: BENCH_AUDIT_KEY });
  // The provider of the largest clinic, and a provider-company administrator for the all-clinics view.
  const largest = npiFor(0);
  await handle.db
    .updateTable('users')
    .set({ roles: JSON.stringify([{ role: 'provider', clinicNPI: largest }]) })
    .where('email', '=', 'provider@example.org')
    .execute();
  const provider = await signIn(app, 'provider@example.org', PASSWORD);
  const admin_ = await signIn(app, 'sysadmin@example.org', PASSWORD);

  const time = (label: string, token: string, url: (index: number) => string, targetMs: number) =>
    timeGets(app, { label, token, url, targetMs }, { requests: REQUESTS });

  const todo = `/api/reports?filter[clinicNpi]=${largest}&filter[status]=unsigned&page[limit]=50`;
  const page1 = await time(
    'To do, first page, default sort, largest clinic',
    provider.accessToken,
    () => todo,
    20,
  );

  // Walk to page 100 through the next links once, then time that page.
  let next: string | null = todo;
  for (let page = 1; page < 100 && next; page++) {
    const response: { json: () => unknown } = await app.inject({
      method: 'GET',
      url: next,
      headers: { authorization: `Bearer ${provider.accessToken}` },
    });
    next = (response.json() as { links: { next: string | null } }).links.next;
  }
  if (!next) throw new Error('fewer than 100 pages');
  const page100Url = next;
  const page100 = await time(
    'To do, page 100 (keyset), largest clinic',
    provider.accessToken,
    () => page100Url,
    30,
  );
  console.log(
    `page 100 / page 1 (p50): ${(percentile(page100, 50) / percentile(page1, 50)).toFixed(2)} (target ≤ 1.5)`,
  );

  await time(
    'To do, first page, all clinics (provider company)',
    admin_.accessToken,
    () => '/api/reports?filter[status]=unsigned&page[limit]=50',
    50,
  );
  // Surnames (about 100 documents each in the clinic), a first and last name, and a patient id.
  const names = ['brennan', 'castillo', 'grace hadsen', 'ivanova', 'P4711', 'lindqvist', 'maya whitfield'];
  await time(
    'Search by patient name, largest clinic',
    provider.accessToken,
    (index) => `/api/reports?search=${encodeURIComponent(names[index % names.length] ?? '')}&page[limit]=50`,
    50,
  );

  await app.close();
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
