/**
 * Web weight and speed (issue 11 §10): the JavaScript the sign-in redirect and the signature inbox
 * download, and Lighthouse's performance score for the inbox, mobile and desktop, cold cache, signed in.
 *
 *   npx tsx bench/web-weight.ts              prints the figures as a bench/RESULTS.md section
 *   npx tsx bench/web-weight.ts --record     also writes that section into bench/RESULTS.md
 *
 * The web app is built when stale (scripts/build-web-if-stale.mjs). A real server process starts on a
 * fresh data directory with the demo data (BENCH_DEMO_DOCUMENTS documents, 2000 like `npm start`).
 * Debian's Chromium (CHROME_PATH, /usr/bin/chromium) runs with the browser tests' flags plus a DevTools
 * port: Playwright signs in as the demo provider through the login page (the app keeps its tokens in
 * localStorage), the HTTP cache is emptied, and Lighthouse connects to the same browser on that port
 * and loads the inbox with its storage reset off, so the run is signed in and the cache cold.
 * BENCH_LIGHTHOUSE_RUNS runs (3) per form factor; the run with the median score is reported.
 *
 * JavaScript weight is given two ways: from the build (Vite's manifest: the entry's static graph for the
 * sign-in redirect, plus the signed-in screens' chunk and its static imports for the inbox; raw, gzip
 * and brotli as the server sends them) and as a browser fetched it (bytes on the wire, brotli).
 * BENCH_WEB_DIST measures another build as it is; BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each full report.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import {
  findFreePort,
  startServerProcess,
  waitUntilHealthy,
} from '../apps/server/src/test-support/server-process';
import { builtFileSizes, computeWebWeight, readManifest, type Sizes } from '../scripts/web-budget.mjs';
import { BENCH_CHROME_ARGS } from './support';

const root = path.resolve(import.meta.dirname, '..');
// BENCH_WEB_DIST: measure another build (e.g. `npx vite build --outDir /tmp/x` in apps/web), as it is.
const distDir = process.env.BENCH_WEB_DIST
  ? path.resolve(process.env.BENCH_WEB_DIST)
  : path.join(root, 'apps/web/dist');
const RECORD = process.argv.includes('--record');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const DEMO_DOCUMENTS = process.env.BENCH_DEMO_DOCUMENTS ?? '2000';
const PASSWORD = 'Bench-Demo-Password-2026!';
const PROVIDER = 'provider@example.org';
const INBOX_PATH = '/signature/dashboard/';
const LIST_API = '/api/reports';
const CHROME_ARGS = BENCH_CHROME_ARGS;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

// 1. The build and what its manifest says.
if (!process.env.BENCH_WEB_DIST) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web-if-stale.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const weight = computeWebWeight(readManifest(distDir), builtFileSizes(distDir));
const loadAtStart = load();

// 2. The real server on a fresh data directory.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-weight-'));
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-weight-chrome-'));
const port = await findFreePort();
const server = startServerProcess({
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  WEB_DIST_DIR: distDir,
  DEMO_DATA: 'true',
  DEMO_PASSWORD: PASSWORD,
  DEMO_DOCUMENTS,
  REMINDERS: 'false',
  // info: the 'Demo documents ready' line says when the inbox has all its documents.
  LOG_LEVEL: 'info',
  LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '10000',
});

/** Bytes a browser received for scripts (encoded, as on the wire) and which scripts they were. */
type Transfer = { scripts: { url: string; bytes: number; encoding: string }[]; bytes: number };

async function scriptTransfer(responses: Response[]): Promise<Transfer> {
  const scripts = await Promise.all(
    responses
      .filter((response) => response.request().resourceType() === 'script')
      .map(async (response) => ({
        url: new URL(response.url()).pathname,
        bytes: (await response.request().sizes()).responseBodySize,
        encoding: (await response.headerValue('content-encoding')) ?? 'none',
      })),
  );
  return { scripts, bytes: scripts.reduce((sum, script) => sum + script.bytes, 0) };
}

