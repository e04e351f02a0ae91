/**
 * Realtime delivery (issue 5): 5,000 concurrent Pusher-protocol connections on one server instance, one
 * private user channel each, and an event sent to every channel through the notifications API.
 *
 *   npx tsx bench/realtime-delivery.ts                       (embedded PGlite)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/realtime-delivery.ts
 *
 * The server is the real process (`node --import tsx apps/server/src/server.ts`); the connections are raw
 * WebSockets speaking the Pusher protocol from this process. Reported: connect+subscribe time, the
 * delivery time from the API call to the event on the socket (one call per user, 50 in flight, and one
 * call addressed to all 5,000), and the server's resident memory per idle connection (VmRSS from /proc).
 * Target: p99 delivery ≤ 100 ms.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openPostgres } from '../apps/server/src/db/client';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { openPgliteDirectory } from '../apps/server/src/db/pglite-client';
import { seedDemoData } from '../apps/server/src/db/seed-demo-data';
import { openAuditTrail } from '../apps/server/src/modules/audit/open-audit-trail';
import {
  findFreePort,
  startServerProcess,
  waitUntilHealthy,
} from '../apps/server/src/test-support/server-process';
import { httpTransport, signInWith } from '../apps/server/src/test-support/sign-in';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 10);
const PASSWORD = 'Bench-Password-2026';
const SECRET = randomBytes(32).toString('hex');
const databaseUrl = process.env.BENCH_DATABASE_URL;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  return `p50 ${f(percentile(sorted, 50))} ms, p95 ${f(percentile(sorted, 95))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? Number.NaN)} ms (n=${sorted.length})`;
}
function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
}
const userId = (index: number) => `auth0|bench-${index}`;
// Each user's channel is named after their stored channel id (users.channel_id), read back below.
const channels: string[] = new Array(CONNECTIONS);
const channelOf = (index: number) => channels[index] as string;

// 1. A database with the demo accounts, 5,000 bench users and a known channel secret.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-realtime-bench-'));
let benchDbName: string | undefined;
let serverDatabaseUrl: string | undefined;
let database: DatabaseHandle;
if (databaseUrl) {
  benchDbName = `portal_realtime_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${benchDbName}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${benchDbName}`;
  serverDatabaseUrl = url.toString();
  database = openPostgres(serverDatabaseUrl);
} else {
  database = await openPgliteDirectory(dataDir);
}
await migrateToLatest(database.db);
// The key file this creates under DATA_DIR is the one the server process below links events with.
await openAuditTrail(database.db, loadConfig({ DATA_DIR: dataDir }));
await seedDemoData(database.db, { password: PASSWORD });
for (let start = 0; start < CONNECTIONS; start += 1000) {
  await database.db
    .insertInto('users')
    .values(
      Array.from({ length: Math.min(1000, CONNECTIONS - start) }, (_, offset) => ({
        id: userId(start + offset),
        email: `bench-${start + offset}@example.org`,
        roles: JSON.stringify([{ role: 'nurse', clinicNPI: '1234567893' }]),
      })),
    )
    .execute();
}
for (const row of await database.db
  .selectFrom('users')
  .select(['id', 'channelId'])
  .where('id', 'like', 'auth0|bench-%')
  .execute())
  channels[Number(row.id.slice('auth0|bench-'.length))] = `private-${row.channelId}`;
await database.db
  .insertInto('appSecrets')
  .values({ name: 'realtime-channel-secret', value: JSON.stringify(SECRET) })
  .execute();
await database.close();

// 2. The real server process.
const port = await findFreePort();
const server = startServerProcess({
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DEMO_DATA: 'false',
  REMINDERS: 'false',
  LOG_LEVEL: 'warn',
  // Every bench connection comes from 127.0.0.1: lift the per-address limit (100 by default) above them.
  REALTIME_MAX_CONNECTIONS_PER_IP: String(CONNECTIONS + 100),
  REALTIME_MAX_CONNECTIONS: String(Math.max(CONNECTIONS + 100, 20_000)),
  ...(serverDatabaseUrl ? { DATABASE_URL: serverDatabaseUrl } : {}),
});
try {
  await waitUntilHealthy(server, 120_000);
  const pid = server.child.pid as number;
  const admin = await signInWith(httpTransport(server.url), server.url, 'sysadmin@example.org', PASSWORD);
  const send = (userIds: string[]) =>
    fetch(`${server.url}/api/notifications/in-app`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userIds, type: 'info', title: 'Bench', text: 'Delivery timing.' }),
    }).then((response) => {
      if (response.status !== 201) throw new Error(`send answered ${response.status}`);
    });
  await send([userId(0)]); // warm the route
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssBefore = rssKb(pid);

  // 3. 5,000 connections, each subscribed to its user's private channel.
  const received: number[][] = Array.from({ length: CONNECTIONS }, () => []);
  const sockets: WebSocket[] = [];
  const connectStarted = performance.now();
  const connectTimes: number[] = [];
  for (let start = 0; start < CONNECTIONS; start += 250) {
    await Promise.all(
      Array.from({ length: Math.min(250, CONNECTIONS - start) }, (_, offset) => {
        const index = start + offset;
        const opened = performance.now();
        return new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(
            `ws://127.0.0.1:${port}/app/portal?protocol=7&client=js&version=8.6.0`,
          );
          sockets.push(socket);
          socket.on('error', reject);
          socket.on('message', (raw) => {
            const message = JSON.parse(raw.toString()) as { event: string; data: string };
            if (message.event === 'pusher:connection_established') {
              const socketId = (JSON.parse(message.data) as { socket_id: string }).socket_id;
              const channel = channelOf(index);
              const auth = `portal:${createHmac('sha256', SECRET).update(`${socketId}:${channel}`).digest('hex')}`;
              socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
            } else if (message.event === 'pusher_internal:subscription_succeeded') {
              connectTimes.push(performance.now() - opened);
              resolve();
            } else if (message.event === 'new-notification') {
              received[index]?.push(performance.now());
            }
          });
        });
      }),
    );
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rssIdle = rssKb(pid);

  // 4. One API call per user channel, 50 in flight.
  const sentAt: number[] = new Array(CONNECTIONS);
  const respondedAt: number[] = new Array(CONNECTIONS);
  let next = 0;
  const oneEach = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CONNECTIONS) {
        const index = next++;
        sentAt[index] = performance.now();
        await send([userId(index)]);
        respondedAt[index] = performance.now();
      }
    }),
  );
  const deadline = Date.now() + 30_000;
  while (received.some((times) => times.length < 1) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const perCallSeconds = (performance.now() - oneEach) / 1000;
  const missing = received.filter((times) => times.length < 1).length;
  const perCall = received
    .map((times, index) => (times[0] ?? Number.NaN) - (sentAt[index] ?? 0))
    .filter(Number.isFinite);
  const responses = respondedAt.map((at, index) => at - (sentAt[index] ?? 0));

  // 5. One call addressed to all 5,000.
  const broadcastAt = performance.now();
  await send(Array.from({ length: CONNECTIONS }, (_, index) => userId(index)));
  const broadcastResponded = performance.now() - broadcastAt;
  const deadline2 = Date.now() + 30_000;
  while (received.some((times) => times.length < 2) && Date.now() < deadline2)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const broadcast = received.map((times) => (times[1] ?? Number.NaN) - broadcastAt).filter(Number.isFinite);

  console.log(`engine: ${databaseUrl ? 'PostgreSQL server' : 'embedded PGlite'}; ${CONNECTIONS} connections`);
  console.log(
    `connect + subscribe: ${connectSeconds.toFixed(1)} s in batches of 250; per connection ${summary(connectTimes)}`,
  );
  console.log(
    `server RSS: ${(rssBefore / 1024).toFixed(0)} MB before, ${(rssIdle / 1024).toFixed(0)} MB with ${CONNECTIONS} idle connections → ${((rssIdle - rssBefore) / CONNECTIONS).toFixed(1)} KB per connection`,
  );
  console.log(
    `one API call per channel (${IN_FLIGHT} in flight, ${(CONNECTIONS / perCallSeconds).toFixed(0)} calls/s): delivery ${summary(perCall)}; missing ${missing}`,
  );
  console.log(`  API response time of those calls: ${summary(responses)}`);
  console.log(
    `one API call to all ${CONNECTIONS}: response after ${broadcastResponded.toFixed(0)} ms; delivery ${summary(broadcast)}; missing ${CONNECTIONS - broadcast.length}`,
  );
  for (const socket of sockets) socket.terminate();
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && benchDbName) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${benchDbName} WITH (FORCE)`);
    await admin.end();
  }
}
