// `npm test`: lint, type-check, the boundary check, the web build and its weight budget, then every Vitest
// project: integration (on PGlite and, when TEST_DATABASE_URL is set, on a PostgreSQL server too) in one
// run, and the unit tests then the browser tests in Chromium in a second run beside it. It stops at the
// first failing stage, except the weight budget, which fails the run at the end, and ends with one summary
// line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

run('Lint (Biome)', 'npx', ['biome', 'check', '.']);
run('Type-check (tsc)', 'npm', ['run', 'typecheck', '--silent']);
run('Boundaries (dependency-cruiser)', process.execPath, ['scripts/check-boundaries.mjs']);
run('Build the web app for the browser tests', 'node', ['scripts/build-web-if-stale.mjs']);
// The weight budget fails `npm test` but does not stop it: the tests still run and report.
console.log('\n▶ Web weight budget (issue 11 §10)');
const budget = spawnSync('node', ['scripts/check-web-budget.mjs'], { cwd: root, stdio: 'inherit' });
const budgetMet = budget.status === 0;

const integrationProjects = ['integration-pglite'];
if (process.env.TEST_DATABASE_URL) integrationProjects.push('integration-postgres');
else console.log('\nTEST_DATABASE_URL is not set: the integration suite runs on PGlite only.');

// Two Vitest runs side by side. In one run Vitest starts a project limited to one file at a time (the
// browser files: they share one portal and its demo data) only after every parallel file has finished, so
// the browser files' 14 minutes came on top of the rest's 10. So: the integration suite in one run, with
// one worker (the 2-core machines have one core for each run), and the unit tests then the browser files
// in the other (the unit files, in parallel, take its first two or three minutes).
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
const workers = process.env.TEST_MAX_WORKERS ?? '1';
const runs = [
  { label: 'integration', prefix: '', projects: integrationProjects, args: [`--maxWorkers=${workers}`] },
  { label: 'unit and browser', prefix: 'unit+browser │ ', projects: ['unit', 'browser'], args: [] },
].map((run) => ({ ...run, reportFile: path.join(reportDir, `${run.label.replaceAll(' ', '-')}.json`) }));

/**
 * One Vitest run; its output goes to this terminal line by line, with the run's prefix. Piped, it has no
 * colours, and neither do the CLIs the tests start (some tests compare their plain output).
 */
function startVitest(run) {
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        ...run.projects.flatMap((project) => ['--project', project]),
        ...run.args,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${run.reportFile}`,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: stream }).on('line', (line) => out.write(`${run.prefix}${line}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

console.log(`\n▶ Tests: ${runs.map((run) => `${run.label} (${run.projects.join(', ')})`).join(' beside ')}`);
const statuses = await Promise.all(runs.map(startVitest));

const totals = { passed: 0, failed: 0, skipped: 0, reports: 0 };
for (const run of runs) {
  if (!fs.existsSync(run.reportFile)) continue;
  const report = JSON.parse(fs.readFileSync(run.reportFile, 'utf8'));
  totals.reports += 1;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}
let summary = `${totals.passed} passed, ${totals.failed} failed`;
if (totals.skipped) summary += `, ${totals.skipped} skipped`;
if (totals.reports < runs.length) summary += ` (${runs.length - totals.reports} run(s) wrote no report)`;
if (!budgetMet) console.error('\n✖ Web weight budget failed (see above).');
console.log(`\nTests: ${summary}`);
const testsStatus = statuses.find((status) => status !== 0) ?? 0;
process.exit(testsStatus !== 0 ? testsStatus : budgetMet ? 0 : 1);