async function clearHttpCache(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** Signs in afresh (a new token for each Lighthouse run): signed out first, the provider's cookie too. */
async function signIn(context: BrowserContext, page: Page, baseUrl: string) {
  await context.clearCookies();
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${baseUrl}${INBOX_PATH}`);
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  await page.getByLabel('Email').fill(PROVIDER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(INBOX_PATH));
  await page.getByRole('button', { name: /^User menu: / }).waitFor();
}

function lighthouseFigures(lhr: Result) {
  const audit = (id: string) => lhr.audits[id];
  const opportunities = Object.values(lhr.audits)
    .filter(
      (item) =>
        item.details?.type === 'opportunity' &&
        (item.score ?? 1) < 0.9 &&
        ((item.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0) > 0,
    )
    .map((item) => `${item.title} (${item.displayValue ?? ''})`);
  // Lighthouse 13 names the LCP element in its LCP breakdown insight (a 'node' item).
  const lcpItems = (
    audit('lcp-breakdown-insight')?.details as { items?: { type?: string; nodeLabel?: string }[] }
  )?.items;
  const scripts = (
    (audit('network-requests')?.details as { items?: { resourceType?: string; transferSize?: number }[] })
      ?.items ?? []
  ).filter((item) => item.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint')?.displayValue ?? '',
    lcp: audit('largest-contentful-paint')?.displayValue ?? '',
    tbt: audit('total-blocking-time')?.displayValue ?? '',
    cls: audit('cumulative-layout-shift')?.displayValue ?? '',
    si: audit('speed-index')?.displayValue ?? '',
    lcpElement: lcpItems?.find((item) => item.type === 'node')?.nodeLabel ?? 'not named',
    scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptCount: scripts.length,
    opportunities,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    warnings: lhr.runWarnings,
  };
}
type LighthouseFigures = ReturnType<typeof lighthouseFigures>;

let context: BrowserContext | undefined;
try {
  await waitUntilHealthy(server, 120_000);
  const demoReady = Date.now() + 300_000;
  while (!/Demo documents ready/.test(server.output())) {
    if (Date.now() > demoReady) throw new Error(`No 'Demo documents ready' in 300 s:\n${server.output()}`);
    if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const debuggingPort = await findFreePort();
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROME_ARGS, `--remote-debugging-port=${debuggingPort}`],
    viewport: { width: 1440, height: 900 },
  });
  const chromeVersion =
    context.browser()?.version() ?? (await context.pages()[0]?.evaluate(() => navigator.userAgent));
  const page = context.pages()[0] ?? (await context.newPage());
  const baseUrl = server.url;

  // 3. What a browser downloads: signed out up to the login page, then signed in up to the list.
  const signedOut: Response[] = [];
  page.on('response', (response) => signedOut.push(response));
  await clearHttpCache(context, page);
  await page.goto(`${baseUrl}${INBOX_PATH}`);
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  page.removeAllListeners('response');
  const signInTransfer = await scriptTransfer(
    signedOut.filter((r) => new URL(r.url()).pathname.startsWith('/assets/')),
  );

  await page.getByLabel('Email').fill(PROVIDER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(INBOX_PATH));
  await page.getByRole('button', { name: /^User menu: / }).waitFor();
  await page.goto('about:blank');
  await clearHttpCache(context, page);
  const beforeList: Response[] = [];
  const afterList: Response[] = [];
  let listShown = false;
  page.on('response', (response) => {
    (listShown ? afterList : beforeList).push(response);
    if (new URL(response.url()).pathname === LIST_API && response.status() === 200) listShown = true;
  });
  await page.goto(`${baseUrl}${INBOX_PATH}`, { waitUntil: 'networkidle' });
  page.removeAllListeners('response');
  const inboxTransfer = await scriptTransfer(beforeList);
  const laterTransfer = await scriptTransfer(afterList);

  // The inbox page's list answer: how much API compression (plugins/api-compression.ts) saves, and what
  // it costs the server (the same settings, timed here in-process).
  const listRequest = [...beforeList, ...afterList]
    .map((response) => response.request())
    .find((request) => new URL(request.url()).pathname === LIST_API);
  if (!listRequest) throw new Error(`The inbox made no ${LIST_API} request`);
  const authorization = (await listRequest.allHeaders()).authorization ?? '';
  const fetchList = (acceptEncoding: string) =>
    fetch(listRequest.url(), { headers: { authorization, 'accept-encoding': acceptEncoding } });
  const listBody = Buffer.from(await (await fetchList('identity')).arrayBuffer());
  const listEncoding = (await fetchList('gzip, deflate, br')).headers.get('content-encoding') ?? 'none';
  const timeCompression = (compress: () => Buffer) => {
    for (let run = 0; run < 20; run += 1) compress();
    const cpu = process.cpuUsage();
    let size = 0;
    for (let run = 0; run < 200; run += 1) size = compress().length;
    const used = process.cpuUsage(cpu);
    return { size, cpuMs: (used.user + used.system) / 1000 / 200 };
  };
  const listBrotli = timeCompression(() =>
    zlib.brotliCompressSync(listBody, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  );
  const listGzip = timeCompression(() => zlib.gzipSync(listBody));

  // 4. Lighthouse, signed in, cold cache.
  const lighthouseRuns: Record<'mobile' | 'desktop', LighthouseFigures[]> = { mobile: [], desktop: [] };
  for (const formFactor of ['mobile', 'desktop'] as const) {
    for (let run = 0; run < RUNS; run += 1) {
      await signIn(context, page, baseUrl);
      await page.goto('about:blank');
      await clearHttpCache(context, page);
      const flags: Flags = {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keeps the signed-in user's tokens in localStorage; the HTTP cache was emptied above.
        disableStorageReset: true,
      };
      const result = await lighthouse(
        `${baseUrl}${INBOX_PATH}`,
        flags,
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      if (process.env.BENCH_LIGHTHOUSE_REPORTS) {
        // The full reports, to read Lighthouse's diagnostics (long tasks, script evaluation, LCP phases).
        fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
        fs.writeFileSync(
          path.join(process.env.BENCH_LIGHTHOUSE_REPORTS, `inbox-${formFactor}-${run + 1}.json`),
          JSON.stringify(result.lhr),
        );
      }
      const figures = lighthouseFigures(result.lhr);
      console.log(
        `Lighthouse ${formFactor} run ${run + 1}: ${figures.score} (LCP ${figures.lcp}, TBT ${figures.tbt})`,
      );
      lighthouseRuns[formFactor].push(figures);
    }
  }
  const median = (runs: LighthouseFigures[]) =>
    [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)] as LighthouseFigures;
  const mobile = median(lighthouseRuns.mobile);
  const desktop = median(lighthouseRuns.desktop);

  // 5. The RESULTS.md section.
  const row = (label: string, sizes: Sizes, wire: Transfer) =>
    `| ${label} | ${weight[label === 'sign-in' ? 'signIn' : 'inbox'].files.length} | ${kib(sizes.raw)} | **${kib(sizes.gzip)}** | ${kib(sizes.brotli)} | ${kib(wire.bytes)} (${wire.scripts.length} files) |`;
  const lighthouseRow = (label: string, figures: LighthouseFigures, all: LighthouseFigures[]) =>
    `| ${label} | **${figures.score}** (${all.map((run) => run.score).join(', ')}) | ${figures.fcp} | ${figures.lcp} | ${figures.tbt} | ${figures.cls} | ${figures.si} | ${kib(figures.scriptBytes)} (${figures.scriptCount}) |`;
  const opportunities = (figures: LighthouseFigures) =>
    figures.opportunities.length ? figures.opportunities.join('; ') : 'none';
  const section = `<!-- web-weight:start -->
## Web weight and Lighthouse (issue 11 §10)

    npx tsx bench/web-weight.ts --record

${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${chromeVersion}, Lighthouse ${mobile.lighthouseVersion}; ${os.cpus().length} cores,
load average (1/5/15 min) ${loadAtStart} at the start and ${load()} at the end; Lighthouse's CPU
benchmark index ${mobile.benchmarkIndex} (mobile run) / ${desktop.benchmarkIndex} (desktop run). Server: the real process with
${DEMO_DOCUMENTS} demo documents, signed in as ${PROVIDER}.

JavaScript to show a screen (pdf.js, its worker, pusher-js and the administration pages load later, on demand):

| screen | chunks | raw | gzip | brotli | a browser fetched (brotli, on the wire) |
| ------ | ------ | --- | ---- | ------ | --------------------------------------- |
${row('sign-in', weight.signIn.js, signInTransfer)}
${row('inbox', weight.inbox.js, inboxTransfer)}

- sign-in: the entry chunk and its static imports, what loads before the redirect to the login page.
- inbox: the same plus the signed-in screens' chunk (router, layout, header, inbox page) and its static
  imports; the browser column counts the scripts fetched before the first ${LIST_API} answer. After it,
  until the network was idle:
  ${laterTransfer.scripts.map((script) => `${path.basename(script.url)} ${kib(script.bytes)}`).join(', ') || 'nothing'}.
- The list answer (${LIST_API}, one page): ${kib(listBody.length)} of JSON, sent as ${listEncoding}:
  ${kib(listBrotli.size)} brotli (quality 4, ${listBrotli.cpuMs.toFixed(2)} ms CPU) or ${kib(listGzip.size)} gzip
  (${listGzip.cpuMs.toFixed(2)} ms CPU) per answer.
- Budget (scripts/check-web-budget.mjs, run by \`npm test\`): inbox ≤ ${kib(weight.budget)} gzip:
  ${weight.withinBudget ? 'met' : `**not met** (${kib(weight.inbox.js.gzip - weight.budget)} over)`}.

Lighthouse performance, the inbox (${INBOX_PATH}), cold cache, signed in; median of ${RUNS} runs (all scores in brackets):

| form factor | score | FCP | LCP | TBT | CLS | Speed Index | scripts transferred |
| ----------- | ----- | --- | --- | --- | --- | ----------- | ------------------- |
${lighthouseRow('mobile', mobile, lighthouseRuns.mobile)}
${lighthouseRow('desktop', desktop, lighthouseRuns.desktop)}

- LCP element: mobile '${mobile.lcpElement}', desktop '${desktop.lcpElement}'.
- Opportunities Lighthouse names (mobile): ${opportunities(mobile)}.
- Goal: ≥ 90 on mobile: ${mobile.score >= 90 ? 'met' : '**not met**'}.
<!-- web-weight:end -->`;
  console.log(`\n${section}\n`);
  for (const warning of [...mobile.warnings, ...desktop.warnings])
    console.log(`Lighthouse warning: ${warning}`);

  if (RECORD) {
    const resultsFile = path.join(root, 'bench/RESULTS.md');
    const results = fs.readFileSync(resultsFile, 'utf8');
    const marked = /<!-- web-weight:start -->[\s\S]*?<!-- web-weight:end -->/;
    fs.writeFileSync(
      resultsFile,
      marked.test(results) ? results.replace(marked, section) : `${results.trimEnd()}\n\n${section}\n`,
    );
    console.log('Recorded in bench/RESULTS.md.');
  }
} finally {
  await context?.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profileDir, { recursive: true, force: true });
}
