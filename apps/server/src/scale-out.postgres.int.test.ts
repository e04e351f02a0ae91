import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DAY_MS, documentDeadlinesOf } from '@portal/domain';
import { Redis } from 'ioredis';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from './db/client';
import { rateLimitKey } from './modules/identity/rate-limiter';
import { TEST_AUDIT_KEY } from './test-support/constants';
import {
  databaseUrlFor,
  runOnServer,
  TEST_DEMO_PASSWORD,
  uniqueDatabaseName,
} from './test-support/database-templates';
import { getSamplePdf, insertDocument, OWN_CLINIC_NPI } from './test-support/fixtures';
import { type LoadBalancer, startLoadBalancer, UPSTREAM_HEADER } from './test-support/load-balancer';
import { uploadBody } from './test-support/multipart';
import { connectPusher, type ReceivedEvent, subscribeChannel, waitFor } from './test-support/pusher-client';
import { startS3Server, type TestS3Server } from './test-support/s3-server';
import {
  findFreePort,
  type ServerProcess,
  startServerProcess,
  waitUntilHealthy,
} from './test-support/server-process';
import { httpTransport, signInWith, type Tokens } from './test-support/sign-in';

// Issue 18 §2: two server processes on one PostgreSQL database and one S3 bucket, behind nginx with round
// robin, as the README's "Running at scale" describes. Every request below goes through the balancer, and
// each answer names the instance that served it, so the test can show that consecutive steps of one
// story were served by different instances. Only meaningful on a PostgreSQL server: postgres project only.

const PER_ADDRESS = 4;
const PROVIDER = 'auth0|demo-provider';

function postgresServer() {
  const info = inject('testDatabase');
  if (info.engine !== 'postgres') throw new Error('this test needs the PostgreSQL server');
  return info;
}

/**
 * A client address of its own for each story, so no two share a rate-limit budget. The test sends it as
 * X-Forwarded-For; nginx appends the test's own address, 127.0.0.1, which TRUST_PROXY trusts as it trusts
 * nginx, so the instances take this one for the client's.
 */
function clientAddress() {
  return `198.18.${randomInt(0, 255)}.${randomInt(1, 255)}`;
}

/**
 * Redis at TEST_REDIS_URL, in a numbered database of its own (1–15, at random): the sign-in counters of
 * other test files and runs on the same Redis stay apart from this one's.
 */
function isolatedRedisUrl(): string {
  const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = `/${randomInt(1, 16)}`;
  return url.toString();
}

/** Each instance differs from the one before it: round robin sent consecutive requests to both. */
function alternates(served: readonly string[]) {
  return served.every((address, index) => index === 0 || address !== served[index - 1]);
}

