import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDirectory } from './db/pglite-client';
import { TEST_DEMO_PASSWORD } from './test-support/database-templates';
import {
  findFreePort,
  type ServerProcess,
  startServerProcess,
  waitUntilHealthy,
} from './test-support/server-process';
import { httpTransport, refreshOverHttp, signInWith, type Tokens } from './test-support/sign-in';

// The real server process on the embedded database: data and sign-ins survive a restart, and one DATA_DIR
// has one owner.

describe('the portal process on its DATA_DIR', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lifecycle-'));
  const started: ServerProcess[] = [];
  let port = 0;
  let tokens: Tokens;
  const start = async () => {
    const server = startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_PASSWORD: TEST_DEMO_PASSWORD,
      DEMO_DOCUMENTS: '25',
    });
    started.push(server);
    return server;
  };
  const countClinics = async (server: ServerProcess, accessToken: string) => {
    const response = await fetch(`${server.url}/api/customers/organizations?rows=1`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return ((await response.json()) as { metadata: { totalCount: number } }).metadata.totalCount;
  };

  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates and seeds the database on first start, signs a user in, and stops cleanly on SIGTERM', async () => {
    port = await findFreePort();
    const first = await start();
    await waitUntilHealthy(first);
    tokens = await signInWith(
      httpTransport(first.url),
      first.url,
      'sysadmin@example.org',
      TEST_DEMO_PASSWORD,
    );
    expect(await countClinics(first, tokens.accessToken)).toBe(50);
    expect(await first.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  });

  it('keeps changed data across a restart, seeds nothing twice, and keeps users signed in', async () => {
    const database = await openPgliteDirectory(dataDir);
    await database.db
      .updateTable('organizations')
      .set({ name: 'Renamed While Stopped' })
      .where('code', '=', 'AHC')
      .execute();
    await database.db.deleteFrom('users').where('email', '=', 'irhfinance@example.org').execute();
    await database.close();

    const second = await start();
    await waitUntilHealthy(second);
    // The refresh token issued before the restart still works: sessions and keys live in the database.
    const refreshed = await refreshOverHttp(second.url, tokens.refreshToken);
    expect(refreshed.status).toBe(200);
    const accessToken = refreshed.body.access_token ?? '';
    expect(await countClinics(second, accessToken)).toBe(50);
    const renamed = await fetch(
      `${second.url}/api/customers/organizations?search=Renamed%20While%20Stopped`,
      {
        headers: { authorization: `Bearer ${accessToken}` },
      },
    );
    expect(
      ((await renamed.json()) as { data: { code: string }[] }).data.map((clinic) => clinic.code),
    ).toEqual(['AHC']);
    const deletedDemoUser = await fetch(`${second.url}/api/users?search=irhfinance`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(((await deletedDemoUser.json()) as { metadata: { totalCount: number } }).metadata.totalCount).toBe(
      0,
    );
  });

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const intruder = startServerProcess({ DATA_DIR: dataDir, PORT: String(await findFreePort()) });
    started.push(intruder);
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain(`DATA_DIR ${dataDir} is already in use by another portal process`);
  });
});
