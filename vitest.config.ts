import { defineConfig } from 'vitest/config';
import {
  BROWSER_HOOK_TIMEOUT_MS,
  BROWSER_TEST_TIMEOUT_MS,
  STATE_WAIT_MS,
} from './apps/web/e2e/support/waits';

// One runner, four projects: pure unit tests, the integration suite once per database engine,
// and browser tests that drive a real Chromium against a real server process.
const integrationFiles = ['apps/server/**/*.int.test.ts'];

export default defineConfig({
  test: {
    // Two files at a time on the 2-core machines. `npm test` (scripts/test.mjs) runs the integration projects
    // in a Vitest process of their own beside the unit and browser projects: within one run, Vitest starts a
    // project limited to one file at a time only once every parallel file has finished.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          // The component tests render real screens in jsdom with user-event: a second each here, and at
          // load 13 on the 2-core machine (CI beside other work) they took up to 14 s against the 5 s default.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['apps/web/src/test-support/generous-async-waits.ts'],
          include: [
            'packages/**/*.test.ts',
            'apps/**/*.test.ts',
            'apps/**/*.test.tsx',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.int.test.ts', '**/*.e2e.test.ts'],
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: integrationFiles,
          // Tests of several server processes sharing one PostgreSQL server.
          exclude: ['**/node_modules/**', '**/*.postgres.int.test.ts'],
          globalSetup: ['apps/server/src/test-support/global-setup-pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration-postgres',
          include: integrationFiles,
          // The process lifecycle test is about the embedded database's directory and lock.
          exclude: ['**/node_modules/**', 'apps/server/src/server-lifecycle.int.test.ts'],
          globalSetup: ['apps/server/src/test-support/global-setup-postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
