import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { type DatabaseHandle, openPostgres } from './db/client';
import { TEST_AUDIT_KEY } from './test-support/constants';
import { createSeededDatabase, databaseUrlFor, TEST_DEMO_PASSWORD } from './test-support/database-templates';
import { insertDocument, OWN_CLINIC_NPI } from './test-support/fixtures';
import { type PrivatePostgres, startPrivatePostgres } from './test-support/private-postgres';
import { connectPusher, type ReceivedEvent, subscribeChannel, waitFor } from './test-support/pusher-client';
import {
  findFreePort,
  type ServerProcess,
  startServerProcess,
  waitUntilHealthy,
} from './test-support/server-process';
import { httpTransport, signInWith, type Tokens } from './test-support/sign-in';

// Issue 18 §2: the PostgreSQL server restarts under two running instances. While it is down every request
// answers 503 with Retry-After (never a 500), the healthcheck says not ready, and the processes stay up;
// once it is back they serve again without a restart, and the realtime LISTEN connection resumes (its
// clients told to resync). The server is the test's own (the machine's shared one serves other tests),
// started from the machine's PostgreSQL binaries; this file runs in the postgres project only.

const PROVIDER = 'auth0|demo-provider';
const COMMENT = 'Seen after the restart.';
const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The service is temporarily unavailable. Try again shortly.',
};

describe('a PostgreSQL restart under two running instances', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'));
  const clients: Pusher[] = [];
  let postgres: PrivatePostgres;
  let database: DatabaseHandle;
  let instances: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let provider: Tokens;
  let nurse: Tokens;

  const me = (instance: ServerProcess, tokens: Tokens) =>
    fetch(`${instance.url}/api/users/me`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  const comment = (instance: ServerProcess, documentId: string) =>
    fetch(`${instance.url}/api/reports/${documentId}/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${nurse.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: PROVIDER, text: COMMENT }),
    });
  const health = (instance: ServerProcess) => fetch(`${instance.url}/api/customers/healthcheck`);

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    const databaseUrl = databaseUrlFor(
      postgres.serverUrl,
      await createSeededDatabase(postgres.serverUrl, 'portal_restart'),
    );
    database = openPostgres(databaseUrl);
    const ports = [await findFreePort(), await findFreePort()];
    instances = ports.map((port) =>
      startServerProcess({
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        AUDIT_KEY: TEST_AUDIT_KEY,
        DEMO_DATA: 'false',
        DEMO_PASSWORD: TEST_DEMO_PASSWORD,
        REMINDERS: 'false',
        // The background workers keep looking while the database is down: they must not take the process
        // down with them.
        ESCALATION_POLL_MS: '1000',
        METRICS_COMPACT_MS: '500',
        VENDOR_OUTBOX_POLL_MS: '500',
      }),
    );
    [a, b] = instances as [ServerProcess, ServerProcess];
    await Promise.all(instances.map((instance) => waitUntilHealthy(instance)));
    provider = await signInWith(httpTransport(a.url), a.url, 'provider@example.org', TEST_DEMO_PASSWORD);
    nurse = await signInWith(httpTransport(a.url), a.url, 'nurse@example.org', TEST_DEMO_PASSWORD);
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.close();
    await postgres?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while it is down, then serves again and realtime resumes', async () => {
    onTestFailed(() => {
      for (const instance of instances) console.error(`${instance.url} printed:\n${instance.output()}`);
    });
    const { notificationChannel } = (await (await me(a, provider)).json()) as { notificationChannel: string };
    const pusher = connectPusher({
      wsPort: Number(new URL(b.url).port),
      authEndpoint: `${b.url}/api/realtime/auth`,
      accessToken: provider.accessToken,
    });
    clients.push(pusher);
    const events: ReceivedEvent[] = [];
    expect(await subscribeChannel(pusher, notificationChannel, events)).toBe('succeeded');
    const document = await insertDocument(
      database.db,
      { put: async () => ({ sha256: 'd'.repeat(64) }) },
      { clinicNpi: OWN_CLINIC_NPI, patientLastName: 'Restartpatient' },
    );
    const pids = instances.map((instance) => instance.child.pid);

    // Both instances asked all along, through the stop and the start: only 200s and 503s, never a 500.
    // (0: no answer at all, the process gone.)
    const statuses = new Set<number>();
    let probing = true;
    const prober = (async () => {
      while (probing) {
        for (const instance of instances)
          statuses.add(
            await me(instance, provider).then(
              (answer) => answer.status,
              () => 0,
            ),
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    onTestFinished(async () => {
      probing = false;
      await prober;
    });

    await postgres.stop();
    for (const instance of instances) {
      const answer = await me(instance, provider);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual(UNAVAILABLE);
      const write = await comment(instance, document.id);
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).toBe('5');
      // Not ready: a load balancer's health probe takes the instance out meanwhile.
      const probe = await health(instance);
      expect(probe.status).toBe(503);
      expect(probe.headers.get('retry-after')).toBe('5');
    }
    // The embedded identity provider too (a token refresh): OAuth's temporarily_unavailable, not a 500.
    const refresh = await fetch(`${a.url}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'portal-web',
        refresh_token: provider.refreshToken,
      }),
    });
    expect(refresh.status).toBe(503);
    expect(refresh.headers.get('retry-after')).toBe('5');
    expect(((await refresh.json()) as { error: string }).error).toBe('temporarily_unavailable');
    // A while down, the background workers failing meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    await postgres.start();
    // Back without a restart: the same processes answer, healthy again.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const probes = await Promise.all(instances.map(health));
      if (probes.every((probe) => probe.status === 200)) break;
      if (Date.now() > deadline) throw new Error('the instances did not become ready within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(instances.map((instance) => instance.child.exitCode)).toEqual([null, null]);
    expect(instances.map((instance) => instance.child.pid)).toEqual(pids);
    for (const instance of instances) expect((await me(instance, provider)).status).toBe(200);
    probing = false;
    await prober;
    expect([...statuses].sort()).toEqual([200, 503]);

    // B's LISTEN connection came back: its clients are told to reload what they show …
    await waitFor(() => events.find((event) => event.event === 'resync'), 15_000);
    // … and an event caused on A reaches the socket B holds, as before the restart.
    const response = await comment(a, document.id);
    expect(response.status).toBe(201);
    const [stored] = await database.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', PROVIDER)
      .where('documentId', '=', document.id)
      .execute();
    const delivered = await waitFor(() =>
      events.find((event) => (event.data as { id?: string }).id === stored?.id),
    );
    expect(delivered.event).toBe('new-notification');

    // What the outage logged names no patient, user or comment.
    const logs = instances.map((instance) => instance.output()).join('\n');
    expect(logs).toContain('database unavailable');
    for (const phi of ['Restartpatient', 'provider@example.org', 'nurse@example.org', COMMENT])
      expect(logs).not.toContain(phi);
    expect(logs).not.toContain('request failed');
  });
});
