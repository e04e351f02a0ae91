/**
 * Load benchmark (issue 18 §3): the real server process under 50 and 200 concurrent connections over HTTP,
 * on a PostgreSQL server holding 10,000,000 documents over 5,000 clinics.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/load.ts
 *
 * Data (database `portal_bench_load`, kept for re-runs; BENCH_REBUILD=1 loads it again; BENCH_DOCUMENTS
 * sets another size): the largest clinic holds a tenth of the documents (70 % unsigned), linked to 50,000
 * patients (one in ten with AF and no anticoagulant, so the inbox's AF-without-OAC check has work); a
 * signing clinic holds 30,000 unsigned documents whose PDF is a real 5-page demo report (one blob, shared
 * by content hash); the other 4,998 clinics share the rest; 2,000 documents of the largest clinic have 5
 * comments each. Loading 10,000,000 rows with every index and the metrics rollup trigger in place would
 * take hours on the 2-core machine, so the loader:
 *   - drops the documents table's secondary indexes (their definitions read from pg_indexes) and builds
 *     them again after the load;
 *   - disables the rollup trigger (`ALTER TABLE documents DISABLE TRIGGER documents_metrics_rollup`) during
 *     the bulk insert, fills the rollup tables with the backfill statements migration 0021-metrics-rollups
 *     runs (copied below), and enables the trigger again: the counts are what the trigger would have
 *     written, already folded.
 * Then VACUUM (ANALYZE), as autovacuum would leave the table: statistics, and the visibility map that lets
 * the inbox count from its index alone (migration 0022). 10,000,000 documents loaded in 759 s.
 *
 * Measured: the bench process (autocannon's programmatic API; the load generator) drives the server process
 * (`node --import tsx apps/server/src/server.ts`, DATABASE_URL on that database) for BENCH_DURATION seconds
 * (10) per scenario and connection count, every connection with the provider's real bearer:
 *   - the To do list's first page (50 documents) in the largest clinic, without Accept-Encoding and as a
 *     browser asks (`gzip, deflate, br, zstd`: answers over 1 KiB compressed on the fly);
 *   - the same list's page 100 (keyset cursor, reached through the `next` links);
 *   - a document with its comments (two requests: the document, then its comments);
 *   - `GET /api/users/me`;
 *   - signing (`PATCH /api/reports/:id/sign`, a different unsigned document each time: stamp, store, audit).
 * For each: requests/s, latency p50/p95/p99 (every response's time, from autocannon's response events), the
 * server's peak RSS (/proc/<pid>/status VmRSS, sampled every 200 ms) and CPU share, and the load
 * generator's own CPU share (process.cpuUsage of this process). Then the server time of the first page and
 * page 100 without network or concurrency: 200 requests each through app.inject in this process on the
 * same database, after the server process has stopped. BENCH_ENGINE=pglite runs the same scenarios on an
 * embedded PGlite server process with a smaller data set (BENCH_DOCUMENTS, 100,000 by default), to report
 * PGlite's memory apart.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { computeNpiCheckDigit } from '@portal/domain';
import autocannon, { type RequestSpec } from 'autocannon';
import { type Kysely, sql } from 'kysely';
import { type DatabaseHandle, openPostgres } from '../apps/server/src/db/client';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { backfillMetricsRollups } from '../apps/server/src/db/migrations/0021-metrics-rollups';
import { openPgliteDirectory } from '../apps/server/src/db/pglite-client';
import { seedDemoData } from '../apps/server/src/db/seed-demo-data';
import type { Db } from '../apps/server/src/db/transaction';
import { deriveAuditKeyring, useAuditKeyring } from '../apps/server/src/modules/audit/audit-keyring';
import { generateDemoReportPdf } from '../apps/server/src/modules/documents/pdf/generate-demo-report';
import { buildDemoReportInput } from '../apps/server/src/modules/documents/pdf/test-support/sample-pdfs';
import { createFileStorage } from '../apps/server/src/modules/documents/storage/file-storage';
import { setUserRoles } from '../apps/server/src/test-support/fixtures';
import {
  findFreePort,
  type ServerProcess,
  startServerProcess,
  waitUntilHealthy,
} from '../apps/server/src/test-support/server-process';
import { httpTransport, signIn, signInWith } from '../apps/server/src/test-support/sign-in';
import { percentile, runOnServer, startBenchApp, timeGets } from './support';

const engine = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE_NAME ?? 'portal_bench_load';
const PASSWORD = 'Bench-Password-2026';
// A fixed audit key: the bench database outlives each run.
const BENCH_AUDIT_KEY = 'bench-audit-key-0123456789abcdef0123456789';
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? (engine === 'pglite' ? 100_000 : 10_000_000));
const CLINICS = engine === 'pglite' ? 50 : 5_000;
const LARGEST = Math.round(DOCUMENTS / 10);
const SIGNABLE = Math.min(30_000, Math.round(DOCUMENTS / 20));
const PATIENTS = Math.min(50_000, LARGEST);
const WITH_COMMENTS = 2_000;
const CHUNK = 500_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
const ONLY = process.env.BENCH_ONLY?.split(',');
// The data directory (blobs, audit seal log; PGlite's files for BENCH_ENGINE=pglite) lives as long as the database.
const DATA_DIR = path.join(os.tmpdir(), engine === 'pglite' ? 'portal-bench-load-pglite' : DATABASE);
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const admin = (statement: string) => runOnServer(serverUrl, statement);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

function npiFor(index: number): string {
  const base = String(300000000 + index).slice(0, 9);
  return `${base}${computeNpiCheckDigit(base)}`;
}
const LARGEST_NPI = npiFor(0);
const SIGNING_NPI = npiFor(1);
/** Patient k of the largest clinic has a fixed id, so documents can point at it without a join. */
const patientUuid = (k: string) =>
  sql`('00000000-0000-4000-8000-' || lpad(to_hex(${sql.raw(k)}), 12, '0'))::uuid`;

