import {
  type StudyResource,
  signVendorPayload,
  VENDOR_DELIVERY_ID_HEADER,
  VENDOR_SIGNATURE_HEADER,
} from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_PHYSICIAN_NPI,
  insertDocument,
  insertPatient,
  OWN_CLINIC_NPI,
  setClinicSetting,
} from '../../test-support/fixtures';
import { findFreePort } from '../../test-support/server-process';
import { bearer, signIn } from '../../test-support/sign-in';
import {
  type StudyVendorSimulators,
  startTestStudyVendors,
} from '../../test-support/study-vendor-simulators';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { buildPlainThreePagePdf, cutInHalf } from '../documents/pdf/test-support/sample-pdfs';

// Issue 16 end to end, over real HTTP both ways: the portal orders studies from the Zoll, InfoBionic and
// Biobeat simulators through its outbox, takes their signed results as one document per study, and files
// signed documents in the EMR simulator. Runs on both engines.

const CLINIC = `/api/patients/clinics/${OWN_CLINIC_NPI}`;
const order = { orderingPhysicianNpi: FIXTURE_PHYSICIAN_NPI, orderingPhysicianName: 'Dr Ada Orderer' };

/** Polls until `check` answers something truthy (outbox, callbacks and syncs all happen after the answer). */
async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('studies and their vendors (issue 16)', () => {
  let portal: TestApp;
  let vendors: StudyVendorSimulators;
  let portalUrl: string;
  const tokens: Record<'nurse' | 'provider', string> = { nurse: '', provider: '' };

  beforeAll(async () => {
    const port = await findFreePort();
    portalUrl = `http://127.0.0.1:${port}`;
    vendors = await startTestStudyVendors({ portalUrl });
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
    tokens.nurse = (await signIn(portal.app, 'nurse@example.org')).accessToken;
    tokens.provider = (await signIn(portal.app, 'provider@example.org')).accessToken;
    await setClinicSetting(portal.db, 'sleepGlobalOfficeId', { enabled: true, value: 'OFFICE-7' });
  });
  afterAll(async () => {
    await portal?.close();
    await vendors?.close();
  });

  const send = (who: 'nurse' | 'provider', method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    portal.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
  const studyOf = async (patientId: string, studyId: string) => {
    const list = (await send('nurse', 'GET', `${CLINIC}/patients/${patientId}/studies`)).json() as {
      data: StudyResource[];
    };
    return list.data.find((study) => study.id === studyId) as StudyResource;
  };
  const freshPatient = () =>
    insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      firstName: 'Study',
      lastName: 'Patient',
      dob: '1950-02-03',
    });
  const documentCount = async (studyId: string) =>
    Number(
      (
        await portal.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('count'))
          .where(sql<string>`metadata -> 'study' ->> 'id'`, '=', studyId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('a sleep study: profile, order, push, Zoll scores it, the provider signs it, the EMR receives it', async () => {
    const patient = await freshPatient();
    const profile = await send('nurse', 'POST', `${CLINIC}/patients/${patient.id}/sleep-profile`, {
      heightCm: 178,
      weightKg: 96,
      neckCircumferenceCm: 43,
      epworthScore: 14,
    });
    expect(profile.statusCode).toBe(201);

    const created = await send('nurse', 'POST', `${CLINIC}/patients/${patient.id}/sleep-profile/studies`, {
      ...order,
      nights: 2,
    });
    expect(created.statusCode).toBe(201);
    const study = created.json() as StudyResource;
    expect(study.attributes).toMatchObject({
      suite: 'sleep',
      status: 'new',
      duration: 2,
      push: { state: 'not-sent' },
    });
    // A second sleep study while this one is open is refused, naming the state.
    const second = await send(
      'nurse',
      'POST',
      `${CLINIC}/patients/${patient.id}/sleep-profile/studies`,
      order,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain("'new'");

    const pushed = await send('nurse', 'POST', `/api/patients/zoll/sleep-studies/${study.id}/push`);
    expect(pushed.statusCode).toBe(202);
    expect((pushed.json() as StudyResource).attributes.push.state).toBe('queued');
    const sent = await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      return current.attributes.push.state === 'sent' ? current : null;
    }, 'the push to Zoll');
    expect(sent.attributes.status).toBe('in-progress');
    expect(sent.attributes.vendorReference).toMatch(/^ZS-/);
    // Sent once, whatever the retries: Zoll holds one order.
    expect(vendors.zoll.stats().ordersCreated).toBe(1);

    // A sent study's order can no longer change.
    const change = await send(
      'nurse',
      'POST',
      `${CLINIC}/patients/${patient.id}/sleep-profile/studies/${study.id}`,
      {
        nights: 3,
      },
    );
    expect(change.statusCode).toBe(409);

    vendors.zoll.advance({ id: sent.attributes.vendorReference as string });
    const ready = await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      return current.attributes.status === 'ready-for-review' ? current : null;
    }, 'the scored study');
    expect(ready.attributes.results).toMatchObject({ suite: 'sleep' });
    expect(ready.attributes.documentId).toBeTruthy();
    expect(ready.attributes.statusHistory.map((change) => change.to)).toEqual([
      'new',
      'in-progress',
      'ready-for-review',
    ]);

    // The provider sees the sleep-study document with its AHI, and signs it.
    const documentId = ready.attributes.documentId as string;
    const document = (await send('provider', 'GET', `/api/reports/${documentId}`)).json();
    expect(document.data?.attributes?.type ?? document.attributes?.type).toBe('sleep-study');
    const metadata = (document.data?.attributes ?? document.attributes).metadata as {
      study: { results: { ahi: number } };
    };
    expect(metadata.study.results.ahi).toBe((ready.attributes.results as { ahi: number }).ahi);
    await setClinicSetting(portal.db, 'emrPdfMaxPageLength', { enabled: true, value: '2' });
    const signed = await send('provider', 'PATCH', `/api/reports/${documentId}/sign`, {
      note: 'Moderate OSA.',
    });
    expect(signed.statusCode).toBe(200);
    expect((await studyOf(patient.id, study.id)).attributes.status).toBe('reviewed');

    const delivery = await eventually(async () => {
      const answer = (await send('provider', 'GET', `/api/reports/${documentId}/emr-delivery`)).json();
      return answer.state === 'delivered' ? answer : null;
    }, 'the EMR delivery');
    const filed = vendors.emr.documents().find((entry) => entry.id === delivery.emrId);
    expect(filed).toBeDefined();
    expect(filed?.type).toContain('Sleep');
    expect(filed?.pageCount).toBeLessThanOrEqual(2);
    expect(delivery.pageCount).toBe(filed?.pageCount);

    // Reviewed is final: cancelling it now is a 409 naming both states.
    const cancel = await send(
      'nurse',
      'POST',
      `${CLINIC}/patients/${patient.id}/sleep-profile/current-study/cancel`,
    );
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(
      "A study cannot move from 'reviewed' to 'cancelled': 'reviewed' is final.",
    );

    // Every change is on the patient's timeline.
    const events = (
      await send('nurse', 'GET', `${CLINIC}/patients/${patient.id}/events?page[limit]=50`)
    ).json() as {
      data: { kind: string; summary: string }[];
    };
    expect(events.data.map((event) => event.summary)).toContain('Sent the Sleep report to the EMR');
    const studyLines = events.data.filter((event) => event.kind === 'study').map((event) => event.summary);
    expect(studyLines).toEqual(
      expect.arrayContaining([
        'Sleep profile created',
        'Sleep study ordered',
        'Sleep study sent to Zoll',
        'Sleep study results received',
        'Sleep study: ready for review',
        'Sleep study: reviewed',
      ]),
    );
  });

  it('retries a push Zoll answers with 503, and the order arrives once', async () => {
    const patient = await freshPatient();
    const study = (
      await send('nurse', 'POST', `${CLINIC}/patients/${patient.id}/sleep-profile/studies`, order)
    ).json() as StudyResource;
    const before = vendors.zoll.stats();
    vendors.zoll.setFaults({ status: 503, times: 2 });
    expect(
      (await send('nurse', 'POST', `/api/patients/zoll/sleep-studies/${study.id}/push`)).statusCode,
    ).toBe(202);
    const sent = await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      return current.attributes.push.state === 'sent' ? current : null;
    }, 'the retried push');
    expect(sent.attributes.push.error).toBeNull();
    const after = vendors.zoll.stats();
    expect(after.ordersCreated - before.ordersCreated).toBe(1);
    // Two 503s and the order: three requests to the order endpoint at least.
    expect(after.requests - before.requests).toBeGreaterThanOrEqual(3);
    vendors.zoll.clearFaults();
  });

  it('check for updates reads the state from Zoll now, and a study not sent is a 409', async () => {
    const patient = await freshPatient();
    const study = (
      await send('nurse', 'POST', `${CLINIC}/patients/${patient.id}/sleep-profile/studies`, order)
    ).json() as StudyResource;
    const early = await send('nurse', 'POST', `/api/patients/zoll/check-for-updates/${study.id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This study has not been sent to Zoll yet: push it first.');
    await send('nurse', 'POST', `/api/patients/zoll/sleep-studies/${study.id}/push`);
    const sent = await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      return current.attributes.vendorReference ? current : null;
    }, 'the push');
    vendors.zoll.advance({ id: sent.attributes.vendorReference as string });
    const checked = await send('nurse', 'POST', `/api/patients/zoll/check-for-updates/${study.id}`);
    expect(checked.statusCode).toBe(200);
    expect((checked.json() as StudyResource).attributes.status).toBe('ready-for-review');
    // However the results arrived (the check, Zoll's callbacks, both), there is one document.
    await vendors.zoll.callbacksSettled();
    expect(await documentCount(study.id)).toBe(1);
  });

  it('Zoll updates that arrive newest first still end in one ready-for-review document', async () => {
    const patient = await freshPatient();
    const study = (
      await send('nurse', 'POST', `${CLINIC}/patients/${patient.id}/sleep-profile/studies`, order)
    ).json() as StudyResource;
    await send('nurse', 'POST', `/api/patients/zoll/sleep-studies/${study.id}/push`);
    const sent = await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      return current.attributes.vendorReference ? current : null;
    }, 'the push');
    vendors.zoll.setFaults({ outOfOrder: true });
    try {
      vendors.zoll.advance({ id: sent.attributes.vendorReference as string });
      await vendors.zoll.callbacksSettled();
      const ready = await eventually(async () => {
        const current = await studyOf(patient.id, study.id);
        return current.attributes.status === 'ready-for-review' ? current : null;
      }, 'the scored study');
      // 'in-progress' arrived after 'scored': the study did not move back.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await studyOf(patient.id, study.id)).attributes.status).toBe('ready-for-review');
      expect(ready.attributes.statusHistory.map((change) => change.to)).toEqual([
        'new',
        'in-progress',
        'ready-for-review',
      ]);
      expect(await documentCount(study.id)).toBe(1);
    } finally {
      vendors.zoll.clearFaults();
    }
  });

  it("a push without the clinic's sleep global office id is a 422 naming the setting", async () => {
    await setClinicSetting(portal.db, 'sleepGlobalOfficeId', { enabled: false, value: '' });
    try {
      const patient = await freshPatient();
      const study = (
        await send('nurse', 'POST', `${CLINIC}/patients/${patient.id}/sleep-profile/studies`, order)
      ).json() as StudyResource;
      const pushed = await send('nurse', 'POST', `/api/patients/zoll/sleep-studies/${study.id}/push`);
      expect(pushed.statusCode).toBe(422);
      expect(pushed.json().details).toEqual([{ field: 'sleepGlobalOfficeId', message: 'is not set' }]);
      expect((await studyOf(patient.id, study.id)).attributes.push.state).toBe('not-sent');
    } finally {
      await setClinicSetting(portal.db, 'sleepGlobalOfficeId', { enabled: true, value: 'OFFICE-7' });
    }
  });

  it('a WCD MCT study: order, push, InfoBionic posts the results, the provider signs, reviewed', async () => {
    const patient = await freshPatient();
    const created = await send('nurse', 'POST', `${CLINIC}/patients/${patient.id}/wcd-studies`, {
      ...order,
      studyType: 'MCT',
      durationDays: 14,
    });
    expect(created.statusCode).toBe(201);
    const study = created.json() as StudyResource;
    expect(study.attributes).toMatchObject({ suite: 'wcd', studyType: 'MCT', duration: 14 });
    expect(
      (await send('nurse', 'POST', `${CLINIC}/infobionics/wcd-studies/${study.id}/push`)).statusCode,
    ).toBe(202);
    const sent = await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      return current.attributes.vendorReference ? current : null;
    }, 'the enrollment');
    expect(sent.attributes.vendorReference).toMatch(/^IB-/);
    vendors.infobionic.advance({ id: sent.attributes.vendorReference as string });
    const ready = await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      return current.attributes.status === 'ready-for-review' ? current : null;
    }, 'the MCT results');
    expect(ready.attributes.results).toMatchObject({ suite: 'wcd' });
    const documentId = ready.attributes.documentId as string;
    const document = await portal.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(document).toMatchObject({ type: 'mcot-study', serviceLine: 'wcd', patientRef: patient.id });
    expect(
      (await send('provider', 'PATCH', `/api/reports/${documentId}/sign`, { note: 'Reviewed.' })).statusCode,
    ).toBe(200);
    expect((await studyOf(patient.id, study.id)).attributes.status).toBe('reviewed');
  });

  it('an ABPM study: its readings become means and dipping, and a duplicate delivery creates one document', async () => {
    const patient = await freshPatient();
    const study = (
      await send('nurse', 'POST', `${CLINIC}/patients/${patient.id}/abpm-studies`, {
        ...order,
        durationHours: 24,
      })
    ).json() as StudyResource;
    await send('nurse', 'POST', `${CLINIC}/biobeat/abpm-studies/${study.id}/push`);
    const sent = await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      return current.attributes.vendorReference ? current : null;
    }, 'the session');
    // Biobeat sends its results twice, with the same delivery id.
    vendors.biobeat.setFaults({ duplicateDeliveries: 1 });
    vendors.biobeat.advance({ id: sent.attributes.vendorReference as string });
    await vendors.biobeat.callbacksSettled();
    vendors.biobeat.clearFaults();
    const ready = await studyOf(patient.id, study.id);
    expect(ready.attributes.status).toBe('ready-for-review');
    const results = ready.attributes.results as {
      suite: string;
      periods: Record<string, { mean: { systolic: number } | null; readingCount: number }>;
      dipping: { category: string } | null;
    };
    expect(results.suite).toBe('abpm');
    expect(results.periods.day?.readingCount).toBeGreaterThan(0);
    expect(results.periods.night?.readingCount).toBeGreaterThan(0);
    expect(['dipper', 'non-dipper', 'extreme-dipper', 'riser']).toContain(results.dipping?.category);
    expect(await documentCount(study.id)).toBe(1);
    const stats = vendors.biobeat.stats().callbacks;
    expect(JSON.stringify(stats)).toContain('20');

    // The same results under a new delivery id still find the first document.
    const body = JSON.stringify({
      sessionId: sent.attributes.vendorReference,
      externalId: study.id,
      readings: [{ at: '2026-11-24T10:00:00Z', period: 'day', systolic: 130, diastolic: 80, heartRate: 70 }],
      pdfBase64: Buffer.from('%PDF-1.4').toString('base64'),
    });
    const again = await portal.app.inject({
      method: 'POST',
      url: '/api/vendors/biobeat/abpm-results',
      headers: {
        'content-type': 'application/json',
        [VENDOR_SIGNATURE_HEADER]: await signVendorPayload(vendors.biobeat.webhookSecret, {
          deliveryId: 'another-delivery',
          rawBody: body,
        }),
        [VENDOR_DELIVERY_ID_HEADER]: 'another-delivery',
      },
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, documentId: ready.attributes.documentId });
    expect(await documentCount(study.id)).toBe(1);
  });

  it('refuses results whose PDF was cut short (issue 29 §2): 422 naming pdfBase64 and the page, no document', async () => {
    const patient = await freshPatient();
    const study = (
      await send('nurse', 'POST', `${CLINIC}/patients/${patient.id}/abpm-studies`, {
        ...order,
        durationHours: 24,
      })
    ).json() as StudyResource;
    await send('nurse', 'POST', `${CLINIC}/biobeat/abpm-studies/${study.id}/push`);
    const sent = await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      return current.attributes.vendorReference ? current : null;
    }, 'the session');
    const body = JSON.stringify({
      sessionId: sent.attributes.vendorReference,
      externalId: study.id,
      readings: [{ at: '2026-11-24T10:00:00Z', period: 'day', systolic: 130, diastolic: 80, heartRate: 70 }],
      pdfBase64: Buffer.from(cutInHalf(await buildPlainThreePagePdf())).toString('base64'),
    });
    const refused = await portal.app.inject({
      method: 'POST',
      url: '/api/vendors/biobeat/abpm-results',
      headers: {
        'content-type': 'application/json',
        [VENDOR_SIGNATURE_HEADER]: await signVendorPayload(vendors.biobeat.webhookSecret, {
          deliveryId: 'a-truncated-delivery',
          rawBody: body,
        }),
        [VENDOR_DELIVERY_ID_HEADER]: 'a-truncated-delivery',
      },
      payload: body,
    });
    expect(refused.statusCode).toBe(422);
    const answer = refused.json() as { message: string; details: { field: string }[] };
    expect(answer.message).toMatch(/^Page \d of the PDF cannot be shown/);
    expect(answer.details).toEqual([{ field: 'pdfBase64', message: answer.message }]);
    expect(await documentCount(study.id)).toBe(0);
  });

  it('refuses a vendor call without a valid signature, and writes nothing', async () => {
    const body = JSON.stringify({
      studyId: 'ZS-404',
      orderId: crypto.randomUUID(),
      status: 'scored',
      occurredAt: 'now',
    });
    const unsigned = await portal.app.inject({
      method: 'POST',
      url: '/api/vendors/zoll/study-events',
      headers: { 'content-type': 'application/json', ...bearer(tokens.nurse) },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    const forged = await portal.app.inject({
      method: 'POST',
      url: '/api/vendors/zoll/study-events',
      headers: {
        'content-type': 'application/json',
        [VENDOR_SIGNATURE_HEADER]: await signVendorPayload('not-the-secret-of-zoll', {
          deliveryId: 'forged-1',
          rawBody: body,
        }),
        [VENDOR_DELIVERY_ID_HEADER]: 'forged-1',
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('The X-Vendor-Signature does not match the body and delivery id');
  });

  // Issue 31 §3: a captured Zoll callback replayed within the 5-minute window, as it was, under a new
  // delivery id, or without one, makes no call to Zoll and queues no work.
  it('a replayed Zoll callback makes no vendor call and queues nothing', async () => {
    const patient = await freshPatient();
    const created = await send(
      'nurse',
      'POST',
      `${CLINIC}/patients/${patient.id}/sleep-profile/studies`,
      order,
    );
    const study = created.json() as StudyResource;
    await send('nurse', 'POST', `/api/patients/zoll/sleep-studies/${study.id}/push`);
    const sent = await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      return current.attributes.push.state === 'sent' ? current : null;
    }, 'the push to Zoll');
    const outboxRows = async () =>
      Number(
        (
          await portal.db
            .selectFrom('vendorOutbox')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('subjectId', '=', study.id)
            .executeTakeFirstOrThrow()
        ).count,
      );
    const outboxIdle = () =>
      eventually(async () => {
        const pending = await portal.db
          .selectFrom('vendorOutbox')
          .select('id')
          .where('subjectId', '=', study.id)
          .where('doneAt', 'is', null)
          .where('failedAt', 'is', null)
          .execute();
        return pending.length === 0;
      }, 'the outbox to finish the study’s work');

    const body = JSON.stringify({
      studyId: sent.attributes.vendorReference,
      orderId: study.id,
      status: 'in-progress',
      occurredAt: new Date().toISOString(),
    });
    const captured = {
      'content-type': 'application/json',
      [VENDOR_SIGNATURE_HEADER]: await signVendorPayload(vendors.zoll.webhookSecret, {
        deliveryId: 'zoll-delivery-1',
        rawBody: body,
      }),
      [VENDOR_DELIVERY_ID_HEADER]: 'zoll-delivery-1',
    };
    const deliver = (headers: Record<string, string>) =>
      portal.app.inject({ method: 'POST', url: '/api/vendors/zoll/study-events', headers, payload: body });
    const first = await deliver(captured);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ accepted: true, duplicate: false });
    await outboxIdle();
    await vendors.zoll.callbacksSettled();
    const rowsAfterFirst = await outboxRows();
    const readsAfterFirst = vendors.zoll.stats().studyReads;
    expect(readsAfterFirst).toBeGreaterThan(0);

    // Replayed as it was, 35 times: each a 200 that says it is a duplicate.
    for (let replay = 0; replay < 35; replay++) {
      const again = await deliver(captured);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ accepted: true, duplicate: true });
    }
    // Under a new delivery id: the signature covers the id, so it no longer verifies.
    const renamed = await deliver({ ...captured, [VENDOR_DELIVERY_ID_HEADER]: 'zoll-delivery-2' });
    expect(renamed.statusCode).toBe(401);
    // Without one: refused, naming the header.
    const { [VENDOR_DELIVERY_ID_HEADER]: _dropped, ...withoutId } = captured;
    const anonymous = await deliver(withoutId);
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().details).toEqual([{ field: VENDOR_DELIVERY_ID_HEADER, message: 'is required' }]);
    // The same body signed afresh by Zoll under another id is the same news: answered, no new work.
    const resent = await deliver({
      'content-type': 'application/json',
      [VENDOR_SIGNATURE_HEADER]: await signVendorPayload(vendors.zoll.webhookSecret, {
        deliveryId: 'zoll-delivery-3',
        rawBody: body,
      }),
      [VENDOR_DELIVERY_ID_HEADER]: 'zoll-delivery-3',
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ duplicate: true });

    expect(await outboxRows()).toBe(rowsAfterFirst);
    await outboxIdle();
    await vendors.zoll.callbacksSettled();
    expect(vendors.zoll.stats().studyReads).toBe(readsAfterFirst);
  });

  it('cancelling a sent study cancels it at the vendor too', async () => {
    const patient = await freshPatient();
    const study = (
      await send('nurse', 'POST', `${CLINIC}/patients/${patient.id}/wcd-studies`, {
        ...order,
        studyType: 'Holter',
        durationDays: 1,
      })
    ).json() as StudyResource;
    await send('nurse', 'POST', `${CLINIC}/infobionics/wcd-studies/${study.id}/push`);
    await eventually(async () => {
      const current = await studyOf(patient.id, study.id);
      if (current.attributes.push.error) throw new Error(current.attributes.push.error);
      return current.attributes.vendorReference;
    }, 'the enrollment');
    const before = vendors.infobionic.stats().cancellations;
    const cancelled = await send(
      'nurse',
      'PATCH',
      `${CLINIC}/patients/${patient.id}/wcd-studies/${study.id}`,
      {
        status: 'cancelled',
      },
    );
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json() as StudyResource).attributes.status).toBe('cancelled');
    await eventually(
      async () => vendors.infobionic.stats().cancellations > before,
      'the cancellation at InfoBionic',
    );
    // Cancelled is final.
    const again = await send('nurse', 'PATCH', `${CLINIC}/patients/${patient.id}/wcd-studies/${study.id}`, {
      status: 'cancelled',
    });
    expect(again.statusCode).toBe(409);
  });

  it('an EMR refusal shows as failed with its reason, and a resend delivers', async () => {
    const id = (
      await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI, type: 'rpm-report' })
    ).id;
    vendors.emr.setFaults({ rejectNext: 'Patient not found in the EMR' });
    expect(
      (await send('provider', 'PATCH', `/api/reports/${id}/sign`, { note: 'Reviewed.' })).statusCode,
    ).toBe(200);
    const failed = await eventually(async () => {
      const answer = (await send('nurse', 'GET', `/api/reports/${id}/emr-delivery`)).json();
      return answer.state === 'failed' ? answer : null;
    }, 'the refused delivery');
    expect(failed.reason).toBe('Patient not found in the EMR');
    const resent = await send('nurse', 'POST', `/api/reports/resend-signed-rpm-document/${id}`);
    expect(resent.statusCode).toBe(202);
    expect(resent.json().state).toBe('queued');
    const delivered = await eventually(async () => {
      const answer = (await send('nurse', 'GET', `/api/reports/${id}/emr-delivery`)).json();
      return answer.state === 'delivered' ? answer : null;
    }, 'the resent delivery');
    expect(delivered.emrId).toBeTruthy();
    // Only RPM documents are resent through the RPM route.
    const other = (
      await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI, status: 'signed' })
    ).id;
    const refused = await send('nurse', 'POST', `/api/reports/resend-signed-rpm-document/${other}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details[0].field).toBe('id');
  });

  it('lists a clinic’s studies of a suite by status, paged', async () => {
    const page = await send(
      'nurse',
      'GET',
      `${CLINIC}/sleep-studies?status=reviewed,ready-for-review&page=1&size=1`,
    );
    expect(page.statusCode).toBe(200);
    const body = page.json() as {
      data: StudyResource[];
      metadata: { totalCount: number; page: number; rows: number };
      links: { next: string | null };
    };
    expect(body.data).toHaveLength(1);
    expect(['reviewed', 'ready-for-review']).toContain(body.data[0]?.attributes.status);
    expect(body.metadata.totalCount).toBeGreaterThanOrEqual(2);
    expect(body.links.next).toContain('page=2');
    const bad = await send('nurse', 'GET', `${CLINIC}/sleep-studies?status=finished`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toContain('status');
  });
});
