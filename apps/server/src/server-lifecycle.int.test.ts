import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDirectory } from './db/client';
import { findFreePort, type ServerProcess, startServerProcess, waitUntilHealthy } from './test-support/server-process';

// The real server process on the embedded database: data survives a restart, and one DATA_DIR has one owner.
describe('the portal process on its DATA_DIR', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lifecycle-'));
  const started: ServerProcess[] = [];
  const start = async () => {
    const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(await findFreePort()) });
    started.push(server);
    return server;
  };
  const clinicCount = async (server: ServerProcess) => {
    const response = await fetch(`${server.url}/api/customers/organizations?rows=1`);
    return ((await response.json()) as { metadata: { totalCount: number } }).metadata.totalCount;
  };

  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates and seeds the database on first start, and stops cleanly on SIGTERM', async () => {
    const first = await start();
    await waitUntilHealthy(first);
    expect(await clinicCount(first)).toBe(50);
    expect(await first.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  });

  it('keeps changed data across a restart and does not seed twice', async () => {
    const database = await openPgliteDirectory(dataDir);
    await database.db.updateTable('organizations').set({ name: 'Renamed While Stopped' }).where('code', '=', 'AHC').execute();
    await database.close();

    const second = await start();
    await waitUntilHealthy(second);
    expect(await clinicCount(second)).toBe(50);
    const response = await fetch(`${second.url}/api/customers/organizations?search=Renamed%20While%20Stopped`);
    expect(((await response.json()) as { data: { code: string }[] }).data.map((clinic) => clinic.code)).toEqual(['AHC']);
  });

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const intruder = await start();
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain(`DATA_DIR ${dataDir} is already in use by another portal process`);
  });
});
