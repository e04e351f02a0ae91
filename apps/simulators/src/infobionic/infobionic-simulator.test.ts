import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type CallbackReceiver,
  control,
  pdfPageTexts,
  SAMPLE_PATIENT,
  SAMPLE_PHYSICIAN,
  startCallbackReceiver,
  vendorClient,
} from '../vendor-common/testing';
import { type InfoBionicStudyType, summarizeInfoBionicStudy } from './infobionic-results';
import {
  INFOBIONIC_SIMULATOR_DEFAULTS,
  type InfoBionicSimulator,
  startInfoBionicSimulator,
} from './infobionic-simulator';

// The InfoBionic simulator over real HTTP, with a stand-in portal taking its signed results.

let portal: CallbackReceiver;
let infoBionic: InfoBionicSimulator;
let client: ReturnType<typeof vendorClient>;

beforeEach(async () => {
  portal = await startCallbackReceiver(INFOBIONIC_SIMULATOR_DEFAULTS.webhookSecret);
  infoBionic = await startInfoBionicSimulator({
    port: 0,
    portalUrl: portal.url,
    stepMs: 0,
    callbackRetryDelayMs: 5,
    now: () => Date.parse('2026-03-05T16:30:00Z'),
  });
  client = vendorClient(infoBionic);
});
afterEach(async () => {
  await infoBionic.close();
  await portal.close();
});

const enrollment = (studyType: InfoBionicStudyType = 'HOLTER', referenceId = 'study-0002') => ({
  referenceId,
  clinicNpi: '1245319599',
  studyType,
  durationDays: 2,
  patient: SAMPLE_PATIENT,
  orderingPhysician: SAMPLE_PHYSICIAN,
});

const enrollmentSchema = z
  .object({ enrollmentId: z.string(), referenceId: z.string(), status: z.string() })
  .strict();
const errorSchema = z.object({ error: z.string(), message: z.string() });
const wcdCallbackSchema = z
  .object({
    attributes: z.record(z.string(), z.string()),
    results: z.object({
      heartRate: z.object({ min: z.number(), mean: z.number(), max: z.number() }),
      analysableHours: z.number(),
      ectopy: z.object({ pvcBurdenPercent: z.number(), pacBurdenPercent: z.number() }),
      afBurdenPercent: z.number(),
      pauses: z.object({ count: z.number().int(), longestSeconds: z.number().nullable() }),
      patientTriggeredEvents: z.number().int(),
    }),
    pdfBase64: z.base64(),
  })
  .strict();

async function enroll(studyType: InfoBionicStudyType = 'HOLTER', referenceId = 'study-0002') {
  const answer = await client.post('/v2/enrollments', enrollment(studyType, referenceId), {
    key: `infobionic-push:${referenceId}`,
  });
  expect(answer.status).toBe(201);
  return enrollmentSchema.parse(await answer.json());
}

describe('access', () => {
  it('issues tokens for its own client only and refuses calls without one', async () => {
    expect((await client.requestToken('wrong')).status).toBe(401);
    expect((await client.requestToken()).status).toBe(200);
    const none = await fetch(`${infoBionic.url}/v2/enrollments/IB-1`);
    expect(none.status).toBe(401);
    expect(errorSchema.parse(await none.json()).error).toBe('invalid_token');
  });
});

