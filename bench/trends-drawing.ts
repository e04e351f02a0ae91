/**
 * Trends tab drawing (issue 14, Performance: "the Trends tab drawn in ≤ 300 ms after the data arrives").
 * The real server process on a PostgreSQL database of its own, with the demo data and two ten-year
 * pacemaker patients (40 transmissions 91 days apart, every measurement the default PM settings show, a
 * daily AF burden for 3,650 days; bench/support.ts seedTenYearPacemakerPatient):
 *
 * - typical: each measurement's values in its usual range, three flagged at the latest transmission (the
 *   RV threshold 2.4 V critical, the RA impedance 1,100 Ω a warning, the AF burden 6.5 % critical);
 * - flagged: the values as the other device benches seed them (0.5–3.5 whatever the unit), so most
 *   points are flagged and most cards open their value tables (a measurement whose latest value is
 *   flagged shows its table from the start).
 *
 * Debian's Chromium (CHROME_PATH, /usr/bin/chromium, the browser tests' flags) signs in as the demo
 * provider through the login page, then loads the patient's page on the Trends tab, 1440×900. An init
 * script (the app is not changed) wraps window.fetch: the longitudinal answer has arrived when a clone
 * of its body has been read. A MutationObserver notes each change to the charts' canvases (uPlot draws
 * one canvas per chart: one chart per numeric series with values; the battery status is text), and the
 * frame after it is painted (requestAnimationFrame, then a message). The tab is drawn when every chart
 * has its canvas and that frame has been painted; it has settled at the frame after the last canvas
 * change (a chart drawn again later, once its width is known, would show there), and canvases made are
 * counted (a chart built twice). The page is reloaded for each run (the browser's cache as a user has it
 * after the first load): BENCH_RUNS runs (15) after 2 warm-up loads.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/trends-drawing.ts
 *
 * BENCH_PROFILE=1 adds one load per patient under Chromium's sampling profiler: where the time goes.
 * The web app is built when stale (scripts/build-web-if-stale.mjs). The database is dropped at the end.
 * Figures go to stdout as a bench/RESULTS.md section.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findMeasurement, type LongitudinalResponse } from '@portal/domain';
import { sql } from 'kysely';
import { type Browser, chromium, type Page } from 'playwright-core';
import { openPostgres } from '../apps/server/src/db/client';
import { demoClinicNpi } from '../apps/server/src/db/seed-demo-data';
import type { Db } from '../apps/server/src/db/transaction';
import {
  findFreePort,
  startServerProcess,
  waitUntilHealthy,
} from '../apps/server/src/test-support/server-process';
import {
  BENCH_CHROME_ARGS,
  percentile,
  runOnServer,
  seedTenYearPacemakerPatient,
  TEN_YEAR_DAILY_DAYS,
  TEN_YEAR_SESSIONS,
} from './support';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'apps/web/dist');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `portal_bench_trends_drawing_${process.pid}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PROFILE = Boolean(process.env.BENCH_PROFILE);
const WARM_UP = 2;
const DEMO_DOCUMENTS = '50';
const PASSWORD = 'Bench-Demo-Password-2026!';
const PROVIDER = 'provider@example.org';
// After the last canvas change, this long without another before a load counts as settled.
const QUIET_MS = 1000;
const CHROME_ARGS = BENCH_CHROME_ARGS;

/**
 * Runs in the page before its own scripts (plain JavaScript: the benchmark's TypeScript has no DOM
 * types). Only notes times; the measuring is done in Node afterwards, so the page does no extra work
 * (no JSON parsed) between the answer's arrival and the charts.
 */