describe('two instances behind a load balancer: one database, one bucket, Redis for limits', () => {
  const info = postgresServer();
  const databaseName = uniqueDatabaseName('portal_scale');
  const redisUrl = isolatedRedisUrl();
  const dataDirs: string[] = [];
  let bucket: TestS3Server;
  const clients: Pusher[] = [];
  let instances: ServerProcess[] = [];
  let balancer: LoadBalancer;
  let database: DatabaseHandle;
  let upstreams: string[];
  /** The document the background workers find waiting: assigned to the provider, long past its due time. */
  let overdueId: string;

  /** A request through the balancer; answers the response and the instance that served it. */
  async function send(url: string, init: RequestInit & { tokens?: Tokens; address?: string } = {}) {
    const { tokens, address, ...rest } = init;
    const response = await fetch(`${balancer.url}${url}`, {
      ...rest,
      headers: {
        ...(rest.headers as Record<string, string>),
        ...(tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {}),
        'x-forwarded-for': address ?? clientAddress(),
      },
    });
    return { response, servedBy: response.headers.get(UPSTREAM_HEADER) ?? '(none)' };
  }

  async function signInThroughBalancer(email: string) {
    const servedBy: string[] = [];
    const transport = httpTransport(balancer.url, { 'x-forwarded-for': clientAddress() }, (response) =>
      servedBy.push(response.headers.get(UPSTREAM_HEADER) ?? '(none)'),
    );
    const tokens = await signInWith(transport, balancer.url, email, TEST_DEMO_PASSWORD);
    return { tokens, servedBy };
  }

  beforeAll(async () => {
    await runOnServer(info.serverUrl, `CREATE DATABASE ${databaseName} TEMPLATE ${info.templateName}`);
    const databaseUrl = databaseUrlFor(info.serverUrl, databaseName);
    database = openPostgres(databaseUrl);

    // What the background workers will find when the instances start: an unsigned document assigned to
    // the provider (the daily and weekly reminders, the daily one switched on for them), received 30 days
    // ago with a high alert (every escalation step is due), and an admin who asked for the daily report.
    const overdue = await insertDocument(
      database.db,
      { put: async () => ({ sha256: 'e'.repeat(64) }) },
      { clinicNpi: OWN_CLINIC_NPI, type: 'crm-alert', alert: 'high', assignedTo: PROVIDER },
    );
    overdueId = overdue.id;
    await database.db
      .updateTable('documents')
      .set(documentDeadlinesOf({}, { alert: 'high' }, new Date(Date.now() - 30 * DAY_MS)))
      .where('id', '=', overdueId)
      .execute();
    await database.db
      .insertInto('notificationPreferences')
      .values([
        {
          userId: PROVIDER,
          enableDailyDigest: true,
          enableWeeklyDigest: true,
          enableRealtimeAlerts: 'high',
        },
        {
          userId: 'auth0|demo-irhadmin',
          enableDailyDigest: false,
          enableWeeklyDigest: false,
          enableRealtimeAlerts: 'high',
          enableDailyAdminReport: true,
        },
      ])
      .execute();

    bucket = await startS3Server();
    const ports = [await findFreePort(), await findFreePort()];
    upstreams = ports.map((port) => `127.0.0.1:${port}`);
    balancer = await startLoadBalancer(upstreams);
    instances = ports.map((port) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scale-'));
      dataDirs.push(dataDir);
      return startServerProcess({
        PORT: String(port),
        PUBLIC_URL: balancer.url,
        TRUST_PROXY: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        // One bucket for both (and nothing shared on disk): a PDF uploaded through one instance is signed
        // and read through the other.
        ...bucket.env,
        DATA_DIR: dataDir,
        REDIS_URL: redisUrl,
        AUDIT_KEY: TEST_AUDIT_KEY,
        DEMO_DATA: 'false',
        DEMO_PASSWORD: TEST_DEMO_PASSWORD,
        LOGIN_RATE_LIMIT_PER_MINUTE: String(PER_ADDRESS),
        // Every background worker on, on both instances, due at once: each must still act once.
        REMINDERS: 'true',
        REMINDER_HOUR_UTC: '0',
        ESCALATIONS: 'true',
        ESCALATION_POLL_MS: '1000',
        DAILY_REPORT: 'true',
        DAILY_REPORT_HOUR_UTC: '0',
      });
    });
    await Promise.all(instances.map((instance) => waitUntilHealthy(instance)));
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await Promise.all(instances.map((instance) => instance.stop()));
    await balancer?.stop();
    await bucket?.stop();
    await database?.close();
    await runOnServer(info.serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('signs in whichever instance serves each step of the OpenID flow', async () => {
    const { tokens, servedBy } = await signInThroughBalancer('provider@example.org');
    // authorize, the login page, the login form, back through the provider, the token endpoint.
    expect(servedBy.length).toBeGreaterThanOrEqual(5);
    expect(new Set(servedBy)).toEqual(new Set(upstreams));
    expect(alternates(servedBy)).toBe(true);
    // The tokens one instance issued are good on both.
    const answers = await Promise.all(
      instances.map((instance) =>
        fetch(`${instance.url}/api/users/me`, { headers: { authorization: `Bearer ${tokens.accessToken}` } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  });

  it('a comment made on either instance reaches the WebSocket the other one holds', async () => {
    const provider = (await signInThroughBalancer('provider@example.org')).tokens;
    const nurse = (await signInThroughBalancer('nurse@example.org')).tokens;
    const { response: me } = await send('/api/users/me', { tokens: provider });
    const { notificationChannel } = (await me.json()) as { notificationChannel: string };

    // The real pusher-js client, in two tabs, through the balancer: their WebSockets, opened together,
    // land one on each instance.
    const tabs = [0, 1].map(() => {
      const pusher = connectPusher({
        wsPort: balancer.port,
        authEndpoint: `${balancer.url}/api/realtime/auth`,
        accessToken: provider.accessToken,
      });
      clients.push(pusher);
      return { pusher, events: [] as ReceivedEvent[] };
    });
    for (const tab of tabs)
      expect(await subscribeChannel(tab.pusher, notificationChannel, tab.events)).toBe('succeeded');

    const document = await insertDocument(
      database.db,
      { put: async () => ({ sha256: 'f'.repeat(64) }) },
      { clinicNpi: OWN_CLINIC_NPI },
    );
    const servedBy: string[] = [];
    for (const text of ['First, through one instance.', 'Then through the other.']) {
      const { response, servedBy: instance } = await send(`/api/reports/${document.id}/comments`, {
        method: 'POST',
        tokens: nurse,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: PROVIDER, text }),
      });
      expect(response.status).toBe(201);
      servedBy.push(instance);
    }
    // Each comment was made on a different instance, so each tab heard one made on the other instance.
    expect(new Set(servedBy)).toEqual(new Set(upstreams));
    const stored = await database.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', PROVIDER)
      .where('documentId', '=', document.id)
      .execute();
    expect(stored).toHaveLength(2);
    for (const tab of tabs) {
      const comments = await waitFor(() => {
        const received = tab.events.filter((event) => (event.data as { type?: string }).type === 'comment');
        return received.length >= 2 ? received : undefined;
      });
      expect(comments.map((event) => (event.data as { id: string }).id).sort()).toEqual(
        stored.map((row) => row.id).sort(),
      );
    }
  });

  it('one document signed through both instances at once is signed once', async () => {
    const irhTech = (await signInThroughBalancer('irhtech@example.org')).tokens;
    const provider = (await signInThroughBalancer('provider@example.org')).tokens;
    const upload = uploadBody(
      {
        clinicNpi: OWN_CLINIC_NPI,
        type: 'implicity-90-day-remote-report',
        serviceLine: 'crm',
        dos: '2026-11-02T09:30:00Z',
        patientId: `SCALE-${Date.now()}`,
        patientFirstName: 'Ada',
        patientLastName: 'Balancer',
      },
      { name: 'report.pdf', bytes: await getSamplePdf() },
    );
    const { response: created } = await send('/api/reports', {
      method: 'POST',
      tokens: irhTech,
      headers: { 'content-type': upload.contentType },
      body: upload.payload,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // Assigned to the provider already, so that signing takes no other lock on the way (reassignment would).
    await database.db.updateTable('documents').set({ assignedTo: PROVIDER }).where('id', '=', id).execute();

    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(`/api/reports/${id}/sign`, {
          method: 'PATCH',
          tokens: provider,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ note: 'Reviewed.' }),
        }),
      ),
    );
    expect(new Set(attempts.map((attempt) => attempt.servedBy))).toEqual(new Set(upstreams));
    expect(attempts.map((attempt) => attempt.response.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const signedEvents = await database.db
      .selectFrom('auditEvents')
      .select('eventType')
      .where('entityId', '=', id)
      .where('eventType', '=', 'signed')
      .execute();
    expect(signedEvents).toHaveLength(1);

    // The signed PDF, stored in the bucket by whichever instance signed, is served by both, byte for byte.
    // Without the coversheet: that page is drawn per request, dated to the second it was drawn, so two
    // reads a second apart differ there (it was so under load).
    const reads = [
      await send(`/api/reports/blob-storage/${id}?stripCoversheet=true`, { tokens: provider }),
      await send(`/api/reports/blob-storage/${id}?stripCoversheet=true`, { tokens: provider }),
    ];
    expect(new Set(reads.map((read) => read.servedBy))).toEqual(new Set(upstreams));
    const [first, second] = await Promise.all(
      reads.map(async ({ response }) => {
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    expect(first?.equals(second as Buffer)).toBe(true);
  });

  it('one client’s requests through both instances share one rate limit, counted in Redis', async () => {
    const address = clientAddress();
    const attempts: { status: number; servedBy: string }[] = [];
    for (let attempt = 0; attempt < PER_ADDRESS + 2; attempt++) {
      const { response, servedBy } = await send('/idp/token', {
        method: 'POST',
        address,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=refresh_token&client_id=portal-web&refresh_token=nope',
      });
      attempts.push({ status: response.status, servedBy });
    }
    expect(alternates(attempts.map((attempt) => attempt.servedBy))).toBe(true);
    // Counted per instance, each would have allowed three: all six would be 400.
    expect(attempts.map((attempt) => attempt.status)).toEqual([400, 400, 400, 400, 429, 429]);
    const redis = new Redis(redisUrl);
    try {
      expect(await redis.get(`portal:rate:${rateLimitKey('ip', address)}`)).toBe(String(PER_ADDRESS + 2));
    } finally {
      redis.disconnect();
    }
  });

  it('both instances run the reminders, escalations and the daily report; each happens once', async () => {
    const runsOf = (kind: string) =>
      database.db.selectFrom('reminderRuns').selectAll().where('kind', '=', kind).execute();
    // Reminders look 5 s after start, escalations every second, the daily report as each instance is ready.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [daily, weekly, report, steps] = await Promise.all([
        runsOf('daily'),
        runsOf('weekly'),
        runsOf('daily-report'),
        database.db
          .selectFrom('documentEscalations')
          .select('step')
          .where('documentId', '=', overdueId)
          .execute(),
      ]);
      if (daily.length && weekly.length && report.length && steps.length === 3) break;
      if (Date.now() > deadline) throw new Error('the background work did not happen within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Both instances look again meanwhile (escalations twice more); nothing happens twice.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const notifications = await database.db
      .selectFrom('notifications')
      .select(['userId', 'type', 'title', 'documentId'])
      .execute();
    const reminders = (type: string) => notifications.filter((row) => row.type === type);
    const emails = await database.db.selectFrom('emailOutbox').select(['kind', 'toAddress']).execute();
    const emailsOf = (kind: string) => emails.filter((row) => row.kind === kind);
    // One reminder per period (a test run across midnight UTC has two daily periods, each reminded once).
    expect(reminders('daily-reminder')).toHaveLength((await runsOf('daily')).length);
    expect(reminders('weekly-reminder')).toHaveLength((await runsOf('weekly')).length);
    expect(emailsOf('daily-reminder')).toHaveLength((await runsOf('daily')).length);
    expect(emailsOf('weekly-reminder')).toHaveLength((await runsOf('weekly')).length);
    expect(emailsOf('daily-report')).toHaveLength((await runsOf('daily-report')).length);
    expect(emailsOf('daily-report')[0]?.toAddress).toBe('irhadmin@example.org');

    // Each escalation step once: its audit event once, and nobody notified twice of one step.
    const escalated = await database.db
      .selectFrom('auditEvents')
      .select('after')
      .where('entityId', '=', overdueId)
      .where('eventType', '=', 'escalated')
      .execute();
    expect(escalated.map((row) => (row.after as { step: string }).step).sort()).toEqual([
      'due',
      'half-time',
      'twice-due',
    ]);
    const aboutOverdue = notifications
      .filter((row) => row.documentId === overdueId)
      .map((row) => `${row.userId} ${row.title}`);
    expect(aboutOverdue.length).toBeGreaterThan(0);
    expect(new Set(aboutOverdue).size).toBe(aboutOverdue.length);
  });
});