describe('enrolling', () => {
  it('answers 201 with an IB- enrollment id, enrolled, and the reference id', async () => {
    const created = await enroll();
    expect(created).toEqual({
      enrollmentId: expect.stringMatching(/^IB-[0-9A-F]{10}$/),
      referenceId: 'study-0002',
      status: 'enrolled',
    });
    expect(await (await client.get(`/v2/enrollments/${created.enrollmentId}`)).json()).toEqual(created);
  });

  it('replays an Idempotency-Key with the same body and refuses it with another (422)', async () => {
    const first = await enroll();
    const again = await client.post('/v2/enrollments', enrollment(), { key: 'infobionic-push:study-0002' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(first);
    const reused = await client.post('/v2/enrollments', enrollment('MCT'), {
      key: 'infobionic-push:study-0002',
    });
    expect(reused.status).toBe(422);
    expect(errorSchema.parse(await reused.json()).error).toBe('idempotency_key_reused');
    expect(infoBionic.stats()).toMatchObject({ ordersCreated: 1, replays: 1 });
  });

  it('refuses an unknown study type or a bad clinic NPI, naming the field', async () => {
    const badType = await client.post(
      '/v2/enrollments',
      { ...enrollment(), studyType: 'Holter' },
      { key: 'k1' },
    );
    expect(badType.status).toBe(400);
    expect(errorSchema.parse(await badType.json()).message).toBe(
      'studyType must be one of HOLTER, EXTENDED_HOLTER, EVENT, MCT',
    );
    const badNpi = await client.post('/v2/enrollments', { ...enrollment(), clinicNpi: '12' }, { key: 'k2' });
    expect(errorSchema.parse(await badNpi.json()).message).toBe('clinicNpi must be a 10-digit NPI');
  });
});

describe('a finished study', () => {
  it('moves enrolled → monitoring → completed and posts its signed results and report to /api/reports/wcd', async () => {
    const { enrollmentId } = await enroll();
    infoBionic.advance({ id: enrollmentId, steps: 1 });
    expect(
      enrollmentSchema.parse(await (await client.get(`/v2/enrollments/${enrollmentId}`)).json()).status,
    ).toBe('monitoring');
    await infoBionic.callbacksSettled();
    expect(portal.received).toHaveLength(0);

    await control(infoBionic.url, 'POST', 'advance', { id: enrollmentId });
    const [callback] = await portal.waitFor(1);
    expect(callback?.path).toBe('/api/reports/wcd');
    expect(callback?.signature).toEqual({ ok: true });
    const body = wcdCallbackSchema.parse(callback?.body);
    expect(body.attributes).toEqual({
      clinicNpi: '1245319599',
      type: 'holter-study',
      serviceLine: 'wcd',
      dos: '2026-03-05T16:30:00.000Z',
      patientId: 'MRN-204811',
      patientFirstName: 'Ada',
      patientLastName: 'Quill',
      patientDob: '1951-06-02',
      physicianNpi: '1679576722',
      physicianName: 'Dr. Ruth Abernathy',
      studyReference: enrollmentId,
    });
    expect(body.results).toEqual(summarizeInfoBionicStudy(enrollmentId, 2));
    expect(body.results.analysableHours).toBeLessThanOrEqual(48);

    const pdf = Buffer.from(body.pdfBase64, 'base64');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(2);
    const [first = ''] = await pdfPageTexts(pdf);
    expect(first).toContain('Holter Report');
    expect(first).toContain(enrollmentId);
    expect(
      enrollmentSchema.parse(await (await client.get(`/v2/enrollments/${enrollmentId}`)).json()).status,
    ).toBe('completed');
  });

  it.each([
    ['HOLTER', 'holter-study'],
    ['EXTENDED_HOLTER', 'extended-holter-study'],
    ['EVENT', 'we-study'],
    ['MCT', 'mcot-study'],
  ] as const)('files a %s study as document type %s', async (studyType, type) => {
    const { enrollmentId } = await enroll(studyType);
    infoBionic.advance({ id: enrollmentId });
    const [callback] = await portal.waitFor(1);
    expect(wcdCallbackSchema.parse(callback?.body).attributes.type).toBe(type);
  });

  it('sends the results twice with one delivery id under duplicateDeliveries', async () => {
    infoBionic.setFaults({ duplicateDeliveries: 1 });
    const { enrollmentId } = await enroll();
    infoBionic.advance({ id: enrollmentId });
    const [first, second] = await portal.waitFor(2);
    expect(first?.deliveryId).toBeDefined();
    expect(second?.deliveryId).toBe(first?.deliveryId);
    expect(second?.rawBody).toBe(first?.rawBody);
    expect(second?.signature.ok).toBe(true);
  });
});

describe('cancelling', () => {
  it('cancels a study being monitored (it sends nothing), and refuses a completed one (409)', async () => {
    const monitoring = await enroll('EVENT', 'study-a');
    infoBionic.advance({ id: monitoring.enrollmentId, steps: 1 });
    const cancelled = await client.post(`/v2/enrollments/${monitoring.enrollmentId}/cancel`, undefined, {
      key: 'infobionic-cancel:a',
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ ...monitoring, status: 'cancelled' });

    const completed = await enroll('EVENT', 'study-b');
    await control(infoBionic.url, 'POST', 'advance', {});
    const refused = await client.post(`/v2/enrollments/${completed.enrollmentId}/cancel`, undefined, {
      key: 'infobionic-cancel:b',
    });
    expect(refused.status).toBe(409);
    expect(errorSchema.parse(await refused.json()).error).toBe('enrollment_completed');
    await infoBionic.callbacksSettled();
    expect(
      portal.received.map((callback) => wcdCallbackSchema.parse(callback.body).attributes.studyReference),
    ).toEqual([completed.enrollmentId]);
    expect(infoBionic.stats().cancellations).toBe(1);
  });
});

describe('request faults', () => {
  it('answers 502 the given number of times, then as usual', async () => {
    const { enrollmentId } = await enroll();
    infoBionic.setFaults({ status: 502, times: 1 });
    const failed = await client.get(`/v2/enrollments/${enrollmentId}`);
    expect(failed.status).toBe(502);
    expect(errorSchema.parse(await failed.json()).error).toBe('bad_gateway');
    expect((await client.get(`/v2/enrollments/${enrollmentId}`)).status).toBe(200);
    expect(infoBionic.faults()).toMatchObject({ status: null, remaining: null });
  });
});