async function loadDocuments(db: Db, pdfSha256: string) {
  const started = performance.now();
  useAuditKeyring(deriveAuditKeyring(BENCH_AUDIT_KEY));
  await seedDemoData(db, { password: PASSWORD });
  log(`Loading ${CLINICS.toLocaleString('en')} clinics, ${PATIENTS.toLocaleString('en')} patients…`);
  for (let start = 0; start < CLINICS; start += 1000) {
    await db
      .insertInto('organizations')
      .values(
        Array.from({ length: Math.min(1000, CLINICS - start) }, (_unused, offset) => ({
          npi: npiFor(start + offset),
          code: `L${start + offset}`,
          name: `Load Clinic ${start + offset}`,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  await sql`CREATE TABLE bench_clinic_index (idx integer PRIMARY KEY, npi text NOT NULL)`.execute(db);
  await sql`INSERT INTO bench_clinic_index SELECT substring(code FROM 2)::integer, npi FROM organizations
    WHERE code ~ '^L[0-9]+$'`.execute(db);
  // One in ten with an AF history and no anticoagulant: flagged "AF without OAC" beside their documents.
  await sql`
    INSERT INTO patients (id, clinic_npi, patient_id, first_name, last_name, dob, oac_status, medical_info, updated_by)
    SELECT ${patientUuid('k')}, ${LARGEST_NPI}, 'P' || k, 'Load', 'Patient ' || k, date '1950-01-01' + (k % 10000),
           CASE WHEN k % 10 = 0 THEN 'not-on-oac' ELSE 'on-oac' END,
           jsonb_build_object('hasAfibHistory', k % 10 = 0), 'bench'
    FROM generate_series(0, ${PATIENTS - 1}) AS k`.execute(db);

  // Secondary indexes are built once after the load, and the rollup trigger is replaced by the migration's
  // backfill (see the header).
  const indexes = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE schemaname = 'public' AND tablename = 'documents' AND indexname <> 'documents_pkey'`.execute(db);
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  await sql`ALTER TABLE documents DISABLE TRIGGER documents_metrics_rollup`.execute(db);

  log(`Loading ${DOCUMENTS.toLocaleString('en')} documents in chunks of ${CHUNK.toLocaleString('en')}…`);
  for (let from = 1; from <= DOCUMENTS; from += CHUNK) {
    const to = Math.min(DOCUMENTS, from + CHUNK - 1);
    const chunkStarted = performance.now();
    // g ≤ LARGEST: the largest clinic; then SIGNABLE unsigned documents in the signing clinic, with a real
    // PDF; the rest spread over the other clinics.
    await sql`
      INSERT INTO documents (clinic_npi, type, service_line, status, alert, dos, dos_key, patient_id, patient_ref,
                             patient_first_name, patient_last_name, assigned_to, is_pinned, original_sha256,
                             device_detail, created_at)
      SELECT c.npi,
             (ARRAY['implicity-90-day-remote-report','crm-alert','holter-study','rpm-report','sleep-study'])[1 + g % 5],
             (ARRAY['crm','crm','wcd','rpm','sleep'])[1 + g % 5],
             CASE WHEN s.signable OR g % 10 < 7 THEN 'unsigned' WHEN g % 10 < 9 THEN 'signed' ELSE 'acknowledged' END,
             CASE WHEN g % 5 = 1 THEN (ARRAY['high','medium','low'])[1 + g % 3] END,
             now() - (g % 1000) * interval '1 hour',
             -(extract(epoch from now() - (g % 1000) * interval '1 hour') * 1000)::bigint,
             'P' || (g % 50000),
             CASE WHEN g <= ${LARGEST} THEN ${patientUuid(`(g % ${PATIENTS})`)} END,
             (ARRAY['Ada','Bruno','Carmen','Dmitri','Elena','Farid','Grace','Hiro','Ines','Jonas','Kaia','Luis','Maya',
                    'Nikolai','Olu','Petra','Quinn','Rosa','Sven','Talia','Umar','Vera','Wes','Yusuf','Zoe'])[1 + g % 25],
             initcap((ARRAY['ab','bren','cas','du','er','fisch','gal','had','iv','jen','kow','lind','mor','nak','ok',
                             'pet','quin','ros','schm','tan','ue','var','whit','zol','bar','cor','del','fon','gar','hol'])[1 + (g / 25) % 30]
                     || (ARRAY['bott','nan','tillo','mont','iksen','er','agher','dad','anova','sen','alski','qvist','eno',
                               'amura','onkwo','rov','tero','si','idt','aka','da','ga','field','cz','ton','ley','man','wick','berg','stein'])[1 + (g / 750) % 30]),
             CASE WHEN s.signable THEN 'auth0|demo-provider' WHEN g % 5 = 0 THEN NULL ELSE 'auth0|demo-provider' END,
             NOT s.signable AND g % 500 = 0,
             CASE WHEN s.signable THEN ${pdfSha256} ELSE repeat('0', 64) END,
             jsonb_build_object('serialNumber', 'SN' || g),
             now() - (g % 1000) * interval '1 hour'
      FROM generate_series(${from}::integer, ${to}::integer) AS g
      CROSS JOIN LATERAL (SELECT g > ${LARGEST} AND g <= ${LARGEST + SIGNABLE} AS signable) s
      JOIN bench_clinic_index c
        ON c.idx = CASE WHEN g <= ${LARGEST} THEN 0 WHEN s.signable THEN 1 ELSE 2 + g % ${CLINICS - 2} END`.execute(
      db,
    );
    log(`  documents ${from.toLocaleString('en')}–${to.toLocaleString('en')} in ${seconds(chunkStarted)}`);
  }

  log(`Building ${indexes.rows.length} indexes…`);
  if (engine === 'postgres') await sql`SET maintenance_work_mem = '1GB'`.execute(db);
  for (const index of indexes.rows) {
    const indexStarted = performance.now();
    await sql.raw(index.definition).execute(db);
    log(`  ${index.name} in ${seconds(indexStarted)}`);
  }
  await fillMetricsRollups(db);
  await sql`ALTER TABLE documents ENABLE TRIGGER documents_metrics_rollup`.execute(db);

  await sql`
    INSERT INTO document_comments (document_id, author_id, text, created_at)
    SELECT d.id, 'auth0|demo-provider', 'Bench comment ' || k || ' on this report.', now() - k * interval '1 minute'
    FROM (SELECT id FROM documents WHERE clinic_npi = ${LARGEST_NPI} ORDER BY id LIMIT ${WITH_COMMENTS}) d
    CROSS JOIN generate_series(1, 5) AS k`.execute(db);
  // As autovacuum leaves a table between bursts of writes: statistics, and the visibility map that lets
  // the inbox count from its index alone.
  const analyzeStarted = performance.now();
  await sql`VACUUM (ANALYZE) documents`.execute(db);
  await sql`ANALYZE`.execute(db);
  log(`VACUUM and ANALYZE in ${seconds(analyzeStarted)}`);
  log(`Loaded in ${seconds(started)}`);
}

/** The rollup tables emptied and filled as migration 0021-metrics-rollups fills them. */
async function fillMetricsRollups(db: Db) {
  const started = performance.now();
  for (const table of [
    'document_daily_counts',
    'document_review_times',
    'document_open_counts',
    'clinic_open_counts',
  ])
    await sql`DELETE FROM ${sql.table(table)}`.execute(db);
  await backfillMetricsRollups(db as unknown as Kysely<unknown>);
  log(`Metrics rollups filled in ${seconds(started)}`);
}

/** The demo report every signable document points at, in the data directory's blob store. */
async function storeSignablePdf(): Promise<string> {
  const storage = createFileStorage(path.join(DATA_DIR, 'blobs'));
  const pdf = await generateDemoReportPdf(buildDemoReportInput({ seed: 7 }));
  return (await storage.put(pdf)).sha256;
}

/** Opens (and, the first time or with BENCH_REBUILD, loads) the benchmark's database. */
async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; databaseUrl?: string }> {
  if (engine === 'pglite') {
    const fresh = !fs.existsSync(path.join(DATA_DIR, 'loaded')) || Boolean(process.env.BENCH_REBUILD);
    if (fresh) fs.rmSync(DATA_DIR, { recursive: true, force: true });
    fs.mkdirSync(DATA_DIR, { recursive: true });
    const handle = await openPgliteDirectory(DATA_DIR);
    if (fresh) {
      await migrateToLatest(handle.db);
      await loadDocuments(handle.db, await storeSignablePdf());
      fs.writeFileSync(path.join(DATA_DIR, 'loaded'), new Date().toISOString());
    }
    return { handle };
  }
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const exists = (await admin(`SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`)).rowCount;
  if (!exists || process.env.BENCH_REBUILD) {
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${DATABASE}`);
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
    fs.mkdirSync(DATA_DIR, { recursive: true });
    const handle = openPostgres(url.toString());
    await migrateToLatest(handle.db);
    await loadDocuments(handle.db, await storeSignablePdf());
    await handle.close();
  }
  return { handle: openPostgres(url.toString()), databaseUrl: url.toString() };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** The process's user + system CPU time in seconds (from /proc/<pid>/stat); 0 once it has gone. */
function processCpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * The CPU time of the PostgreSQL backends serving the benchmark's database (the server's pool), read
 * from /proc by their pids in pg_stat_activity; undefined where /proc does not show them (another host).
 */
async function databaseBackendsCpu(): Promise<Map<number, number> | undefined> {
  if (engine !== 'postgres') return undefined;
  const backends = await admin(`SELECT pid FROM pg_stat_activity WHERE datname = '${DATABASE}'`);
  const cpu = new Map<number, number>();
  for (const { pid } of backends.rows as { pid: number }[]) cpu.set(pid, processCpuSeconds(pid));
  return [...cpu.keys()].some((pid) => fs.existsSync(`/proc/${pid}`)) ? cpu : undefined;
}

type Scenario = {
  key: string;
  label: string;
  requests: () => RequestSpec[];
  headers?: Record<string, string>;
};

type Row = {
  label: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  serverRssMb: number;
  serverCpu: number;
  /** The database backends' CPU share (PostgreSQL server), when /proc shows them. */
  databaseCpu: number | undefined;
  generatorCpu: number;
  kbPerRequest: number;
};

async function runScenario(
  server: ServerProcess,
  token: string,
  scenario: Scenario,
  connections: number,
  duration: number,
): Promise<Row> {
  const pid = server.child.pid as number;
  let peakRss = rssMb(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
  }, 200);
  const latencies: number[] = [];
  const databaseBefore = await databaseBackendsCpu();
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = processCpuSeconds(pid);
  const started = performance.now();
  const instance = autocannon({
    url: server.url,
    connections,
    duration,
    timeout: 30,
    headers: { authorization: `Bearer ${token}`, ...scenario.headers },
    requests: scenario.requests(),
  });
  instance.on('response', (_client, _statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = processCpuSeconds(pid) - serverCpuBefore;
  clearInterval(sampler);
  const databaseAfter = await databaseBackendsCpu();
  const databaseCpu =
    databaseBefore && databaseAfter
      ? [...databaseAfter].reduce(
          (sum, [backend, seconds]) => sum + seconds - (databaseBefore.get(backend) ?? 0),
          0,
        )
      : undefined;
  const total = result.requests.total;
  return {
    label: scenario.label,
    connections,
    requestsPerSecond: total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    serverRssMb: peakRss,
    serverCpu: serverCpu / wall,
    databaseCpu: databaseCpu === undefined ? undefined : databaseCpu / wall,
    generatorCpu: (cpu.user + cpu.system) / 1e6 / wall,
    kbPerRequest: total > 0 ? result.throughput.total / total / 1024 : 0,
  };
}

async function main() {
  const runStarted = performance.now();
  const loadBefore = os.loadavg();
  const { handle, databaseUrl } = await openBenchDatabase();
  const db = handle.db;
  // The provider signs in the largest clinic and the signing clinic.
  await setUserRoles(db, { email: 'provider@example.org' }, [
    { role: 'provider', clinicNPI: LARGEST_NPI },
    { role: 'provider', clinicNPI: SIGNING_NPI },
  ]);
  // The blob store may be newer than the database (a cleaned temp folder): put the PDF back.
  const signable = await db
    .selectFrom('documents')
    .select(['id', 'originalSha256'])
    .where('clinicNpi', '=', SIGNING_NPI)
    .where('status', '=', 'unsigned')
    .orderBy('id')
    .execute();
  const sha = await storeSignablePdf();
  if (signable.some((row) => row.originalSha256 !== sha)) {
    await db
      .updateTable('documents')
      .set({ originalSha256: sha })
      .where('clinicNpi', '=', SIGNING_NPI)
      .where('status', '=', 'unsigned')
      .execute();
  }
  const withComments = (
    await db
      .selectFrom('documentComments')
      .select('documentId')
      .distinct()
      .orderBy('documentId')
      .limit(WITH_COMMENTS)
      .execute()
  ).map((row) => row.documentId);
  const counted = await sql<{
    n: string;
  }>`SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'documents'`.execute(db);
  log(
    `Documents: about ${Number(counted.rows[0]?.n).toLocaleString('en')}; ${signable.length} unsigned in the signing clinic`,
  );
  await handle.close();

  const port = await findFreePort();
  const server = startServerProcess({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR,
    AUDIT_KEY: BENCH_AUDIT_KEY,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '10000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // V8 flags to compare (memory against throughput) without changing how the portal starts.
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  });
  const rows: Row[] = [];
  let page100Path = '';
  const todoPath = `/api/reports?filter[clinicNpi]=${LARGEST_NPI}&filter[status]=unsigned&page[limit]=50`;
  try {
    await waitUntilHealthy(server, 300_000);
    const pid = server.child.pid as number;
    const idleRss = rssMb(pid);
    const tokens = await signInWith(httpTransport(server.url), server.url, 'provider@example.org', PASSWORD);
    const bearer = tokens.accessToken;
    // Page 100 through the next links, as a user paging on would reach it.
    let next: string | null = todoPath;
    for (let page = 1; page < 100 && next; page++) {
      const response = await fetch(`${server.url}${next}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      next = ((await response.json()) as { links: { next: string | null } }).links.next;
    }
    if (!next) throw new Error('fewer than 100 pages');
    page100Path = next;

    let nextSignable = 0;
    let nextCommented = 0;
    const scenarios: Scenario[] = [
      { key: 'first', label: 'To do, first page (50)', requests: () => [{ path: todoPath }] },
      {
        key: 'first-br',
        label: `To do, first page (50), Accept-Encoding: ${BROWSER_ENCODINGS}`,
        headers: { 'accept-encoding': BROWSER_ENCODINGS },
        requests: () => [{ path: todoPath }],
      },
      { key: 'page100', label: 'To do, page 100 (keyset)', requests: () => [{ path: page100Path }] },
      {
        key: 'document',
        label: 'A document, then its comments (2 requests)',
        requests: () => [
          {
            setupRequest: (request, context) => {
              const id = withComments[nextCommented++ % withComments.length];
              context.id = id;
              return { ...request, path: `/api/reports/${id}` };
            },
          },
          {
            setupRequest: (request, context) => ({
              ...request,
              path: `/api/reports/${context.id as string}/comments`,
            }),
          },
        ],
      },
      { key: 'me', label: 'GET /api/users/me', requests: () => [{ path: '/api/users/me' }] },
      {
        key: 'sign',
        label: 'Signing (PATCH /api/reports/:id/sign)',
        requests: () => [
          {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            // No localTime: the signature is printed in the clinic's zone (issue 31 §1).
            body: JSON.stringify({}),
            setupRequest: (request) => {
              const row = signable[nextSignable++];
              if (!row) throw new Error('no unsigned document left to sign: BENCH_REBUILD=1');
              return { ...request, path: `/api/reports/${row.id}/sign` };
            },
          },
        ],
      },
    ];
    // Warm-up: the JIT, the connection pool, the database's cache.
    for (const key of ['first', 'page100', 'document', 'me'])
      await runScenario(server, bearer, scenarios.find((s) => s.key === key) as Scenario, 50, 3);
    for (const scenario of scenarios) {
      if (ONLY && !ONLY.includes(scenario.key)) continue;
      for (const connections of CONNECTIONS) {
        const row = await runScenario(server, bearer, scenario, connections, DURATION);
        rows.push(row);
        log(
          `${row.label} @ ${connections}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50} p95 ${row.p95} p99 ${row.p99} ms, RSS ${row.serverRssMb.toFixed(0)} MB, server CPU ${(row.serverCpu * 100).toFixed(0)} %, database CPU ${row.databaseCpu === undefined ? '?' : (row.databaseCpu * 100).toFixed(0)} %, generator CPU ${(row.generatorCpu * 100).toFixed(0)} %${row.non2xx || row.errors ? `, non-2xx ${row.non2xx}, errors ${row.errors}` : ''}`,
        );
      }
    }
    log(`Server RSS idle after start: ${idleRss.toFixed(0)} MB; after the runs: ${rssMb(pid).toFixed(0)} MB`);
  } finally {
    const code = await server.stop();
    if (code !== 0 && code !== null) console.log(server.output().slice(-3000));
  }
  const loadAfter = os.loadavg();

  // Server time without network or concurrency: app.inject in this process, the same database.
  const inProcess =
    engine === 'pglite' ? await openPgliteDirectory(DATA_DIR) : openPostgres(databaseUrl as string);
  const benchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-load-inject-'));
  const app = await startBenchApp(inProcess, { dataDir: benchDir, auditKey: BENCH_AUDIT_KEY });
  const provider = await signIn(app, 'provider@example.org', PASSWORD);
  const time = (label: string, url: string, targetMs: number) =>
    timeGets(
      app,
      { label, token: provider.accessToken, url: () => url, targetMs },
      { requests: 300, warmup: 50 },
    );
  const first = await time('Server time: To do, first page (app.inject)', todoPath, 10);
  const page100 = await time('Server time: To do, page 100 (app.inject)', page100Path, 12);
  const ratio = percentile(page100, 50) / percentile(first, 50);
  const ratio95 = percentile(page100, 95) / percentile(first, 95);
  await app.close();
  await inProcess.close();
  fs.rmSync(benchDir, { recursive: true, force: true });

  const f = (n: number, digits = 0) =>
    n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  console.log(
    `\n${engine}, ${DOCUMENTS.toLocaleString('en')} documents; Node ${process.version}; ${os.cpus().length} cores`,
  );
  console.log(
    `load average (1/5/15 min) ${loadBefore.map((n) => n.toFixed(2)).join(' / ')} at the start, ${loadAfter.map((n) => n.toFixed(2)).join(' / ')} at the end\n`,
  );
  console.log(
    '| scenario | connections | req/s | p50 ms | p95 ms | p99 ms | KiB / answer | server peak RSS | server CPU | database CPU | load generator CPU |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.connections} | ${f(row.requestsPerSecond)} | ${f(row.p50)} | ${f(row.p95)} | ${f(row.p99)} | ${f(row.kbPerRequest, 1)} | ${f(row.serverRssMb)} MB | ${f(row.serverCpu * 100)} % | ${row.databaseCpu === undefined ? '–' : `${f(row.databaseCpu * 100)} %`} | ${f(row.generatorCpu * 100)} %${row.non2xx || row.errors ? ` (non-2xx ${row.non2xx}, errors ${row.errors})` : ''} |`,
    );
  }
  console.log(
    `\nServer time (app.inject, 300 after 50 warm-up): first page p50 ${f(percentile(first, 50), 1)} ms, p95 ${f(percentile(first, 95), 1)} ms; page 100 p50 ${f(percentile(page100, 50), 1)} ms, p95 ${f(percentile(page100, 95), 1)} ms; page 100 ÷ page 1: ${ratio.toFixed(2)} (p50), ${ratio95.toFixed(2)} (p95)`,
  );
  log(`Whole run ${seconds(runStarted)}`);
}

if (process.env.BENCH_LOAD_ONLY) {
  const { handle } = await openBenchDatabase();
  await handle.close();
} else {
  await main();
}
