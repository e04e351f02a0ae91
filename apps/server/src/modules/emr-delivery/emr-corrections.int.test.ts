import type { EmrDelivery } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateR4Resource } from '../../test-support/fhir-validator';
import { insertDocument, OWN_CLINIC_NPI, setClinicSetting } from '../../test-support/fixtures';
import { findFreePort } from '../../test-support/server-process';
import { bearer, signIn } from '../../test-support/sign-in';
import {
  type StudyVendorSimulators,
  startTestStudyVendors,
} from '../../test-support/study-vendor-simulators';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Issue 30 §2 and §3 against the EMR simulator over real HTTP: what the portal files is valid R4 and US Core (the
// simulator refuses anything else, and the test checks what it stored); un-signing a delivered document asks for a
// reason, marks the EMR's copy entered-in-error, and signing again files a copy that replaces it, each step
// shown in the delivery state. Runs on both engines.

/** Polls until `check` answers something truthy (the outbox works after the answer). */
async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('un-signing a document the EMR holds (issue 30)', () => {
  let portal: TestApp;
  let vendors: StudyVendorSimulators;
  let provider = '';

  beforeAll(async () => {
    const port = await findFreePort();
    vendors = await startTestStudyVendors({ portalUrl: `http://127.0.0.1:${port}` });
    portal = await createTestApp({
      env: {
        ...vendors.env,
        VENDOR_RETRY_INITIAL_DELAY_MS: '20',
        VENDOR_RETRIES: '4',
        VENDOR_TIMEOUT_MS: '5000',
        VENDOR_OUTBOX: 'true',
        VENDOR_OUTBOX_POLL_MS: '100',
      },
    });
    await portal.app.listen({ port, host: '127.0.0.1' });
    provider = (await signIn(portal.app, 'provider@example.org')).accessToken;
  });
  afterAll(async () => {
    await portal?.close();
    await vendors?.close();
  });

  const send = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    portal.app.inject({ method, url, headers: bearer(provider), ...(payload ? { payload } : {}) });
  const deliveryOf = async (id: string) =>
    (await send('GET', `/api/reports/${id}/emr-delivery`)).json() as EmrDelivery;

  /**
   * The DocumentReference as the EMR stores it, checked as R4 (the simulator checked US Core on the way in: it
   * refuses a Bundle or an update that does not meet it, and its refusals stay 0 below).
   */
  async function storedAtEmr(emrId: string) {
    const fhir = `${vendors.emr.url}/fhir`;
    const token = (await (
      await fetch(`${vendors.emr.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: vendors.emr.clientId,
          client_secret: vendors.emr.clientSecret,
        }),
      })
    ).json()) as { access_token: string };
    const get = async (path: string) =>
      (await fetch(`${fhir}/${path}`, { headers: { authorization: `Bearer ${token.access_token}` } })).json();
    const resource = (await get(`DocumentReference/${emrId}`)) as Record<string, unknown>;
    return { resource, r4: validateR4Resource(resource) };
  }

  it('asks for a reason, marks the EMR copy entered-in-error, and re-signing files a replacement', async () => {
    // The clinic's interpreting and referring physicians have no NPI ("Dr X; Dr Y"): the EMR still files.
    await setClinicSetting(portal.db, 'referringAndInterpretingPhysician', {
      enabled: true,
      value: 'Dr X; Dr Y',
    });
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      type: 'holter-study',
      serviceLine: 'wcd',
    });
    const firstSign = await send('PATCH', `/api/reports/${document.id}/sign`, { note: 'Sinus rhythm.' });
    expect(firstSign.statusCode, firstSign.body).toBe(200);
    const delivered = await eventually(async () => {
      const delivery = await deliveryOf(document.id);
      return delivery.state === 'delivered' ? delivery : null;
    }, 'the first delivery');
    const firstId = delivered.emrId as string;
    const first = vendors.emr.documents().find((filed) => filed.id === firstId);
    expect(first).toMatchObject({ status: 'current', typeCode: '18754-2', replaces: null });
    expect(first?.author.npi).toBeTruthy();
    expect(vendors.emr.stats().refusals).toBe(0);
    const stored = await storedAtEmr(firstId);
    expect(stored.r4).toEqual([]);
    expect(stored.resource).toMatchObject({
      category: [{ coding: [{ code: 'clinical-note' }] }],
      type: { coding: [{ system: 'http://loinc.org', code: '18754-2' }] },
      context: { period: { start: '2026-11-01' } },
      content: [{ format: { code: 'urn:ihe:iti:xds:2017:mimeTypeSufficient' } }],
      author: [{ reference: expect.stringMatching(/^Practitioner\//) }, { display: 'Dr X' }],
      subject: { reference: expect.stringMatching(/^Patient\//) },
    });

    // Un-signing needs a reason.
    const without = await send('PATCH', `/api/reports/${document.id}/unsign`, {});
    expect(without.statusCode).toBe(400);
    expect(JSON.stringify(without.json())).toContain('reason');
    const unsigned = await send('PATCH', `/api/reports/${document.id}/unsign`, {
      reason: 'Wrong patient attached.',
    });
    expect(unsigned.statusCode, unsigned.body).toBe(200);
    expect(unsigned.json().attributes.status).toBe('unsigned');

    // The reason is in the audit event.
    const event = await portal.db
      .selectFrom('auditEvents')
      .select(['note'])
      .where('entityId', '=', document.id)
      .where('eventType', '=', 'unsigned')
      .executeTakeFirstOrThrow();
    expect(event.note).toBe('Wrong patient attached.');

    // The correction reaches the EMR: its copy is entered-in-error.
    const corrected = await eventually(async () => {
      const delivery = await deliveryOf(document.id);
      return delivery.correction.state === 'entered-in-error' ? delivery : null;
    }, 'the correction');
    expect(corrected).toMatchObject({ state: 'not-sent', emrId: null, replacesEmrId: firstId });
    expect(corrected.correction).toEqual({ state: 'entered-in-error', emrId: firstId, reason: null });
    expect(vendors.emr.documents().find((filed) => filed.id === firstId)?.status).toBe('entered-in-error');
    expect((await storedAtEmr(firstId)).resource.status).toBe('entered-in-error');

    // Signed again: a new copy that replaces the corrected one.
    expect(
      (await send('PATCH', `/api/reports/${document.id}/sign`, { note: 'Sinus rhythm, corrected.' }))
        .statusCode,
    ).toBe(200);
    const replaced = await eventually(async () => {
      const delivery = await deliveryOf(document.id);
      return delivery.state === 'delivered' ? delivery : null;
    }, 'the replacement');
    expect(replaced.emrId).not.toBe(firstId);
    const second = vendors.emr.documents().find((filed) => filed.id === replaced.emrId);
    expect(second).toMatchObject({ status: 'current', replaces: firstId });
    const replacement = await storedAtEmr(replaced.emrId as string);
    expect(replacement.r4).toEqual([]);
    expect(replacement.resource.relatesTo).toEqual([
      { code: 'replaces', target: { reference: `DocumentReference/${firstId}` } },
    ]);
    expect(vendors.emr.stats().refusals).toBe(0);

    // Each step is in the delivery state, in order.
    expect(replaced.steps.map((step) => step.step)).toEqual([
      'signed',
      'delivered',
      'unsigned',
      'correction-queued',
      'entered-in-error',
      'signed',
      'delivered',
    ]);
    expect(replaced.steps[2]).toMatchObject({ step: 'unsigned', reason: 'Wrong patient attached.' });
    expect(replaced.steps[4]).toMatchObject({ step: 'entered-in-error', emrId: firstId });
  });

  it('a document un-signed while its copy is on the way leaves no current copy at the EMR', async () => {
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const identifierPrefix = `${document.id}.`;
    // The EMR is down while the provider signs and un-signs, then comes back while the attempt may still retry.
    vendors.emr.setFaults({ status: 503, times: 1000 });
    expect((await send('PATCH', `/api/reports/${document.id}/sign`, { note: 'Seen.' })).statusCode).toBe(200);
    const unsign = await send('PATCH', `/api/reports/${document.id}/unsign`, { reason: 'Signed too early.' });
    expect(unsign.statusCode).toBe(200);
    vendors.emr.clearFaults();
    // Its work ends: either nothing was filed, or what was filed is corrected at once.
    await eventually(
      async () => {
        const pending = await portal.db
          .selectFrom('vendorOutbox')
          .select('id')
          .where('subjectId', '=', document.id)
          .where('doneAt', 'is', null)
          .where('failedAt', 'is', null)
          .execute();
        return pending.length === 0;
      },
      'the delivery work to end',
      60_000,
    );
    const copies = vendors.emr.documents().filter((filed) => filed.identifier.startsWith(identifierPrefix));
    expect(copies.filter((copy) => copy.status === 'current')).toEqual([]);
    expect((await deliveryOf(document.id)).state).toBe('not-sent');
  });
});
