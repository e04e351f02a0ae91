import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openPostgres, wrapPglite } from '../db/client';
import { databaseUrlFor, runOnServer, uniqueDatabaseName } from './database-templates';

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
    return wrapPglite(await PGlite.create({ loadDataDir: template }));
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

/** The whole application over a fresh test database, driven through `app.inject`. */
export async function createTestApp(options: { webDistDir?: string } = {}) {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: {
      publicUrl: 'http://portal.test',
      webDistDir: options.webDistDir ?? '/nonexistent-web-dist',
      logLevel: 'silent',
    },
    db: database.db,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    engine: database.engine,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
