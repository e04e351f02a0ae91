import { defineConfig } from 'vitest/config';
import {
  INTEGRATION_HOOK_TIMEOUT_MS,
  INTEGRATION_TEST_TIMEOUT_MS,
} from './apps/server/src/test-support/test-time-limits.ts';
import {
  BROWSER_HOOK_TIMEOUT_MS,
  BROWSER_TEST_TIMEOUT_MS,
  STATE_WAIT_MS,
} from './apps/web/e2e/support/waits.ts';

/** What both integration projects share; they differ in their database engine. */
const integrationSettings = {
  include: ['apps/server/**/*.int.test.ts'],
  testTimeout: INTEGRATION_TEST_TIMEOUT_MS,
  hookTimeout: INTEGRATION_HOOK_TIMEOUT_MS,
  // One module graph for every file of a worker: each file builds its own app on its own database, and
  // re-importing the server for each of them was half the run's CPU (measured: six files 71 s of CPU
  // isolated, 38 s not).
  isolate: false,
};

/** What the two unit projects share. */
const unitSettings = {
  // The component tests render real screens in jsdom with user-event: a second each here, and at
  // load 13 on the 2-core machine (CI beside other work) they took up to 14 s against the 5 s default.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  setupFiles: ['apps/web/src/test-support/generous-async-waits.ts'],
  include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'apps/**/*.test.tsx', 'scripts/**/*.test.ts'],
};
const unitExcludes = ['**/node_modules/**', '**/*.int.test.ts', '**/*.e2e.test.ts'];
/** The unit tests that replace a module with vi.mock (a test in vitest-projects.test.ts keeps this list whole). */
export const MODULE_MOCKING_TESTS = [
  'apps/web/src/app/layout/app-layout.test.tsx',
  'apps/web/src/features/metrics/components/metrics-page.test.tsx',
  'apps/web/src/features/trends/components/trends-tab.test.tsx',
  'apps/web/src/features/signature/api/document-action.test.tsx',
];

// One runner, five projects: pure unit tests, the integration suite once per database engine,
// and browser tests that drive a real Chromium against a real server process.
export default defineConfig({
  test: {
    // Two files at a time on the 2-core machines. `npm test` (scripts/test.mjs) runs the integration, unit and
    // browser projects in Vitest processes of their own: within one run, Vitest starts a project limited to
    // one file at a time only once every parallel file has finished.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          ...unitSettings,
          // One module graph for every file of a worker, as in the integration suite: importing the same
          // modules again for each of 240 files was two thirds of the unit run (measured: 430 s of CPU
          // isolated, 120 s not). The web's files are a project of their own, so a worker's graph stays
          // either the server's or the web's.
          isolate: false,
          exclude: [...unitExcludes, 'apps/web/**'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'unit-web',
          ...unitSettings,
          // As 'unit'; Testing Library empties the screen after each test (afterEach: cleanup). Every file
          // runs in jsdom unless it says otherwise (// @vitest-environment node): a worker keeps its module
          // graph only from one file to the next of the same environment.
          isolate: false,
          environment: 'jsdom',
          setupFiles: [...unitSettings.setupFiles, 'apps/web/src/test-support/fresh-browser-storage.ts'],
          sequence: { groupOrder: 1 },
          include: ['apps/web/**/*.test.ts', 'apps/web/**/*.test.tsx'],
          exclude: [...unitExcludes, ...MODULE_MOCKING_TESTS],
        },
      },
      {
        test: {
          name: 'unit-isolated',
          ...unitSettings,
          // Files that replace a module (vi.mock) keep a module graph of their own: a shared graph would
          // hand their replacement to the files after them.
          include: MODULE_MOCKING_TESTS,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'integration-pglite',
          ...integrationSettings,
          // Tests of several server processes sharing one PostgreSQL server.
          exclude: ['**/node_modules/**', '**/*.postgres.int.test.ts'],
          globalSetup: ['apps/server/src/test-support/global-setup-pglite.ts'],
        },
      },
      {
        test: {
          name: 'integration-postgres',
          ...integrationSettings,
          // The process lifecycle test is about the embedded database's directory and lock.
          exclude: ['**/node_modules/**', 'apps/server/src/server-lifecycle.int.test.ts'],
          globalSetup: ['apps/server/src/test-support/global-setup-postgres.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          // Generous limits, each explained where it is defined: a browser test waits for states, and
          // these only decide when waiting has become a failure on a slow machine.
          testTimeout: BROWSER_TEST_TIMEOUT_MS,
          hookTimeout: BROWSER_HOOK_TIMEOUT_MS,
          expect: { poll: { timeout: STATE_WAIT_MS, interval: 100 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
