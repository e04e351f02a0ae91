import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { TEST_AUDIT_KEY } from '../../test-support/constants';
import {
  databaseUrlFor,
  runOnServer,
  TEST_DEMO_PASSWORD,
  uniqueDatabaseName,
} from '../../test-support/database-templates';
import { insertDocument, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import {
  connectPusher,
  type ReceivedEvent,
  subscribeChannel,
  waitFor,
} from '../../test-support/pusher-client';
import {
  findFreePort,
  type ServerProcess,
  startServerProcess,
  waitUntilHealthy,
} from '../../test-support/server-process';
import { httpTransport, signInWith, type Tokens } from '../../test-support/sign-in';

// Two real server processes on one PostgreSQL database, as behind a load balancer (one public URL):
// an event caused on one instance reaches a browser connected to the other, through the outbox and
// LISTEN/NOTIFY. Only meaningful on a PostgreSQL server, so this file runs in that project alone.

type Received = { event: string; data: { id?: string; type?: string } };

/** pusher-js connected to `instance`, authorizing its subscriptions at `authorizer` (the same by default). */
function listenAs(instance: ServerProcess, tokens: Tokens, channelName: string, authorizer = instance) {
  const pusher = connectPusher({
    wsPort: Number(new URL(instance.url).port),
    authEndpoint: `${authorizer.url}/api/realtime/auth`,
    accessToken: tokens.accessToken,
  });
  const events: ReceivedEvent[] = [];
  const received = events as Received[];
  const subscribed = subscribeChannel(pusher, channelName, events).then((result) => {
    if (result !== 'succeeded') throw new Error(`subscription refused: ${result}`);
  });
  return { pusher, received, subscribed };
}

function postgresServer() {
  const info = inject('testDatabase');
  if (info.engine !== 'postgres') throw new Error('this test needs the PostgreSQL server');
  return info;
}

describe('two server processes on one PostgreSQL server', () => {
  const info = postgresServer();
  const databaseName = uniqueDatabaseName('portal_two');
  const dataDirs: string[] = [];
  const instances: ServerProcess[] = [];
  const clients: Pusher[] = [];
  let database: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let provider: Tokens;
  let nurse: Tokens;
  let providerChannel: string;
  let nurseChannel: string;
  const channelOf = async (tokens: Tokens) => {
    const response = await fetch(`${a.url}/api/users/me`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    return ((await response.json()) as { notificationChannel: string }).notificationChannel;
  };

  beforeAll(async () => {
    await runOnServer(info.serverUrl, `CREATE DATABASE ${databaseName} TEMPLATE ${info.templateName}`);
    const databaseUrl = databaseUrlFor(info.serverUrl, databaseName);
    database = openPostgres(databaseUrl);
    const [portA, portB] = [await findFreePort(), await findFreePort()];
    const publicUrl = `http://127.0.0.1:${portA}`;
    for (const port of [portA, portB]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-two-'));
      dataDirs.push(dataDir);
      instances.push(
        startServerProcess({
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          DEMO_DATA: 'false',
          REMINDERS: 'false',
          DEMO_PASSWORD: TEST_DEMO_PASSWORD,
          // The template's audit trail is linked with the test key; every instance on it needs that key.
          AUDIT_KEY: TEST_AUDIT_KEY,
        }),
      );
    }
    [a, b] = instances as [ServerProcess, ServerProcess];
    await Promise.all(instances.map((instance) => waitUntilHealthy(instance)));
    provider = await signInWith(httpTransport(a.url), a.url, 'provider@example.org', TEST_DEMO_PASSWORD);
    nurse = await signInWith(httpTransport(a.url), a.url, 'nurse@example.org', TEST_DEMO_PASSWORD);
    [providerChannel, nurseChannel] = await Promise.all([channelOf(provider), channelOf(nurse)]);
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.close();
    await runOnServer(info.serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a comment made through one instance reaches the provider connected to the other', async () => {
    const listener = listenAs(b, provider, providerChannel);
    clients.push(listener.pusher);
    await listener.subscribed;
    const document = await insertDocument(
      database.db,
      { put: async () => ({ sha256: 'f'.repeat(64) }) },
      {
        clinicNpi: OWN_CLINIC_NPI,
      },
    );
    const response = await fetch(`${a.url}/api/reports/${document.id}/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${nurse.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'auth0|demo-provider', text: 'Across instances.' }),
    });
    expect(response.status).toBe(201);
    const event = await waitFor(() => listener.received[0]);
    expect(event.data.type).toBe('comment');
    const stored = await database.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', 'auth0|demo-provider')
      .execute();
    expect(stored.map((row) => row.id)).toContain(event.data.id);
  });

  it('and the other way round', async () => {
    const listener = listenAs(a, nurse, nurseChannel);
    clients.push(listener.pusher);
    await listener.subscribed;
    const response = await fetch(`${b.url}/api/notifications/in-app/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${nurse.accessToken}` },
    });
    expect(response.status).toBe(201);
    const { ids } = (await response.json()) as { ids: string[] };
    expect((await waitFor(() => listener.received[0])).data).toEqual({ id: ids[0], type: 'info' });
  });

  it('when the database drops an instance’s LISTEN connection, it comes back and tells its clients to resync', async () => {
    const pusher = connectPusher({
      wsPort: Number(new URL(b.url).port),
      authEndpoint: `${b.url}/api/realtime/auth`,
      accessToken: provider.accessToken,
    });
    clients.push(pusher);
    const events: ReceivedEvent[] = [];
    expect(await subscribeChannel(pusher, providerChannel, events)).toBe('succeeded');
    const terminated = await sql<{ ok: boolean }>`
      SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
      WHERE application_name = 'portal-listen' AND datname = current_database()`.execute(database.db);
    expect(terminated.rows.length).toBeGreaterThanOrEqual(2);
    await waitFor(() => events.find((item) => item.event === 'resync'));
    // Listening again: the next event arrives as before.
    const response = await fetch(`${a.url}/api/notifications/in-app/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.accessToken}` },
    });
    const { ids } = (await response.json()) as { ids: string[] };
    await waitFor(() =>
      events.find((item) => item.event === 'new-notification' && (item.data as { id: string }).id === ids[0]),
    );
  });

  it('a socket on one instance, authorised through the other, is closed when its user is locked', async () => {
    const transport = httpTransport(a.url);
    const admin = await signInWith(transport, a.url, 'irhadmin@example.org', TEST_DEMO_PASSWORD);
    const tech = await signInWith(transport, a.url, 'devicetech@example.org', TEST_DEMO_PASSWORD);
    const locked = listenAs(b, tech, await channelOf(tech), a);
    const witness = listenAs(b, nurse, nurseChannel, a);
    clients.push(locked.pusher, witness.pusher);
    await Promise.all([locked.subscribed, witness.subscribed]);
    const errors: { code?: number }[] = [];
    locked.pusher.connection.bind('error', (error: { data?: { code?: number } }) =>
      errors.push(error.data ?? {}),
    );

    const lock = await fetch(`${a.url}/api/users/${encodeURIComponent('auth0|demo-devicetech')}/lock-state`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ isLocked: true }),
    });
    expect(lock.status).toBe(200);
    // Instance B learns of it from the shared database: 4009, and pusher-js does not reconnect.
    await waitFor(() => (locked.pusher.connection.state === 'disconnected' ? true : undefined), 10_000);
    expect(errors).toContainEqual(expect.objectContaining({ code: 4009 }));
    expect(witness.pusher.connection.state).toBe('connected');
  });

  it('an instance killed right after its commit loses no event', async () => {
    const listener = listenAs(b, provider, providerChannel);
    clients.push(listener.pusher);
    await listener.subscribed;
    const before = listener.received.length;
    const response = await fetch(`${a.url}/api/notifications/in-app/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.accessToken}` },
    });
    // No grace: the process is gone the moment it answered.
    a.child.kill('SIGKILL');
    expect(response.status).toBe(201);
    const { ids } = (await response.json()) as { ids: string[] };
    const event = await waitFor(() =>
      listener.received.slice(before).find((item) => item.data.id === ids[0]),
    );
    expect(event.data.type).toBe('info');
  });
});
