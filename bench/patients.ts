/**
 * Patients benchmark (issue 13): 1,000,000 patients over 500 clinics, the largest with 100,000, in a
 * PostgreSQL server. Requests go through the whole HTTP stack (app.inject: bearer check, zod, queries,
 * serialisation) with a real access token, as a nurse of the largest clinic and of a typical one.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/patients.ts
 *
 * It creates a fresh database bench_patients_<pid> on that server, loads it (~2–3 min), measures, and drops
 * it at the end. BENCH_KEEP=1 keeps it (its name is printed); BENCH_REUSE=<database> measures an
 * already loaded one again (after running the migrations, so a new index migration applies to it).
 * Figures go to stdout; copy them into bench/RESULTS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { computeNpiCheckDigit } from '@portal/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed-demo-data';
import { deriveAuditKeyring, useAuditKeyring } from '../apps/server/src/modules/audit/audit-keyring';
import { setUserRoles } from '../apps/server/src/test-support/fixtures';
import { signIn } from '../apps/server/src/test-support/sign-in';
import { startBenchApp } from './support';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reuse = process.env.BENCH_REUSE;
const DATABASE = reuse ?? `bench_patients_${process.pid}`;
const PASSWORD = 'Bench-Password-2026';
const BENCH_AUDIT_KEY = 'bench-audit-key-0123456789abcdef0123456789';
const REQUESTS = 200;
const WARM_UP = 20;
const PATIENTS = 1_000_000;
const LARGEST = 100_000;

if (!/^[a-z0-9_]+$/.test(DATABASE)) throw new Error(`unexpected database name ${DATABASE}`);

function databaseUrl(name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function npiFor(index: number): string {
  const base = String(300000000 + index).slice(0, 9);
  return `${base}${computeNpiCheckDigit(base)}`;
}

/** Patient n (1…1,000,000): the largest clinic holds n ≤ 100,000; the other 499 share the rest. */
const clinicIndexOf = (n: number) => (n <= LARGEST ? 0 : 1 + (n % 499));
/** Clinic patient ids: eight digits, unique, spread (n × 7919 mod 10⁸ is a bijection). */
const patientIdOf = (n: number) => String((n * 7919) % 100_000_000).padStart(8, '0');
const PATIENT_ID_SQL = `lpad(((g::bigint * 7919) % 100000000)::text, 8, '0')`;

/** The patients whose page is opened: 100 in the largest clinic, 90 in clinic B1 (about 1,800 patients). */
function openedPatientNumbers() {
  const numbers: number[] = [];
  for (let n = 1000; n <= LARGEST; n += 1000) numbers.push(n);
  for (let k = 220; 499 * k <= PATIENTS; k += 20) numbers.push(499 * k);
  return numbers;
}

// Common US surnames (about a quarter of patients, Zipf-like: Smith ~1 %), the rest from 1,600 two-syllable
// names (~0.05 % each), so a prefix such as 'mar' or 'john' matches thousands of a large clinic's patients.
const COMMON_LAST = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark
  Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker
  Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins
  Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly
  Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price
  Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez`.split(/\s+/);
const FIRST =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan
  Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark
  Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian
  Dorothy George Melissa Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia
  Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma
  Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel
  Patrick Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie
  Adam Olivia Henry Joyce Nathan Virginia Douglas Victoria Zachary Kelly Peter Lauren Kyle Christina Walter
  Joan Ethan Evelyn Jeremy Judith Harold Megan Keith Andrea Christian Cheryl Roger Hannah Noah Jacqueline
  Gerald Martha Carl Gloria Terry Teresa Sean Ann Austin Sara Arthur Madison Lawrence Frances Jesse Kathryn
  Dylan Janice Bryan Jean Joe Abigail Jordan Alice Billy Judy Bruce Sophia Albert Grace Willie Denise Gabriel
  Amber Logan Doris Alan Marilyn Juan Danielle Wayne Beverly Roy Isabella Ralph Theresa Randy Diana Eugene
  Natalie Vincent Brittany Russell Charlotte Elijah Marie Louis Kayla Bobby Alexis Philip Lori`.split(/\s+/);
