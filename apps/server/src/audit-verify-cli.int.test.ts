import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from './db/client';
import { acquireDataDirLock } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import { openPgliteDirectory } from './db/pglite-client';
import { deriveAuditKeyring } from './modules/audit/audit-keyring';
import { openAuditTrail } from './modules/audit/open-audit-trail';
import { bypassingTriggers, recordEvents } from './test-support/audit-tampering';
import { databaseUrlFor, runOnServer, uniqueDatabaseName } from './test-support/database-templates';
import { findFreePort, startServerProcess, waitUntilHealthy } from './test-support/server-process';
import { createTestConfig, TEST_AUDIT_KEY } from './test-support/test-app';

// `npm run audit:verify` against the database of DATA_DIR (integration-pglite) or of DATABASE_URL
// (integration-postgres), as an administrator would run it next to a stopped portal.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cliEntry = path.join(repoRoot, 'apps/server/src/audit-verify-cli.ts');

type Run = { code: number | null; stdout: string; stderr: string };

/** The environment without any audit or database settings of the developer's shell. */
function cleanEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'AUDIT_KEY', 'AUDIT_SEAL_DIR', 'INIT_CWD']) delete env[key];
  return { ...env, ...settings };
}

function run(command: string, args: string[], settings: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: cleanEnv(settings) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const runCli = (args: string[], settings: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', cliEntry, ...args], settings);

describe('npm run audit:verify', () => {
  const info = inject('testDatabase');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-audit-cli-'));
  const scratch: string[] = [];
  let databaseUrl: string | undefined;
  let settings: Record<string, string>;
  const openDb = (): Promise<DatabaseHandle> | DatabaseHandle =>
    databaseUrl ? openPostgres(databaseUrl) : openPgliteDirectory(dataDir);
  const withDb = async <T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> => {
    const handle = await openDb();
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  };
  const scratchDir = () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-audit-cli-other-'));
    scratch.push(directory);
    return directory;
  };
  let clinicEvents: string[];

  beforeAll(async () => {
    if (info.engine === 'postgres') {
      const name = uniqueDatabaseName('portal_audit_cli');
      await runOnServer(info.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${info.templateName}`);
      databaseUrl = databaseUrlFor(info.serverUrl, name);
    }
    settings = {
      DATA_DIR: dataDir,
      AUDIT_KEY: TEST_AUDIT_KEY,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    await withDb(async ({ db }) => {
      await migrateToLatest(db);
      const trail = await openAuditTrail(db, createTestConfig(settings));
      clinicEvents = await recordEvents(db, '3000000001', 3);
      await recordEvents(db, '3000000002', 2);
      await trail.seal();
    });
  });
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    for (const directory of scratch) fs.rmSync(directory, { recursive: true, force: true });
    if (databaseUrl && info.engine === 'postgres')
      await runOnServer(
        info.serverUrl,
        `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`,
      );
  });

  it('reports an intact trail and exits 0', async () => {
    const result = await run('npm', ['run', '--silent', 'audit:verify'], settings);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/clinic:3000000001\s+intact\s+3 events \(3 sealed, last seal /);
    expect(result.stdout).toMatch(/clinic:3000000002\s+intact\s+2 events/);
    expect(result.stdout).toContain(`key:       id ${deriveAuditKeyring(TEST_AUDIT_KEY).keyId}`);
    expect(result.stdout).toMatch(/^Result: INTACT: \d+ chains, \d+ events/m);
    // Ids, counts and kinds only: no event content, no actor.
    expect(result.stdout).not.toContain('event 1');
    expect(result.stdout).not.toContain('auth0|demo-provider');
  });

  it('checks one clinic on request, and prints JSON when asked', async () => {
    const result = await runCli(['--clinic', '3000000002', '--json'], settings);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ intact: true, chains: [{ chain: 'clinic:3000000002', events: 2 }] });
    expect(report.chains).toHaveLength(1);
  });

  it('prints the seal public key for auditors', async () => {
    const result = await runCli(['--public-key'], settings);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(deriveAuditKeyring(TEST_AUDIT_KEY).sealPublicKeyPem);
  });

  it('keeps the server from starting with another key than the database was first used with', async () => {
    const otherKey = 'another-audit-key-0123456789abcdef0123456789';
    const server = startServerProcess({
      ...settings,
      AUDIT_KEY: otherKey,
      PORT: String(await findFreePort()),
      DEMO_DATA: 'false',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      `Cannot start the portal: The audit key (id ${deriveAuditKeyring(otherKey).keyId}) is not the key ` +
        `this database's audit trail is linked with (id ${deriveAuditKeyring(TEST_AUDIT_KEY).keyId}). ` +
        'Every server on one database needs the same key',
    );
  });

  it('has the server seal every chain when it starts, before it writes anything', async () => {
    await withDb(async ({ db }) => {
      await recordEvents(db, '3000000003', 1);
    });
    const server = startServerProcess({
      ...settings,
      PORT: String(await findFreePort()),
      DEMO_DATA: 'false',
    });
    try {
      await waitUntilHealthy(server);
      // Sealed before the server started serving.
      const sealDir = path.join(dataDir, 'audit-seals');
      const seals = fs
        .readdirSync(sealDir)
        .flatMap((name) => fs.readFileSync(path.join(sealDir, name), 'utf8').split('\n').filter(Boolean))
        .map((line) => JSON.parse(line) as { chain: string; events: number });
      expect(seals).toContainEqual(expect.objectContaining({ chain: 'clinic:3000000003', events: 1 }));
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('reports each break with position, event id and kind, and exits 1', async () => {
    await withDb(({ db }) =>
      bypassingTriggers(db, (tx) =>
        tx
          .updateTable('auditEvents')
          .set({ note: 'rewritten' })
          .where('id', '=', clinicEvents[1] ?? '')
          .execute(),
      ),
    );
    const result = await runCli([], settings);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/clinic:3000000001\s+BROKEN\s+3 events \(3 sealed, .*\): 1 break$/m);
    expect(result.stdout).toMatch(
      new RegExp(`position 2\\s+event ${clinicEvents[1]}\\s+content\\s+its keyed hash does not match`),
    );
    expect(result.stdout).toMatch(/^Result: NOT INTACT: 1 of \d+ chains broken \(1 break\)$/m);
    expect(result.stdout).not.toContain('rewritten');
  });

  it('refuses to check with another key than the database was first used with, and exits 2', async () => {
    const result = await runCli([], {
      ...settings,
      AUDIT_KEY: 'another-audit-key-0123456789abcdef0123456789',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cannot verify the audit trail: The audit key (id');
  });

  it('says so when there is no key, no database, an unmigrated one, or a running portal holds DATA_DIR, and exits 2', async () => {
    const noKey = await runCli([], {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain(
      `Cannot verify the audit trail: No audit key: AUDIT_KEY is not set and ${path.join(dataDir, 'keys', 'audit.key')} does not exist.`,
    );

    const empty = scratchDir();
    const noDatabase = await runCli([], { DATA_DIR: empty, AUDIT_KEY: TEST_AUDIT_KEY });
    expect(noDatabase.code).toBe(2);
    expect(noDatabase.stderr).toContain(`There is no portal database in DATA_DIR ${empty}`);

    const bare = scratchDir();
    await (await openPgliteDirectory(bare)).close();
    const notMigrated = await runCli([], { DATA_DIR: bare, AUDIT_KEY: TEST_AUDIT_KEY });
    expect(notMigrated.code).toBe(2);
    expect(notMigrated.stderr).toContain('The database has not been migrated to this version');

    const busy = scratchDir();
    fs.mkdirSync(path.join(busy, 'pg'));
    const lock = acquireDataDirLock(busy); // this test's process plays the running portal
    try {
      const locked = await runCli([], { DATA_DIR: busy, AUDIT_KEY: TEST_AUDIT_KEY });
      expect(locked.code).toBe(2);
      expect(locked.stderr).toContain(
        `Cannot verify the audit trail: DATA_DIR ${busy} is in use by a running portal (pid ${process.pid}), and the embedded database can be opened by one process at a time`,
      );
      expect(locked.stderr).toContain('stop the portal and run npm run audit:verify again');
    } finally {
      lock.release();
    }
    // Four command-line runs, each starting Node and tsx: on a busy 2-core machine that passes 30 s.
  });
});
