import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StudyResource } from '@portal/domain';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  databaseUrlFor,
  runOnServer,
  TEST_DEMO_PASSWORD,
  uniqueDatabaseName,
} from '../../test-support/database-templates';
import { FIXTURE_PHYSICIAN_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import {
  findFreePort,
  type ServerProcess,
  startServerProcess,
  waitUntilHealthy,
} from '../../test-support/server-process';
import { httpTransport, signInWith } from '../../test-support/sign-in';
import {
  type StudyVendorSimulators,
  startTestStudyVendors,
} from '../../test-support/study-vendor-simulators';

// Issue 16 §6: the outbox loses nothing to a crash. The real server process queues a push, starts the call
// (the vendor holds it), and is killed with SIGKILL between its commit and the vendor's answer. Restarted
// on the same database, it sends the push again under the same idempotency key: the study is sent, and the
// vendor holds exactly one order.

describe('the vendor outbox across a kill -9', () => {
  const started: ServerProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const server of started) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** The database both processes use: a fresh one on the test server, or a PGlite directory. */
  async function databaseEnvironment(): Promise<Record<string, string>> {
    const info = inject('testDatabase');
    if (info.engine === 'postgres') {
      const name = uniqueDatabaseName('portal_crash');
      await runOnServer(info.serverUrl, `CREATE DATABASE ${name}`);
      cleanups.push(() => runOnServer(info.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      return { DATABASE_URL: databaseUrlFor(info.serverUrl, name), DATA_DIR: dataDir };
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir };
  }

  it('delivers a push after the process was killed mid-call, once', async () => {
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    const vendors: StudyVendorSimulators = await startTestStudyVendors({ portalUrl: url });
    cleanups.push(() => vendors.close());
    const env = {
      ...(await databaseEnvironment()),
      ...vendors.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DEMO_PASSWORD: TEST_DEMO_PASSWORD,
      DEMO_DOCUMENTS: '10',
      // A claim lapses soon after its process died, so the restart takes the work up quickly.
      VENDOR_OUTBOX_CLAIM_SECONDS: '2',
      VENDOR_OUTBOX_POLL_MS: '200',
      VENDOR_RETRY_INITIAL_DELAY_MS: '50',
      VENDOR_TIMEOUT_MS: '30000',
    };
    const start = async () => {
      const server = startServerProcess(env);
      started.push(server);
      await waitUntilHealthy(server);
      return server;
    };

    const first = await start();
    const tokens = await signInWith(httpTransport(url), url, 'nurse@example.org', TEST_DEMO_PASSWORD);
    const call = async (method: string, pathname: string, body?: object) => {
      const response = await fetch(`${url}${pathname}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    // A patient of the nurse's clinic to order for.
    const npi = OWN_CLINIC_NPI;
    const patient = await call('POST', `/api/patients/clinics/${npi}/patients`, {
      patientId: `CRASH-${Date.now()}`,
      firstName: 'Kill',
      lastName: 'Nine',
      dob: '1948-05-06',
      gender: 'female',
    });
    expect(patient.status, JSON.stringify(patient.body)).toBe(201);
    const patientId = patient.body.id as string;

    const created = await call('POST', `/api/patients/clinics/${npi}/patients/${patientId}/wcd-studies`, {
      orderingPhysicianNpi: FIXTURE_PHYSICIAN_NPI,
      orderingPhysicianName: 'Dr Ada Orderer',
      studyType: 'Event',
      durationDays: 7,
    });
    expect(created.status).toBe(201);
    const studyId = (created.body as unknown as StudyResource).id;

    // InfoBionic holds the enrollment call for 8 s: the push is committed, claimed and on the wire.
    vendors.infobionic.setFaults({ delayMs: 8000 });
    const requestsBefore = vendors.infobionic.stats().requests;
    expect(
      (await call('POST', `/api/patients/clinics/${npi}/infobionics/wcd-studies/${studyId}/push`)).status,
    ).toBe(202);
    const deadline = Date.now() + 20_000;
    // The token and the enrollment: the call is in flight.
    while (vendors.infobionic.stats().requests < requestsBefore + 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vendors.infobionic.stats().requests).toBeGreaterThanOrEqual(requestsBefore + 2);

    first.child.kill('SIGKILL');
    await first.exited;
    vendors.infobionic.clearFaults();

    const second = await start();
    const tokensAfter = await signInWith(httpTransport(url), url, 'nurse@example.org', TEST_DEMO_PASSWORD);
    let study: StudyResource | undefined;
    const sentBy = Date.now() + 30_000;
    while (Date.now() < sentBy) {
      const response = await fetch(`${url}/api/patients/clinics/${npi}/patients/${patientId}/studies`, {
        headers: { authorization: `Bearer ${tokensAfter.accessToken}` },
      });
      const list = (await response.json()) as { data: StudyResource[] };
      study = list.data.find((candidate) => candidate.id === studyId);
      if (study?.attributes.push.state === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(study?.attributes.push.state, second.output()).toBe('sent');
    expect(study?.attributes.status).toBe('in-progress');
    expect(study?.attributes.vendorReference).toMatch(/^IB-/);
    // The call before the kill and the one after carried one key: one enrollment at InfoBionic.
    expect(vendors.infobionic.stats().ordersCreated).toBe(1);
  });
});