const SYLLABLE_1 =
  `ab bren cas du er fisch gal had iv jen kow lind mor nak ok pet quin ros schm tan ue var whit zol
  bar cor del fon gar hol ash bel crom dan elm fair gold hart ing kel`.split(/\s+/);
const SYLLABLE_2 =
  `bott nan tillo mont iksen er agher dad anova sen alski qvist eno amura onkwo rov tero si idt aka
  da ga field cz ton ley man wick berg stein ford by croft dale ridge wood hurst more ward well`.split(/\s+/);
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(',')}]`;

async function load(url: string) {
  const handle = openPostgres(url);
  await migrateToLatest(handle.db);
  useAuditKeyring(deriveAuditKeyring(BENCH_AUDIT_KEY));
  await seedDemoData(handle.db, { password: PASSWORD });
  await handle.close();

  await withClient(url, async (client) => {
    const step = async (label: string, statement: string, values: unknown[] = []) => {
      const started = performance.now();
      const result = await client.query(statement, values);
      console.log(
        `  ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    };
    console.log('Loading 500 clinics, 1,000,000 patients, their documents and audit events…');
    const started = performance.now();
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '512MB'");
    await client.query('SELECT setseed(0.13)');
    const npis = Array.from({ length: 500 }, (_unused, index) => npiFor(index));
    await step(
      'clinics',
      `INSERT INTO organizations (npi, code, name)
       SELECT npi, 'B' || (i - 1), 'Bench Clinic ' || (i - 1) FROM unnest($1::text[]) WITH ORDINALITY AS c(npi, i)`,
      [npis],
    );
    await step(
      'feature flags',
      `INSERT INTO organization_feature_flags (organization_id, name, enabled)
       SELECT o.id, f.name, true FROM organizations o
       CROSS JOIN (VALUES ('createNewPatients'), ('manufacturerAdvisories')) AS f(name)
       WHERE o.name LIKE 'Bench Clinic %'
       ON CONFLICT (organization_id, name) DO UPDATE SET enabled = true`,
    );
    // Generated columns (device_serial, search_text) and the migrations' indexes are filled as rows go in.
    await step(
      'patients',
      `INSERT INTO patients (clinic_npi, patient_id, fm_id, first_name, middle_name, last_name, dob, gender,
                             device_info, override, synced_at, created_at, updated_at)
       SELECT ($1::text[])[1 + CASE WHEN g <= ${LARGEST} THEN 0 ELSE 1 + g % 499 END],
              ${PATIENT_ID_SQL},
              CASE WHEN r.fm < 0.6 THEN 'FM' || g END,
              r.first_name,
              CASE WHEN r.middle < 0.3 THEN (${sqlArray(FIRST)})[1 + (g * 31) % ${FIRST.length}] END,
              r.last_name,
              date '1925-01-01' + floor(r.age * 27000)::int,
              CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
              CASE WHEN r.device < 0.75 THEN jsonb_build_object(
                'manufacturer', (ARRAY['MDT','BSX','STJ','BIO'])[1 + g % 4],
                'model', (ARRAY['Cobalt XT DR MRI','Accolade MRI','Assurity MRI','Edora 8 DR-T',
                                'Azure XT DR MRI','Resonate EL ICD','Gallant HF','Rivacor 7 VR-T'])[1 + g % 8],
                'modelNumber', (ARRAY['DDPA2D1','L331','PM2272','407145','W1DR01','D433','CDHFA500Q','429519'])[1 + g % 8],
                -- Serials as typed: a twentieth with a dash, which device_serial normalises away.
                'serialNumber', CASE g % 4 WHEN 0 THEN 'RNB' || CASE WHEN g % 20 = 0 THEN '-' ELSE '' END
                                                         || lpad(g::text, 7, '0') || 'S'
                                           WHEN 1 THEN '6' || lpad(g::text, 7, '0')
                                           WHEN 2 THEN '8' || lpad(g::text, 7, '0')
                                           ELSE '9' || lpad(g::text, 7, '0') END,
                'implantDate', to_char(date '2010-01-01' + (g % 5000), 'YYYY-MM-DD'))
              END,
              -- One in a hundred carries a clinic's own spelling of the last name over the synced one.
              CASE WHEN g % 100 = 7 THEN jsonb_build_object('names', jsonb_build_object('lastName', r.last_name || 'e')) END,
              CASE WHEN r.fm < 0.6 THEN now() - (g % 365) * interval '1 day' END,
              now() - (g % 2000) * interval '1 day',
              now() - (g % 400) * interval '1 day'
       FROM generate_series(1, ${PATIENTS}) AS g
       CROSS JOIN LATERAL (
         SELECT random() + g * 0 AS fm, random() + g * 0 AS middle, random() + g * 0 AS age, random() + g * 0 AS device,
                (${sqlArray(FIRST)})[1 + floor(${FIRST.length} * power(random() + g * 0, 1.5))::int] AS first_name,
                CASE WHEN random() + g * 0 < 0.25
                  THEN (${sqlArray(COMMON_LAST)})[1 + floor(${COMMON_LAST.length} * power(random() + g * 0, 1.5))::int]
                  ELSE initcap((${sqlArray(SYLLABLE_1)})[1 + floor(${SYLLABLE_1.length} * random() + g * 0)::int]
                            || (${sqlArray(SYLLABLE_2)})[1 + floor(${SYLLABLE_2.length} * random() + g * 0)::int])
                END AS last_name
       ) AS r`,
      [npis],
    );
    // Documents: one for about 19 % of patients (those whose uuid ends in 0–2), and ten for each opened one.
    const documentColumns = `clinic_npi, type, service_line, status, alert, dos, dos_key, patient_id,
      patient_first_name, patient_last_name, is_pinned, original_sha256, device_detail, patient_ref`;
    const documentValues = (offset: string) => `p.clinic_npi,
      (ARRAY['implicity-90-day-remote-report','crm-alert','holter-study','rpm-report','sleep-study'])[1 + ${offset} % 5],
      (ARRAY['crm','crm','wcd','rpm','sleep'])[1 + ${offset} % 5],
      CASE WHEN ${offset} % 10 < 3 THEN 'unsigned' WHEN ${offset} % 10 < 9 THEN 'signed' ELSE 'acknowledged' END,
      CASE WHEN ${offset} % 5 = 1 THEN (ARRAY['high','medium','low'])[1 + ${offset} % 3] END,
      now() - (${offset} * 40 + 3) * interval '1 day',
      -(extract(epoch from now() - (${offset} * 40 + 3) * interval '1 day') * 1000)::bigint,
      p.patient_id, p.first_name, p.last_name, false, repeat('0', 64),
      jsonb_build_object('serialNumber', p.device_info->>'serialNumber'), p.id`;
    await step(
      'documents (background)',
      `INSERT INTO documents (${documentColumns})
       SELECT ${documentValues('(get_byte(uuid_send(p.id), 15) % 100)')}
       FROM patients p WHERE right(p.id::text, 1) IN ('0', '1', '2')`,
    );
    const opened = openedPatientNumbers();
    await step(
      'documents (opened patients)',
      `INSERT INTO documents (${documentColumns})
       SELECT ${documentValues('k')}
       FROM patients p CROSS JOIN generate_series(0, 9) AS k
       WHERE (p.clinic_npi, p.patient_id) IN (SELECT ($1::text[])[1 + c], id FROM unnest($2::int[], $3::text[]) AS o(c, id))`,
      [npis, opened.map(clinicIndexOf), opened.map(patientIdOf)],
    );
    // Audit events: a 'created' per patient, 'created' and 'signed' per document, three edits per opened patient.
    await step(
      'audit events (patients)',
      `INSERT INTO audit_events (chain, clinic_npi, entity_type, entity_id, event_type, actor_id, after, created_at, hash, link_version)
       SELECT 'clinic:' || clinic_npi, clinic_npi, 'patient', id::text, 'created', 'auth0|demo-nurse',
              jsonb_build_object('patientId', patient_id), created_at, md5(id::text), 2
       FROM patients ORDER BY created_at`,
    );
    await step(
      'audit events (documents)',
      `INSERT INTO audit_events (chain, clinic_npi, entity_type, entity_id, event_type, actor_id, created_at, hash, link_version)
       SELECT 'clinic:' || d.clinic_npi, d.clinic_npi, 'document', d.id::text, e.type, e.actor, d.dos + e.after,
              md5(d.id::text || e.type), 2
       FROM documents d
       CROSS JOIN (VALUES ('created', NULL, interval '1 hour'), ('signed', 'auth0|demo-provider', interval '2 days'))
         AS e(type, actor, after)
       WHERE d.patient_ref IS NOT NULL
       ORDER BY d.dos + e.after`,
    );
    await step(
      'audit events (opened patients)',
      `INSERT INTO audit_events (chain, clinic_npi, entity_type, entity_id, event_type, actor_id, before, after, hash, link_version)
       SELECT 'clinic:' || p.clinic_npi, p.clinic_npi, 'patient', p.id::text, e.type, 'auth0|demo-nurse',
              jsonb_build_object('oacStatus', null), jsonb_build_object('oacStatus', 'on-oac'), md5(p.id::text || e.type), 2
       FROM patients p CROSS JOIN (VALUES ('updated'), ('update_oac'), ('synced')) AS e(type)
       WHERE (p.clinic_npi, p.patient_id) IN (SELECT ($1::text[])[1 + c], id FROM unnest($2::int[], $3::text[]) AS o(c, id))`,
      [npis, opened.map(clinicIndexOf), opened.map(patientIdOf)],
    );
    await step('vacuum analyze', 'VACUUM ANALYZE organizations, patients, documents, audit_events');
    console.log(`Loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  });
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

type Outcome = { label: string; p50: number; p95: number; max: number; target: number; met: boolean };

async function main() {
  const url = databaseUrl(DATABASE);
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}`,
  );
  if (!reuse) {
    await withClient(serverUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${DATABASE}`);
    });
  }
  console.log(`Database ${DATABASE}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  try {
    if (reuse) {
      const handle = openPostgres(url);
      const ran = await migrateToLatest(handle.db);
      await handle.close();
      if (ran.length) {
        console.log(`Migrations run: ${ran.join(', ')}`);
        await withClient(url, (client) => client.query('ANALYZE patients'));
      }
    } else {
      await load(url);
    }
    await measure(url, dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!reuse && !process.env.BENCH_KEEP) {
      await withClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`),
      );
      console.log(`Dropped ${DATABASE}`);
    }
  }
}

async function measure(url: string, dataDir: string) {
  const handle = openPostgres(url);
  const app = await startBenchApp(handle, { dataDir, auditKey: BENCH_AUDIT_KEY });
  try {
    const largest = npiFor(0);
    const typical = npiFor(1);
    // A nurse of the largest clinic and of a typical one: reads patients and documents, creates patients.
    await setUserRoles(handle.db, { email: 'nurse@example.org' }, [
      { role: 'nurse', clinicNPI: largest },
      { role: 'nurse', clinicNPI: typical },
    ]);
    const { accessToken } = await signIn(app, 'nurse@example.org', PASSWORD);
    const headers = { authorization: `Bearer ${accessToken}` };
    const outcomes: Outcome[] = [];

    const request = async (
      method: 'GET' | 'POST',
      requestUrl: string,
      expected: number,
      payload?: object,
    ) => {
      const response = await app.inject({
        method,
        url: requestUrl,
        headers,
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode !== expected)
        throw new Error(`${method} ${requestUrl}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return response;
    };
    /** Prints p50/p95/max; with a target, also whether the p95 meets it. */
    const report = (label: string, samples: number[], target?: number) => {
      const outcome = {
        label,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        max: Math.max(...samples),
        target: target ?? Number.POSITIVE_INFINITY,
        met: target === undefined || percentile(samples, 95) <= target,
      };
      if (target !== undefined) outcomes.push(outcome);
      const verdict = target === undefined ? '' : `  (p95 ≤ ${target}) ${outcome.met ? 'met' : 'NOT MET'}`;
      const figure = (value: number) => value.toFixed(1).padStart(6);
      console.log(
        `${label.padEnd(64)} p50 ${figure(outcome.p50)}  p95 ${figure(outcome.p95)}  max ${figure(outcome.max)} ms${verdict}`,
      );
    };
    /** REQUESTS timed runs of `run(index)` after WARM_UP untimed ones. */
    const time = async (label: string, target: number, run: (index: number) => Promise<unknown>) => {
      const samples: number[] = [];
      for (let index = 0; index < REQUESTS + WARM_UP; index++) {
        const started = performance.now();
        await run(index);
        if (index >= WARM_UP) samples.push(performance.now() - started);
      }
      report(label, samples, target);
      return samples;
    };
    const pick = <T>(values: readonly T[], index: number): T => values[index % values.length] as T;
    const search = (clinic: string, query: Record<string, string>) =>
      `/api/patients/clinics/${clinic}/search?${new URLSearchParams(query).toString()}`;
    const timeSearch = (label: string, clinic: string, queries: readonly Record<string, string>[]) =>
      time(label, 20, (index) => request('GET', search(clinic, pick(queries, index)), 200));

    // What the patient table sends: the free text, 25 rows, its sort with the name as tie-breaker.
    const pageOf = (text: string) => ({
      'filter[search]': text,
      'page[limit]': '25',
      sort: 'lastName,firstName',
    });
    const opened = openedPatientNumbers();
    // 100 patients of the largest clinic with a device, spread by patient id: their ids and serials as stored.
    const sample = await handle.db
      .selectFrom('patients')
      .select(['patientId', 'deviceSerial'])
      .select(sql<string>`device_info->>'serialNumber'`.as('typedSerial'))
      .where('clinicNpi', '=', largest)
      .where('deviceSerial', 'is not', null)
      .orderBy('patientId')
      .limit(100)
      .execute();
    console.log('\nPatient search (GET /api/patients/clinics/:npi/search), target p95 ≤ 20 ms');
    const namePrefixes = [
      'smi',
      'john',
      'garc',
      'mart',
      'nguy',
      'will',
      'anderson',
      'mary smith',
      'rob',
      'kowal',
    ];
    await timeSearch('free text, name prefix, largest clinic', largest, namePrefixes.map(pageOf));
    await timeSearch('free text, name prefix, typical clinic', typical, namePrefixes.map(pageOf));
    await timeSearch(
      'free text, patient id (whole or first 6 digits), largest clinic',
      largest,
      sample.map((patient, index) => pageOf(index % 2 ? patient.patientId : patient.patientId.slice(0, 6))),
    );
    await timeSearch(
      'free text, device serial (whole as typed, or its last 6), largest clinic',
      largest,
      sample.map((patient, index) => pageOf(index % 2 ? patient.typedSerial : patient.typedSerial.slice(-6))),
    );
    await timeSearch(
      'column filters: last name prefix (+ first name), largest clinic',
      largest,
      ['smi', 'john', 'gar', 'mar', 'kowal', 'le'].map((prefix, index) => ({
        'filter[lastName]': prefix,
        ...(index % 3 === 0 ? { 'filter[firstName]': 'j' } : {}),
        'page[limit]': '25',
      })),
    );
    await timeSearch(
      'column filters: patient id prefix / device serial prefix, largest',
      largest,
      sample.map(
        (patient, index): Record<string, string> =>
          index % 2
            ? { 'filter[patientId]': patient.patientId.slice(0, 5) }
            : { 'filter[deviceSerial]': (patient.deviceSerial ?? '').slice(0, -2) },
      ),
    );
    await timeSearch('sorted page 1 (last, first name), largest clinic', largest, [{ 'page[limit]': '25' }]);
    await timeSearch(
      'sorted pages 2–200 (offset up to 4,975), largest clinic',
      largest,
      Array.from({ length: 199 }, (_unused, index) => ({
        'page[limit]': '25',
        'page[offset]': String(25 * (index + 1)),
      })),
    );
    // Every other sort field, both ways, with the table's name tie-breakers.
    const otherSorts = ['lastName', 'firstName', 'dob', 'patientId', 'createdAt', 'updatedAt']
      .flatMap((field) => [field, `-${field}`])
      .filter((sort) => sort !== 'lastName')
      .map((sort) => [sort, ...['lastName', 'firstName'].filter((name) => !sort.endsWith(name))].join(','));
    await timeSearch(
      `sorted by the other ${otherSorts.length} orders, page 1, largest clinic`,
      largest,
      otherSorts.map((sort) => ({ 'page[limit]': '25', sort })),
    );
    await timeSearch('sorted page 1 (last, first name), typical clinic', typical, [{ 'page[limit]': '25' }]);

    // The patient page: its record, timeline, advisories and documents, as the web asks for them.
    const ids = await handle.db
      .selectFrom('patients')
      .select(['id', 'clinicNpi', 'patientId', 'firstName', 'lastName', 'dob', 'deviceSerial'])
      .select((eb) => eb.fn<string>('to_char', [eb.ref('dob'), eb.val('YYYY-MM-DD')]).as('dobText'))
      .where((eb) =>
        eb.or(
          opened.map((n) =>
            eb.and([eb('clinicNpi', '=', npiFor(clinicIndexOf(n))), eb('patientId', '=', patientIdOf(n))]),
          ),
        ),
      )
      .execute();
    if (ids.length !== opened.length)
      throw new Error(`found ${ids.length} of ${opened.length} opened patients`);
    const pageCalls = (patient: { id: string; clinicNpi: string }) => {
      const base = `/api/patients/clinics/${patient.clinicNpi}/patients/${patient.id}`;
      const documents = new URLSearchParams({
        'filter[clinicNpi]': patient.clinicNpi,
        'filter[patientRef]': patient.id,
        'filter[status]': 'any',
        sort: '-dos',
        'page[offset]': '0',
        'page[limit]': '25',
      });
      return [
        base,
        `${base}/events?page[offset]=0&page[limit]=25`,
        `${base}/advisories`,
        `/api/reports?${documents.toString()}`,
      ];
    };
    console.log('\nPatient page (the patient, events, advisories, documents), target p95 ≤ 30 ms');
    const each: number[][] = [[], [], [], []];
    const sequential: number[] = [];
    for (let index = 0; index < REQUESTS + WARM_UP; index++) {
      const calls = pageCalls(pick(ids, index));
      let total = 0;
      for (const [call, callUrl] of calls.entries()) {
        const started = performance.now();
        const response = await request('GET', callUrl, 200);
        const elapsed = performance.now() - started;
        total += elapsed;
        if (index >= WARM_UP) each[call]?.push(elapsed);
        if (index === 0 && call === 3 && (response.json() as { data: unknown[] }).data.length < 10)
          throw new Error('an opened patient should have at least 10 documents');
      }
      if (index >= WARM_UP) sequential.push(total);
    }
    const callNames = [
      'GET the patient',
      'GET its events (25)',
      'GET its advisories',
      'GET its documents (25)',
    ];
    for (const [call, samples] of each.entries()) report(`  ${callNames[call]}`, samples);
    report('the four one after another (sum)', sequential, 30);
    await time('the four at once (as the browser sends them)', 30, (index) =>
      Promise.all(pageCalls(pick(ids, index)).map((callUrl) => request('GET', callUrl, 200))),
    );

    console.log(
      '\nCreate patient, duplicate check (POST answering 409 with the likely duplicates), target p95 ≤ 30 ms',
    );
    const body = (patient: (typeof ids)[number], index: number, bySerial: boolean) => ({
      patientId: `BENCH-NEW-${index}`,
      // A misspelt first name (one letter doubled) with the same last name and dob, or someone else with the serial.
      firstName: bySerial ? 'Someone' : `${patient.firstName.slice(0, 2)}${patient.firstName.slice(1)}`,
      lastName: bySerial ? 'Else' : patient.lastName,
      dob: bySerial ? '1990-01-01' : patient.dobText,
      ...(bySerial && patient.deviceSerial ? { deviceInfo: { serialNumber: patient.deviceSerial } } : {}),
    });
    const withSerial = ids.filter((patient) => patient.deviceSerial);
    await time('same dob and a similar name', 30, (index) =>
      request(
        'POST',
        `/api/patients/clinics/${pick(ids, index).clinicNpi}/patients`,
        409,
        body(pick(ids, index), index, false),
      ),
    );
    await time('the same device serial', 30, (index) =>
      request(
        'POST',
        `/api/patients/clinics/${pick(withSerial, index).clinicNpi}/patients`,
        409,
        body(pick(withSerial, index), index, true),
      ),
    );

    console.log(
      `\nLoad average at the end ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' / ')}`,
    );
    const missed = outcomes.filter((outcome) => !outcome.met);
    console.log(
      missed.length
        ? `Targets NOT MET: ${missed.map((outcome) => outcome.label).join('; ')}`
        : 'All targets met',
    );
  } finally {
    await app.close();
    await handle.close();
  }
}

await main();