const INIT_SCRIPT = `(() => {
  const state = { arrivals: [], marks: [], longTasks: [], canvasesCreated: 0 };
  window.__trendsBench = state;
  // How many canvases uPlot makes: a chart built twice (destroyed and built again) shows here.
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (tagName, options) {
    if (String(tagName).toLowerCase() === 'canvas') state.canvasesCreated += 1;
    return createElement.call(this, tagName, options);
  };
  const originalFetch = window.fetch;
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const pending = originalFetch(input, init);
    if (!url.includes('/longitudinal')) return pending;
    const startedAt = performance.now();
    return pending.then((response) => {
      const headersAt = performance.now();
      response
        .clone()
        .arrayBuffer()
        .then((body) => {
          // BENCH_PROFILE: marks the arrival in the CPU profile.
          if (sessionStorage.getItem('trendsBenchProfile')) {
            (function trendsBenchArrived() {
              const end = performance.now() + 10;
              while (performance.now() < end) {}
            })();
          }
          state.arrivals.push({
            startedAt,
            headersAt,
            arrivedAt: performance.now(),
            bytes: body.byteLength,
            status: response.status,
          });
        });
      return response;
    });
  };
  const seen = new WeakSet();
  let lastWithCanvas = 0;
  new MutationObserver(() => {
    const charts = document.querySelectorAll('[data-testid^="chart-"]');
    let withCanvas = 0;
    let fresh = 0;
    for (const chart of charts) {
      const canvas = chart.querySelector('canvas');
      if (!canvas) continue;
      withCanvas += 1;
      if (!seen.has(canvas)) {
        seen.add(canvas);
        fresh += 1;
      }
    }
    if (fresh === 0 && withCanvas === lastWithCanvas) return;
    lastWithCanvas = withCanvas;
    const mark = { at: performance.now(), charts: charts.length, withCanvas, fresh, paintedAt: null };
    state.marks.push(mark);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        mark.paintedAt = performance.now();
      };
      channel.port2.postMessage(null);
    });
  }).observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

type Arrival = {
  startedAt: number;
  headersAt: number;
  arrivedAt: number;
  bytes: number;
  status: number;
};
type Mark = { at: number; charts: number; withCanvas: number; fresh: number; paintedAt: number | null };
type PageState = {
  arrivals: Arrival[];
  marks: Mark[];
  longTasks: { start: number; duration: number }[];
  canvasesCreated: number;
  resources: {
    requestStart: number;
    responseStart: number;
    responseEnd: number;
    transferSize: number;
    encodedBodySize: number;
    decodedBodySize: number;
  }[];
  chartWidths: number[];
};

/** One load's figures, in ms. */
type Run = {
  drawn: number;
  settled: number;
  firstChart: number;
  fromLastByte: number;
  server: number;
  download: number;
  longTasks: number;
  canvasChanges: number;
  canvasesCreated: number;
  transferred: number;
  decoded: number;
  chartWidths: number[];
};

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The typical patient: each measurement in its usual range, and three flagged at the latest session. */
async function makeTypical(db: Db, patientRef: string) {
  await sql`
    UPDATE device_measurements SET value_number = CASE
      WHEN key = 'MDC_IDC_MSMT_BATTERY_VOLTAGE' THEN round((2.95 + random() * 0.1)::numeric, 2)
      WHEN key = 'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY'
        THEN round(150 - extract(epoch FROM measured_at - timestamptz '2017-01-01') / 2629800)
      WHEN key LIKE 'MDC_IDC_MSMT_LEADCHNL_RA_SENSING%' THEN round((2 + random())::numeric, 1)
      WHEN key LIKE '%_SENSING_INTR_AMPL' THEN round((8 + random() * 3)::numeric, 1)
      WHEN key LIKE '%_PACING_THRESHOLD_AMPLITUDE' THEN round((0.5 + random() * 0.5)::numeric, 2)
      WHEN key LIKE '%_PACING_THRESHOLD_PULSEWIDTH' THEN 0.4
      WHEN key LIKE '%_IMPEDANCE_VALUE' THEN round((450 + random() * 200)::numeric)
      WHEN key LIKE '%_PERCENT_PACED' THEN round((random() * 100)::numeric, 1)
      WHEN key = 'MDC_IDC_STAT_AT_BURDEN_PERCENT' THEN round((random() * 0.8)::numeric, 1)
      ELSE floor(random() * 3)
    END
    WHERE patient_ref = ${patientRef} AND value_number IS NOT NULL`.execute(db);
  const flag = (key: string, value: number, since = '2026-11-01 09:00+00') =>
    sql`
    UPDATE device_measurements SET value_number = ${value}
    WHERE patient_ref = ${patientRef} AND key = ${key} AND measured_at >= ${since}::timestamptz`.execute(db);
  await flag('MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE', 2.4);
  await flag('MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE', 1100);
  await flag('MDC_IDC_STAT_AT_BURDEN_PERCENT', 6.5, '2026-10-18 00:00+00');
}

/** The charts the Trends tab draws for an answer: one per numeric series with values (trends-tab.tsx). */
function chartsOf(answer: LongitudinalResponse['data']) {
  const charts = answer.series.filter(
    (series) => findMeasurement(series.key)?.kind !== 'status' && series.values.length > 0,
  );
  const levels = { warning: 0, critical: 0 };
  let latestFlagged = 0;
  for (const series of charts) {
    for (const value of series.values) {
      if (value.flags.some((flag) => flag.level === 'critical')) levels.critical += 1;
      else if (value.flags.length > 0) levels.warning += 1;
    }
    if ((series.values.at(-1)?.flags.length ?? 0) > 0) latestFlagged += 1;
  }
  return {
    count: charts.length,
    points: charts.reduce((sum, series) => sum + series.values.length, 0),
    daily: charts.reduce((sum, series) => sum + (series.daily?.value.length ?? 0), 0),
    levels,
    latestFlagged,
  };
}

/** Waits until the Trends tab of this load has drawn its charts and settled, and returns its figures. */
async function measureLoad(page: Page, expectedCharts: number): Promise<Run> {
  await page.waitForFunction(
    ({ expected, quiet }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's global, set by INIT_SCRIPT
      const state = (globalThis as any).__trendsBench as PageState | undefined;
      const last = state?.marks.at(-1);
      return (
        state !== undefined &&
        state.arrivals.length > 0 &&
        last !== undefined &&
        last.withCanvas === expected &&
        last.paintedAt !== null &&
        performance.now() - last.at > quiet
      );
    },
    { expected: expectedCharts, quiet: QUIET_MS },
    { polling: 100, timeout: 60_000 },
  );
  const state = await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's global and DOM, without DOM types here
    const page = globalThis as any;
    const resources = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/longitudinal'))
      .map((entry) => entry.toJSON());
    const chartWidths = [...page.document.querySelectorAll('[data-testid^="chart-"] canvas')].map(
      // biome-ignore lint/suspicious/noExplicitAny: a canvas
      (canvas: any) => canvas.getBoundingClientRect().width,
    );
    return { ...page.__trendsBench, resources, chartWidths } as PageState;
  });
  const [arrival, ...moreArrivals] = state.arrivals;
  const [resource] = state.resources;
  if (!arrival || moreArrivals.length > 0 || !resource || state.resources.length > 1) {
    throw new Error(
      `Expected one longitudinal answer per load, saw ${state.arrivals.length} (${state.resources.length} resource entries)`,
    );
  }
  if (arrival.status !== 200) throw new Error(`The longitudinal request answered ${arrival.status}`);
  const painted = (mark: Mark | undefined) => {
    if (!mark || mark.paintedAt === null) throw new Error('A chart change without a painted frame');
    if (mark.at < arrival.arrivedAt) throw new Error('A chart was drawn before its data arrived');
    return mark.paintedAt;
  };
  const allDrawn = painted(state.marks.find((mark) => mark.withCanvas === expectedCharts));
  const settled = painted(state.marks.at(-1));
  return {
    drawn: allDrawn - arrival.arrivedAt,
    settled: settled - arrival.arrivedAt,
    firstChart: painted(state.marks.find((mark) => mark.withCanvas > 0)) - arrival.arrivedAt,
    fromLastByte: allDrawn - resource.responseEnd,
    server: resource.responseStart - resource.requestStart,
    download: resource.responseEnd - resource.responseStart,
    longTasks: state.longTasks
      .filter((task) => task.start + task.duration > arrival.arrivedAt && task.start < settled)
      .reduce((sum, task) => sum + task.duration, 0),
    canvasChanges: state.marks.reduce((sum, mark) => sum + mark.fresh, 0),
    canvasesCreated: state.canvasesCreated,
    transferred: resource.transferSize,
    decoded: resource.decodedBodySize,
    chartWidths: state.chartWidths,
  };
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
};

/**
 * BENCH_PROFILE: one more load under Chromium's sampling profiler (started before the reload). The page
 * marks the answer's arrival in the profile (a 10 ms call of a function named for it); the samples from
 * there to every chart drawn are summed by file, the build being minified, and by the profiler's own
 * categories (GC; '(program)' is the browser's native work: style, layout, paint).
 */
async function profileLoad(page: Page, expectedCharts: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await page.evaluate(() => sessionStorage.setItem('trendsBenchProfile', '1'));
  await cdp.send('Profiler.start');
  await page.reload();
  const figures = await measureLoad(page, expectedCharts);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  await page.evaluate(() => sessionStorage.removeItem('trendsBenchProfile'));
  await cdp.detach();

  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const inMarker = (nodeId: number) => {
    for (let id: number | undefined = nodeId; id !== undefined; id = parents.get(id)) {
      if (nodes.get(id)?.callFrame.functionName === 'trendsBenchArrived') return true;
    }
    return false;
  };
  let elapsed = 0;
  const times = profile.timeDeltas.map((delta) => {
    elapsed += delta / 1000;
    return elapsed;
  });
  const arrived = profile.samples.findLastIndex((nodeId) => inMarker(nodeId));
  if (arrived < 0) {
    console.warn('The profile holds no arrival mark: no profile for this patient.');
    return undefined;
  }
  const byFile = new Map<string, number>();
  for (let index = arrived + 1; index < profile.samples.length; index += 1) {
    if ((times[index] ?? 0) - (times[arrived] ?? 0) > figures.drawn) break;
    const frame = nodes.get(profile.samples[index] ?? -1)?.callFrame;
    const file = frame?.url
      ? (frame.url.split('/').at(-1) ?? frame.url).replace(/-[\w-]{8}\.js$/, '.js')
      : frame?.functionName || '(native)';
    byFile.set(file, (byFile.get(file) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  }
  return { drawn: figures.drawn, byFile: [...byFile].sort((a, b) => b[1] - a[1]) };
}

async function signIn(page: Page, pageUrl: string) {
  await page.goto(pageUrl);
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  await page.getByLabel('Email').fill(PROVIDER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/patients/'));
  await page.getByTestId('trends').waitFor();
}

// 1. The build, a database of its own, and the real server on it.
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web-if-stale.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const uptimeAtStart = execFileSync('uptime', { encoding: 'utf8' }).trim();
const loadAtStart = load();

await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${DATABASE}`);
await runOnServer(serverUrl, `CREATE DATABASE ${DATABASE}`);
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${DATABASE}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-trends-drawing-'));
const port = await findFreePort();
const server = startServerProcess({
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl.toString(),
  WEB_DIST_DIR: distDir,
  DEMO_DATA: 'true',
  DEMO_PASSWORD: PASSWORD,
  DEMO_DOCUMENTS,
  REMINDERS: 'false',
  // info: the 'Demo documents ready' line says when the background seeding has finished.
  LOG_LEVEL: 'info',
  LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '10000',
});
const handle = openPostgres(databaseUrl.toString());
let browser: Browser | undefined;
try {
  await waitUntilHealthy(server, 120_000);
  const demoReady = Date.now() + 300_000;
  while (!/Demo documents ready/.test(server.output())) {
    if (Date.now() > demoReady) throw new Error(`No 'Demo documents ready' in 300 s:\n${server.output()}`);
    if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  // 2. The two patients.
  const clinicNpi = demoClinicNpi();
  const typicalRef = await seedTenYearPacemakerPatient(handle.db, clinicNpi, {
    patientId: 'TD0',
    lastName: 'Typical',
  });
  await makeTypical(handle.db, typicalRef);
  const flaggedRef = await seedTenYearPacemakerPatient(handle.db, clinicNpi, {
    patientId: 'TD1',
    lastName: 'Flagged',
  });
  await sql`
    UPDATE device_measurements SET value_number = 2.4
    WHERE patient_ref = ${flaggedRef} AND key = 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE'
      AND measured_at >= timestamptz '2026-11-01 09:00+00'`.execute(handle.db);
  await sql`ANALYZE`.execute(handle.db);

  // 3. Chromium, signed in.
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROME_ARGS,
  });
  const chromeVersion = browser.version();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: INIT_SCRIPT });
  const page = await context.newPage();
  const pageUrl = (patientRef: string) =>
    `${server.url}/patients/${encodeURIComponent(clinicNpi)}/${encodeURIComponent(patientRef)}?tab=trends`;

  // 4. Each patient's Trends tab: 2 warm-up loads, then the runs.
  const scenarios = [
    { name: 'typical', patientRef: typicalRef },
    { name: 'flagged', patientRef: flaggedRef },
  ];
  const results: {
    name: string;
    runs: Run[];
    charts: ReturnType<typeof chartsOf>;
    encoding: string;
    profile: Awaited<ReturnType<typeof profileLoad>> | undefined;
  }[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    const answerPromise = page.waitForResponse((response) => response.url().includes('/longitudinal'));
    if (index === 0) await signIn(page, pageUrl(scenario.patientRef));
    else await page.goto(pageUrl(scenario.patientRef));
    const answer = await answerPromise;
    const charts = chartsOf(((await answer.json()) as LongitudinalResponse).data);
    const encoding = (await answer.headerValue('content-encoding')) ?? 'identity';
    await measureLoad(page, charts.count);
    const runs: Run[] = [];
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      await page.reload();
      const figures = await measureLoad(page, charts.count);
      if (run >= WARM_UP) runs.push(figures);
      console.log(
        `${scenario.name} ${run < WARM_UP ? 'warm-up' : 'run'} ${run + 1}: drawn ${ms(figures.drawn)}, settled ${ms(figures.settled)}, first chart ${ms(figures.firstChart)}, server ${ms(figures.server)}`,
      );
    }
    const profile = PROFILE ? await profileLoad(page, charts.count) : undefined;
    results.push({ name: scenario.name, runs, charts, encoding, profile });
  }
  const loadAtEnd = load();
  const uptimeAtEnd = execFileSync('uptime', { encoding: 'utf8' }).trim();

  // 5. The RESULTS.md section.
  const row = (label: string, pick: (run: Run) => number, bold = false) => {
    const cells = results.flatMap(({ runs }) => {
      const values = runs.map(pick);
      const p95 = ms(percentile(values, 95));
      return [ms(percentile(values, 50)), bold ? `**${p95}**` : p95, ms(Math.max(...values))];
    });
    return `| ${label} | ${cells.join(' | ')} |`;
  };
  const describe = ({ name, runs, charts, encoding }: (typeof results)[number]) => {
    const first = runs[0];
    const widths = [...new Set(first?.chartWidths.map(Math.round))].join(', ');
    const built = runs.map((run) => run.canvasesCreated / charts.count);
    const seen = runs.map((run) => run.canvasChanges / charts.count);
    return `- ${name}: ${charts.count} charts with ${charts.points} session points (flagged: ${charts.levels.warning} warning, ${charts.levels.critical} critical) and ${charts.daily.toLocaleString('en-US')} daily values; ${charts.latestFlagged} charts' latest value flagged (their value tables open from the start). The answer: ${kib(first?.decoded ?? 0)} of JSON, ${kib(first?.transferred ?? 0)} transferred (${encoding}). Canvases per chart and load: ${Math.min(...built)}–${Math.max(...built)} built, ${Math.min(...seen)}–${Math.max(...seen)} seen in the page; the charts ${widths} px wide.`;
  };
  const p95Drawn = Math.max(
    ...results.map(({ runs }) =>
      percentile(
        runs.map((run) => run.drawn),
        95,
      ),
    ),
  );
  const p95Settled = Math.max(
    ...results.map(({ runs }) =>
      percentile(
        runs.map((run) => run.settled),
        95,
      ),
    ),
  );
  const profiles = results
    .filter((result) => result.profile)
    .map(
      ({ name, profile }) =>
        `- ${name} (drawn in ${ms(profile?.drawn ?? 0)} under the profiler): ${profile?.byFile
          .filter(([, time]) => time >= 1)
          .map(([file, time]) => `${file} ${ms(time)}`)
          .join(', ')}.`,
    );
  const command = [
    process.env.BENCH_RUNS ? `BENCH_RUNS=${RUNS}` : '',
    PROFILE ? 'BENCH_PROFILE=1' : '',
    'BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/trends-drawing.ts',
  ]
    .filter(Boolean)
    .join(' ');
  const section = `## Device data: the Trends tab drawn (issue 14)

Command (PostgreSQL 15 server on the same 2-core machine; the script creates its own database and drops it):

\`\`\`sh
${command}
\`\`\`

${new Date().toISOString().slice(0, 10)}, Node ${process.version}, Chromium ${chromeVersion} (headless, the browser tests' flags,
1440×900), ${os.cpus().length} cores; load average (1/5/15 min) ${loadAtStart} at the start and ${loadAtEnd} at the end
(\`uptime\`: "${uptimeAtStart}" / "${uptimeAtEnd}"). The real server process (the built web app, ${DEMO_DOCUMENTS}
demo documents) signed in as ${PROVIDER}; each patient's page opened on the Trends tab and reloaded
${RUNS} times after ${WARM_UP} warm-up loads (the browser's cache as a user has it after the first load).

Data set: two pacemaker patients, each with ${TEN_YEAR_SESSIONS} transmissions 91 days apart (10 years), every measurement the
default PM settings show, and a daily AF burden for ${TEN_YEAR_DAILY_DAYS.toLocaleString('en-US')} days. *typical*: each measurement in its usual
range, the latest RV threshold (2.4 V), RA impedance (1,100 Ω) and the last two weeks' AF burden (6.5 %)
flagged; *flagged*: values at random between 0.5 and 3.5 whatever the unit (as bench/coversheet.ts and
bench/longitudinal.ts seed them), so most points are flagged.

${results.map(describe).join('\n')}

| ms after the answer's body arrived         | typical p50 | p95 | max | flagged p50 | p95 | max |
| ------------------------------------------ | ----------- | --- | --- | ----------- | --- | --- |
${row('**every chart drawn** (canvas in place, next frame painted)', (run) => run.drawn, true)}
${row('settled (the last chart drawn again, next frame painted)', (run) => run.settled)}
${row('the first chart drawn', (run) => run.firstChart)}
${row('every chart drawn, from the last byte on the network', (run) => run.fromLastByte)}
${row('long tasks between arrival and settled (sum)', (run) => run.longTasks)}
${row('the request: server (sent → first byte)', (run) => run.server)}
${row('the request: download (first → last byte)', (run) => run.download)}

- What the figure includes: from the moment the page's code can read the whole longitudinal answer (a
  clone of the fetch response read to its end) to the frame painted after every chart's canvas is in the
  page: the JSON parsed, TanStack Query's update, React rendering the tab (the cards, the open value
  tables, the legend and controls) and committing, each uPlot chart built and drawn with its flag
  markers, and the browser's layout and paint. Not included: loading the app and the Trends tab's code,
  the sign-in check, the request itself (shown apart above).
- Settled: the frame after the last change to the charts' canvases, waited for ${QUIET_MS} ms (a chart built
  again later, say once its container's width is known, would show here). Canvases *built* counts
  \`createElement('canvas')\` calls, *seen* the canvases the page held when the mutation observer ran.
- With ${RUNS} runs the p95 (nearest rank) is the ${RUNS < 20 ? 'worst run' : `${Math.ceil(0.95 * RUNS)}th of ${RUNS}`}.${
    profiles.length
      ? `\n- Where the time goes (BENCH_PROFILE=1: one more load each under the sampling profiler, from the
  answer's arrival, marked by a 10 ms loop that also delays that load, to every chart drawn; by file,
  the build being minified: trends-tab.js holds uPlot and the Trends feature, useSlot.js MUI, react.js
  React DOM; the browser's own calls by name; '(program)' is its native work outside them: style,
  layout, paint):\n${profiles.map((line) => `  ${line}`).join('\n')}`
      : ''
  }
- Goal ≤ 300 ms (p95, every chart drawn): ${p95Drawn <= 300 ? 'met' : '**not met**'} (worst p95 ${ms(p95Drawn)}; settled ${ms(p95Settled)}).`;
  console.log(`\n${section}\n`);
} finally {
  await browser?.close();
  await server.stop();
  await handle.close();
  await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${DATABASE}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
