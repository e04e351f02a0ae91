import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { buildApp, loggerOptions } from '../app';
import { type Config, loadConfig } from '../config';
import { type DatabaseHandle, openPostgres } from '../db/client';
import { pgliteOptions, wrapPglite } from '../db/pglite-client';
import { createFileStorage } from '../modules/documents/storage/file-storage';
import { databaseUrlFor, runOnServer, TEST_DEMO_PASSWORD, uniqueDatabaseName } from './database-templates';

export type TestDatabaseInfo =
  | { engine: 'pglite'; templatePath: string }
  | { engine: 'postgres'; serverUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/** A fresh, migrated and seeded database for one test file, on the engine the project runs. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const info = inject('testDatabase');
  if (info.engine === 'pglite') {
    const template = new Blob([fs.readFileSync(info.templatePath)]);
    return wrapPglite(await PGlite.create({ ...pgliteOptions, loadDataDir: template }));
  }
  const name = uniqueDatabaseName('portal_test');
  await runOnServer(info.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${info.templateName}`);
  const handle = openPostgres(databaseUrlFor(info.serverUrl, name));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await runOnServer(info.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export { TEST_AUDIT_KEY, TEST_PUBLIC_URL } from './constants';

import { TEST_AUDIT_KEY, TEST_PUBLIC_URL } from './constants';

/** The configuration tests run with: the embedded provider at a fixed public URL, no request logs. */
export function createTestConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '10000',
    MAX_PDF_BYTES: String(2 * 1024 * 1024),
    // Tests run reminders themselves, at the time they choose.
    REMINDERS: 'false',
    // Tests escalate documents themselves, with the clock they choose; those about vendors turn the
    // vendor outbox on (it would otherwise poll the database of every test file's app).
    ESCALATIONS: 'false',
    VENDOR_OUTBOX: 'false',
    // Tests send the daily report themselves, for the day they choose; sums read right unfolded.
    DAILY_REPORT: 'false',
    METRICS_COMPACT_MS: '3600000',
    AUDIT_KEY: TEST_AUDIT_KEY,
    ...overrides,
  });
}

/** The whole application over a fresh test database (demo accounts included), driven through `app.inject`. */
export async function createTestApp(
  options: {
    webDistDir?: string;
    env?: Record<string, string>;
    /** Where the server's log lines go (JSON, one per line); without it the server logs nothing. */
    logTo?: { write: (line: string) => void };
    /** false: answers written by the compiled serializers alone, as in production (no zod check). */
    checkResponses?: boolean;
  } = {},
) {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-data-'));
  const config = createTestConfig({
    DATA_DIR: dataDir,
    ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
    ...options.env,
  });
  const storage = createFileStorage(path.join(dataDir, 'blobs'));
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    storage,
    wait: async () => {},
    ...(options.checkResponses !== undefined ? { checkResponses: options.checkResponses } : {}),
    ...(options.logTo ? { logger: { ...loggerOptions('info'), stream: options.logTo } } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    storage,
    db: database.db,
    engine: database.engine,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
