// `npm test`: lint, type-check, the boundary check, the web build and its weight budget, then every Vitest project in one run
// (unit, integration on PGlite and, when TEST_DATABASE_URL is set, on a PostgreSQL server too, and browser
// tests in Chromium). It stops at the first failing stage, except the weight budget, which fails the run at
// the end, and ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

const projects = ['unit', 'integration-pglite'];
if (process.env.TEST_DATABASE_URL) projects.push('integration-postgres');
else console.log('\nTEST_DATABASE_URL is not set: the integration suite runs on PGlite only.');
projects.push('browser');

const reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')), 'report.json');
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
  ],
  { cwd: root, stdio: 'inherit' },
);

let summary = 'no report';
if (fs.existsSync(reportFile)) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  summary = `${report.numPassedTests} passed, ${report.numFailedTests} failed`;
  if (report.numPendingTests || report.numTodoTests)
    summary += `, ${report.numPendingTests + report.numTodoTests} skipped`;
}
if (!budgetMet) console.error('\n✖ Web weight budget failed (see above).');
console.log(`\nTests: ${summary}`);
const testsStatus = vitest.status ?? 1;
process.exit(testsStatus !== 0 ? testsStatus : budgetMet ? 0 : 1);
