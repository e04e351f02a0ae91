// `npm test`: lint, type-check, the boundary check, the web build and its weight budget, and every Vitest
// project: integration (on PGlite and, when TEST_DATABASE_URL is set, on a PostgreSQL server too), unit, and
// the browser tests in Chromium. It ends with one summary line, and fails if any part failed.
//
// On the 2-core machines the parts are packed so that no core waits on a sequence it does not need
// (issue 27: the run must stay well inside CI's 30 minutes on a day the machine is several times slower):
// - the integration runs start at once (one per database engine): they need neither the checks nor the build;
// - the checks (Biome, tsc, boundaries) run beside it, then the unit tests;
// - the web build runs beside them, then the browser tests, one file at a time (they share one portal).
// Each Vitest run is a process of its own: within one run Vitest starts a one-file-at-a-time project only
// after every parallel file has finished. A failing check or build stops everything at once; the weight
// budget fails the run at the end but lets the tests report first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const children = new Set();
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** Runs a command with its output prefixed line by line; resolves with its exit status. */
function runPrefixed(prefix, command, args) {
  return new Promise((resolve) => {
    // Piped, so without colours: neither the tools nor the CLIs the tests start force them (some tests
    // compare a CLI's plain output).
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Stops every part still running and exits: a failed check or build makes the rest pointless. */
function failNow(label, status) {
  console.error(`\n✖ ${label} failed (exit ${status}) after ${elapsed()}; stopping the rest.`);
  for (const child of children) child.kill('SIGTERM');
  process.exit(status || 1);
}

/** Steps run one after another; the first that fails stops everything. */
async function sequence(prefix, steps) {
  for (const [label, command, args] of steps) {
    console.log(`${prefix}▶ ${label} (at ${elapsed()})`);
    const status = await runPrefixed(prefix, command, args);
    if (status !== 0) failNow(label, status);
  }
}

const integrationProjects = ['integration-pglite'];
if (process.env.TEST_DATABASE_URL) integrationProjects.push('integration-postgres');
else console.log('TEST_DATABASE_URL is not set: the integration suite runs on PGlite only.');

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
const reports = [];

/** One Vitest run, with a JSON report for the summary line. */
function vitest(label, prefix, projects, extraArgs = []) {
  const reportFile = path.join(reportDir, `${label}.json`);
  reports.push(reportFile);
  console.log(`${prefix}▶ Tests: ${projects.join(', ')} (at ${elapsed()})`);
  return runPrefixed(prefix, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
  ]);
}

// Each database engine's integration files run in a Vitest process of its own, side by side, each in one
// worker that keeps its modules between files (the projects' isolate: false, which halves their CPU). One
// process with two workers would not keep them: a worker is reused only for a next file of the same project,
// and the two projects' files come interleaved. Side by side, the longest file of each engine (the bad-input
// suite) no longer waits for the other's.
const integration = Promise.all(
  integrationProjects.map((project) =>
    vitest(
      project,
      `${project.replace('integration-', '')} │ `,
      [project],
      [`--maxWorkers=${process.env.TEST_MAX_WORKERS ?? '1'}`],
    ),
  ),
).then((statuses) => statuses.find((status) => status !== 0) ?? 0);

const checksThenUnit = sequence('checks │ ', [
  ['Lint (Biome)', 'npx', ['biome', 'check', '.']],
  ['Type-check (tsc)', 'npm', ['run', 'typecheck', '--silent']],
  ['Boundaries (dependency-cruiser)', process.execPath, ['scripts/check-boundaries.mjs']],
]).then(() => vitest('unit', 'unit │ ', ['unit', 'unit-web', 'unit-isolated']));

let budgetMet = true;
const buildThenBrowser = sequence('build │ ', [
  ['Build the web app for the browser tests', 'node', ['scripts/build-web-if-stale.mjs']],
])
  .then(async () => {
    console.log(`build │ ▶ Web weight budget (issue 11 §10) (at ${elapsed()})`);
    budgetMet = (await runPrefixed('build │ ', 'node', ['scripts/check-web-budget.mjs'])) === 0;
  })
  .then(() => vitest('browser', 'browser │ ', ['browser']));

const statuses = await Promise.all([integration, checksThenUnit, buildThenBrowser]);

const totals = { passed: 0, failed: 0, skipped: 0, reports: 0 };
for (const reportFile of reports) {
  if (!fs.existsSync(reportFile)) continue;
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  totals.reports += 1;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}
let summary = `${totals.passed} passed, ${totals.failed} failed`;
if (totals.skipped) summary += `, ${totals.skipped} skipped`;
if (totals.reports < reports.length)
  summary += ` (${reports.length - totals.reports} run(s) wrote no report)`;
if (!budgetMet) console.error('\n✖ Web weight budget failed (see above).');
console.log(`\nTests: ${summary} in ${elapsed()}`);
const testsStatus = statuses.find((status) => status !== 0) ?? 0;
process.exit(testsStatus !== 0 ? testsStatus : budgetMet ? 0 : 1);
