import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_AUDIT_KEY } from '../../test-support/constants';
import {
  databaseUrlFor,
  runOnServer,
  TEST_DEMO_PASSWORD,
  uniqueDatabaseName,
} from '../../test-support/database-templates';
import {
  findFreePort,
  type ServerProcess,
  startServerProcess,
  waitUntilHealthy,
} from '../../test-support/server-process';
import { httpTransport, SignInFailedError, signInWith } from '../../test-support/sign-in';

// Two real server processes on one PostgreSQL database, as behind a load balancer: a client's sign-in
// budget is counted once across both, in the database or in Redis, so a second instance does not double it.

const PER_ADDRESS = 4;
const PER_ACCOUNT = 3;

function postgresServer() {
  const info = inject('testDatabase');
  if (info.engine !== 'postgres') throw new Error('this test needs the PostgreSQL server');
  return info;
}

describe.each([
  ['the database', {}],
  ['Redis', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
])('sign-in limits shared by two instances, counted in %s', (_store, storeEnv) => {
  const info = postgresServer();
  const databaseName = uniqueDatabaseName('portal_limits');
  const dataDirs: string[] = [];
  let instances: ServerProcess[] = [];
  // One client address for this run (behind the trusted proxy), so reruns and other runs never share counters.
  const client = { 'x-forwarded-for': `198.18.${randomInt(0, 255)}.${randomInt(1, 255)}` };

  beforeAll(async () => {
    await runOnServer(info.serverUrl, `CREATE DATABASE ${databaseName} TEMPLATE ${info.templateName}`);
    const databaseUrl = databaseUrlFor(info.serverUrl, databaseName);
    const ports = [await findFreePort(), await findFreePort()];
    instances = ports.map((port) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-limits-'));
      dataDirs.push(dataDir);
      return startServerProcess({
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        AUDIT_KEY: TEST_AUDIT_KEY,
        DEMO_DATA: 'false',
        REMINDERS: 'false',
        DEMO_PASSWORD: TEST_DEMO_PASSWORD,
        TRUST_PROXY: '127.0.0.1',
        LOGIN_RATE_LIMIT_PER_MINUTE: String(PER_ADDRESS),
        LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: String(PER_ACCOUNT),
        ...storeEnv,
      });
    });
    await Promise.all(instances.map((instance) => waitUntilHealthy(instance)));
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await runOnServer(info.serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('token requests alternating between the instances get the per-address budget once, not twice', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PER_ADDRESS + 2; attempt++) {
      const instance = instances[attempt % 2] as ServerProcess;
      const response = await fetch(`${instance.url}/idp/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...client },
        body: 'grant_type=refresh_token&client_id=portal-web&refresh_token=nope',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('password guesses at one account alternating between the instances get the per-account budget once', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PER_ACCOUNT + 2; attempt++) {
      const instance = instances[attempt % 2] as ServerProcess;
      // Each guess from another address, so only the account's own budget can stop them.
      const address = { 'x-forwarded-for': `198.19.${randomInt(0, 255)}.${randomInt(1, 255)}` };
      try {
        // Both instances serve one public URL: the first instance's.
        await signInWith(
          httpTransport(instance.url, address),
          (instances[0] as ServerProcess).url,
          'nurse@example.org',
          'wrong-guess',
        );
        statuses.push(303);
      } catch (error) {
        if (!(error instanceof SignInFailedError)) throw error;
        statuses.push(error.statusCode);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
