import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { pgliteOptions, wrapPglite } from '../db/pglite-client';
import { seedDemoData } from '../db/seed-demo-data';
import type { Db } from '../db/transaction';
import { pinAuditKey } from '../modules/audit/audit-key-pin';
import { deriveAuditKeyring, useAuditKeyring } from '../modules/audit/audit-keyring';
import { TEST_AUDIT_KEY } from './constants';

/** The demo accounts' password in every test database. */
export const TEST_DEMO_PASSWORD = 'Test-Demo-Password-1';

/** Seeds a template as a first start would: its audit events linked under the tests' audit key. */
async function seedTemplate(db: Db): Promise<void> {
  await migrateToLatest(db);
  const keyring = deriveAuditKeyring(TEST_AUDIT_KEY);
  await pinAuditKey(db, keyring.keyId);
  useAuditKeyring(keyring);
  await seedDemoData(db, { password: TEST_DEMO_PASSWORD });
}

// Each integration test file gets a database of its own, copied from a migrated template made once per
// run: initdb plus migrations cost seconds, a copy a fraction of one.

export async function createPgliteTemplate(): Promise<Blob> {
  const pglite = await PGlite.create(pgliteOptions);
  const handle = wrapPglite(pglite);
  try {
    await seedTemplate(handle.db);
    return await pglite.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

export function requireTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL is not set. The integration-postgres project runs against a PostgreSQL server: ' +
        'set TEST_DATABASE_URL=postgres://user@127.0.0.1:5432/test (any database the user may CREATE DATABASE from).',
    );
  }
  return url;
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** Runs one administrative statement (CREATE/DROP DATABASE) on the server. */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createPostgresTemplate(serverUrl: string): Promise<string> {
  return createSeededDatabase(serverUrl, 'portal_template');
}

/** A new database (`prefix` + a random suffix) on the server, migrated and seeded as a template is. */
export async function createSeededDatabase(serverUrl: string, prefix: string): Promise<string> {
  const name = uniqueDatabaseName(prefix);
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const handle = openPostgres(databaseUrlFor(serverUrl, name));
  try {
    await seedTemplate(handle.db);
  } finally {
    await handle.close();
  }
  return name;
}
