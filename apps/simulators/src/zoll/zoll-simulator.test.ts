import { zollStudyEventBodySchema } from '@portal/domain';
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
import { scoreZollStudy } from './zoll-results';
import {
  startZollSimulator,
  ZOLL_SIMULATOR_DEFAULTS,
  type ZollSimulator,
  type ZollSimulatorOptions,
} from './zoll-simulator';

// The Zoll simulator over real HTTP, as the portal's client meets it, with a stand-in portal taking its
// signed callbacks.

let portal: CallbackReceiver;
let zoll: ZollSimulator;
let client: ReturnType<typeof vendorClient>;
let clock: number;

async function restart(options: ZollSimulatorOptions = {}) {
  await zoll?.close();
  zoll = await startZollSimulator({
    port: 0,
    portalUrl: portal.url,
    stepMs: 0,
    callbackRetryDelayMs: 5,
    now: () => clock,
    ...options,
  });
  client = vendorClient(zoll);
}

beforeEach(async () => {
  clock = Date.parse('2026-03-02T14:00:00Z');
  portal = await startCallbackReceiver(ZOLL_SIMULATOR_DEFAULTS.webhookSecret);
  await restart();
});
afterEach(async () => {
  await zoll.close();
  await portal.close();
});

const order = (orderId = 'study-0001') => ({
  orderId,
  patient: SAMPLE_PATIENT,
  orderingPhysician: SAMPLE_PHYSICIAN,
  nights: 2,
});

const createdSchema = z.object({
  studyId: z.string(),
  orderId: z.string(),
  status: z.string(),
  updatedAt: z.string(),
});
const studySchema = createdSchema.extend({ results: z.nullable(z.record(z.string(), z.unknown())) });
const errorSchema = z.object({ error: z.string(), message: z.string() });

async function orderStudy(orderId = 'study-0001') {
  const answer = await client.post('/hst/v1/offices/OFFICE-7/studies', order(orderId), {
    key: `zoll-push:${orderId}`,
  });
  expect(answer.status).toBe(201);
  return createdSchema.parse(await answer.json());
}

describe('OAuth client credentials', () => {
  it('issues a bearer token for the right client id and secret, and refuses a wrong secret', async () => {
    const good = await client.requestToken();
    expect(good.status).toBe(200);
    expect(good.headers.get('cache-control')).toBe('no-store');
    expect(await good.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
    });
    const bad = await client.requestToken('not-the-secret');
    expect(bad.status).toBe(401);
    expect(errorSchema.parse(await bad.json()).error).toBe('invalid_client');
    expect(zoll.stats().tokensIssued).toBe(1);
  });

  it('takes form-encoded requests only, for the client_credentials grant only', async () => {
    const json = await fetch(`${zoll.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: zoll.clientId,
        client_secret: zoll.clientSecret,
      }),
    });
    expect(json.status).toBe(400);
    const password = await fetch(`${zoll.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=password&client_id=${zoll.clientId}&client_secret=${zoll.clientSecret}`,
    });
    expect(errorSchema.parse(await password.json()).error).toBe('unsupported_grant_type');
  });

  it('refuses a call without a token, with a made-up one, with an expired one and after expireTokens (401 invalid_token)', async () => {
    const none = await fetch(`${zoll.url}/hst/v1/studies/ZS-1`);
    expect(none.status).toBe(401);
    expect(errorSchema.parse(await none.json()).error).toBe('invalid_token');
    const madeUp = await fetch(`${zoll.url}/hst/v1/studies/ZS-1`, {
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(madeUp.status).toBe(401);

    const token = await client.bearer();
    const authorized = { headers: { authorization: `Bearer ${token}` } };
    expect((await fetch(`${zoll.url}/hst/v1/studies/ZS-1`, authorized)).status).toBe(404);
    clock += 3600 * 1000;
    expect((await fetch(`${zoll.url}/hst/v1/studies/ZS-1`, authorized)).status).toBe(401);

    await restart();
    await client.get('/hst/v1/studies/ZS-1');
    await control(zoll.url, 'POST', 'faults', { expireTokens: true });
    const expired = await client.get('/hst/v1/studies/ZS-1');
    expect(expired.status).toBe(401);
  });
});

describe('ordering a study', () => {
  it('answers 201 with a ZS- study id, ordered, and the order id', async () => {
    const created = await orderStudy();
    expect(created).toEqual({
      studyId: expect.stringMatching(/^ZS-[0-9A-F]{10}$/),
      orderId: 'study-0001',
      status: 'ordered',
      updatedAt: '2026-03-02T14:00:00.000Z',
    });
    const read = await client.get(`/hst/v1/studies/${created.studyId}`);
    expect(await read.json()).toEqual({ ...created, results: null });
    expect(zoll.stats().ordersCreated).toBe(1);
  });

  it('replays the first answer for the same Idempotency-Key and body, ordering nothing new', async () => {
    const first = await client.post('/hst/v1/offices/OFFICE-7/studies', order(), { key: 'zoll-push:a' });
    // The same JSON with its keys in another order is the same body.
    const { nights, ...rest } = order();
    const again = await client.post(
      '/hst/v1/offices/OFFICE-7/studies',
      { nights, ...rest },
      { key: 'zoll-push:a' },
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await again.json()).toEqual(await first.json());
    expect(zoll.stats()).toMatchObject({ ordersCreated: 1, replays: 1 });
  });

  it('refuses the same Idempotency-Key with another body (422 idempotency_key_reused)', async () => {
    await client.post('/hst/v1/offices/OFFICE-7/studies', order('study-1'), { key: 'zoll-push:b' });
    const reused = await client.post('/hst/v1/offices/OFFICE-7/studies', order('study-2'), {
      key: 'zoll-push:b',
    });
    expect(reused.status).toBe(422);
    expect(errorSchema.parse(await reused.json()).error).toBe('idempotency_key_reused');
    expect(zoll.stats().ordersCreated).toBe(1);
  });

  it('forgets a key after 24 hours', async () => {
    await client.post('/hst/v1/offices/OFFICE-7/studies', order('study-1'), { key: 'zoll-push:c' });
    clock += 24 * 3600 * 1000;
    client = vendorClient(zoll);
    const later = await client.post('/hst/v1/offices/OFFICE-7/studies', order('study-2'), {
      key: 'zoll-push:c',
    });
    expect(later.status).toBe(201);
    expect(zoll.stats().ordersCreated).toBe(2);
  });

  it('needs an Idempotency-Key of 1 to 200 printable characters', async () => {
    const missing = await client.post('/hst/v1/offices/OFFICE-7/studies', order());
    expect(missing.status).toBe(400);
    expect(errorSchema.parse(await missing.json()).error).toBe('idempotency_key_required');
    const tooLong = await client.post('/hst/v1/offices/OFFICE-7/studies', order(), { key: 'k'.repeat(201) });
    expect(errorSchema.parse(await tooLong.json()).error).toBe('invalid_idempotency_key');
  });

  it('refuses a body that breaks the contract with 400 naming the field, and remembers no answer for the key', async () => {
    const badDob = await client.post(
      '/hst/v1/offices/OFFICE-7/studies',
      { ...order(), patient: { ...SAMPLE_PATIENT, dob: '02/06/1951' } },
      { key: 'zoll-push:d' },
    );
    expect(badDob.status).toBe(400);
    expect(await badDob.json()).toEqual({
      error: 'invalid_request',
      message: 'patient.dob must be a date (YYYY-MM-DD)',
    });
    const tooManyNights = await client.post(
      '/hst/v1/offices/OFFICE-7/studies',
      { ...order(), nights: 4 },
      { key: 'zoll-push:e' },
    );
    expect(errorSchema.parse(await tooManyNights.json()).message).toBe(
      'nights must be a whole number of nights from 1 to 3',
    );
    const corrected = await client.post('/hst/v1/offices/OFFICE-7/studies', order(), { key: 'zoll-push:d' });
    expect(corrected.status).toBe(201);
  });

  it('refuses an office Zoll does not know (404 office_not_found) when it knows a list of offices', async () => {
    await restart({ offices: ['OFFICE-7'] });
    const unknown = await client.post('/hst/v1/offices/OFFICE-9/studies', order(), { key: 'zoll-push:f' });
    expect(unknown.status).toBe(404);
    expect(errorSchema.parse(await unknown.json()).error).toBe('office_not_found');
    expect(
      (await client.post('/hst/v1/offices/OFFICE-7/studies', order(), { key: 'zoll-push:f' })).status,
    ).toBe(201);
  });
});

describe('a study on its way to scored', () => {
  it('moves ordered → device-shipped → in-progress → scored, posting each move signed to the portal', async () => {
    const { studyId } = await orderStudy();
    const advanced = await control(zoll.url, 'POST', 'advance', { id: studyId });
    expect(await advanced.json()).toMatchObject({ advanced: [{ studyId, status: 'scored' }] });

    const callbacks = await portal.waitFor(3);
    expect(callbacks.map((callback) => callback.path)).toEqual(
      Array(3).fill('/api/vendors/zoll/study-events'),
    );
    expect(callbacks.map((callback) => callback.signature)).toEqual(Array(3).fill({ ok: true }));
    expect(callbacks.map((callback) => zollStudyEventBodySchema.parse(callback.body))).toEqual([
      { studyId, orderId: 'study-0001', status: 'device-shipped', occurredAt: '2026-03-02T14:00:00.000Z' },
      { studyId, orderId: 'study-0001', status: 'in-progress', occurredAt: '2026-03-02T14:00:00.000Z' },
      { studyId, orderId: 'study-0001', status: 'scored', occurredAt: '2026-03-02T14:00:00.000Z' },
    ]);
    expect(new Set(callbacks.map((callback) => callback.deliveryId)).size).toBe(3);
    await zoll.callbacksSettled();
    expect(zoll.stats().callbacks).toMatchObject({
      attempts: 3,
      delivered: 3,
      failed: 0,
      answers: { '200': 3 },
    });
  });

  it('carries plausible scored results, the same for the same study every time', async () => {
    const { studyId } = await orderStudy();
    zoll.advance({ id: studyId, steps: 2 });
    const inProgress = studySchema.parse(await (await client.get(`/hst/v1/studies/${studyId}`)).json());
    expect(inProgress).toMatchObject({ status: 'in-progress', results: null });
    zoll.advance({ id: studyId });
    const scored = studySchema.parse(await (await client.get(`/hst/v1/studies/${studyId}`)).json());
    const results = z
      .object({
        ahi: z.number().min(0).max(100),
        pahi: z.number(),
        remAhi: z.number(),
        nremAhi: z.number(),
        odi: z.number(),
        spo2Nadir: z.number().int().min(50).max(100),
        totalSleepTimeMinutes: z.number().int().min(240).max(600),
        scoredAt: z.iso.datetime(),
      })
      .strict()
      .parse(scored.results);
    expect(results.remAhi).toBeGreaterThan(results.nremAhi);
    expect(results).toEqual(scoreZollStudy(studyId, results.scoredAt));
  });

  it('moves on its own, one state every stepMs', async () => {
    await restart({ stepMs: 5 });
    const { studyId } = await orderStudy();
    const callbacks = await portal.waitFor(3);
    expect(callbacks.map((callback) => zollStudyEventBodySchema.parse(callback.body).status)).toEqual([
      'device-shipped',
      'in-progress',
      'scored',
    ]);
    const read = studySchema.parse(await (await client.get(`/hst/v1/studies/${studyId}`)).json());
    expect(read.status).toBe('scored');
  });

  it('finishes every moving study at once when advance names none', async () => {
    const first = await orderStudy('study-1');
    const second = await orderStudy('study-2');
    const answer = await control(zoll.url, 'POST', 'advance', {});
    const advanced = z.object({ advanced: z.array(studySchema) }).parse(await answer.json()).advanced;
    expect(advanced.map((study) => [study.studyId, study.status])).toEqual([
      [first.studyId, 'scored'],
      [second.studyId, 'scored'],
    ]);
    expect((await control(zoll.url, 'POST', 'advance', { id: 'ZS-NOPE' })).status).toBe(404);
  });
});

describe('the scored report', () => {
  it('is 404 report_not_ready before scoring, then a real PDF of 2 pages or more with the results as text', async () => {
    const { studyId } = await orderStudy();
    const early = await client.get(`/hst/v1/studies/${studyId}/report`);
    expect(early.status).toBe(404);
    expect(errorSchema.parse(await early.json()).error).toBe('report_not_ready');

    zoll.advance({ id: studyId });
    const answer = await client.get(`/hst/v1/studies/${studyId}/report`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(pdf.getPageCount()).toBeLessThanOrEqual(3);
    const results = scoreZollStudy(studyId, '2026-03-02T14:00:00.000Z');
    const [first = ''] = await pdfPageTexts(bytes);
    expect(first).toContain('Home Sleep Test Report');
    expect(first).toContain('AHI (events/h)');
    expect(first).toContain(results.ahi.toFixed(1));
    expect(first).toContain(`Quill, Ada`);
    expect(zoll.stats().reportsServed).toBe(1);
  });

  it('is 404 study_not_found for a study Zoll does not have', async () => {
    const answer = await client.get('/hst/v1/studies/ZS-NOPE/report');
    expect(errorSchema.parse(await answer.json()).error).toBe('study_not_found');
  });
});

describe('cancelling', () => {
  it('cancels a study not yet scored, posts the change, and stops it moving', async () => {
    const { studyId } = await orderStudy();
    zoll.advance({ id: studyId, steps: 1 });
    const cancelled = await client.post(`/hst/v1/studies/${studyId}/cancel`, undefined, {
      key: `zoll-cancel:${studyId}`,
    });
    expect(cancelled.status).toBe(200);
    expect(studySchema.parse(await cancelled.json())).toMatchObject({
      studyId,
      status: 'cancelled',
      results: null,
    });
    const replayed = await client.post(`/hst/v1/studies/${studyId}/cancel`, undefined, {
      key: `zoll-cancel:${studyId}`,
    });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    zoll.advance({ id: studyId });
    const callbacks = await portal.waitFor(2);
    expect(callbacks.map((callback) => zollStudyEventBodySchema.parse(callback.body).status)).toEqual([
      'device-shipped',
      'cancelled',
    ]);
    expect(studySchema.parse(await (await client.get(`/hst/v1/studies/${studyId}`)).json()).status).toBe(
      'cancelled',
    );
    expect(zoll.stats().cancellations).toBe(1);
  });

  it('refuses to cancel a scored study (409 study_completed), and an unknown one is 404', async () => {
    const { studyId } = await orderStudy();
    zoll.advance({ id: studyId });
    const refused = await client.post(`/hst/v1/studies/${studyId}/cancel`, undefined, {
      key: 'zoll-cancel:x',
    });
    expect(refused.status).toBe(409);
    expect(errorSchema.parse(await refused.json()).error).toBe('study_completed');
    const unknown = await client.post('/hst/v1/studies/ZS-NOPE/cancel', undefined, { key: 'zoll-cancel:y' });
    expect(unknown.status).toBe(404);
  });
});

describe('callback faults', () => {
  it('outOfOrder holds a study’s events and sends them newest first once it is scored', async () => {
    zoll.setFaults({ outOfOrder: true });
    const { studyId } = await orderStudy();
    zoll.advance({ id: studyId, steps: 2 });
    await zoll.callbacksSettled();
    expect(portal.received).toHaveLength(0);
    zoll.advance({ id: studyId });
    const callbacks = await portal.waitFor(3);
    expect(callbacks.map((callback) => zollStudyEventBodySchema.parse(callback.body).status)).toEqual([
      'scored',
      'in-progress',
      'device-shipped',
    ]);
    expect(callbacks.every((callback) => callback.signature.ok)).toBe(true);
  });

  it('duplicateDeliveries sends each of the next n callbacks twice with the same delivery id', async () => {
    await control(zoll.url, 'POST', 'faults', { duplicateDeliveries: 1 });
    const { studyId } = await orderStudy();
    zoll.advance({ id: studyId });
    await zoll.callbacksSettled();
    const callbacks = portal.received;
    expect(callbacks.map((callback) => zollStudyEventBodySchema.parse(callback.body).status)).toEqual([
      'device-shipped',
      'device-shipped',
      'in-progress',
      'scored',
    ]);
    expect(callbacks[0]?.deliveryId).toBe(callbacks[1]?.deliveryId);
    expect(callbacks[0]?.rawBody).toBe(callbacks[1]?.rawBody);
    expect(new Set(callbacks.map((callback) => callback.deliveryId)).size).toBe(3);
    expect(zoll.stats().callbacks.deliveries.filter((delivery) => delivery.duplicate)).toHaveLength(1);
    expect(zoll.faults().duplicateDeliveries).toBe(0);
  });

  it('retries a callback the portal answers 5xx or drops, keeping its delivery id, and records each answer', async () => {
    portal.answerNext(503, 'drop', 200);
    const { studyId } = await orderStudy();
    zoll.advance({ id: studyId, steps: 1 });
    await zoll.callbacksSettled();
    expect(portal.received.map((callback) => callback.path)).toHaveLength(2);
    expect(portal.received[0]?.deliveryId).toBe(portal.received[1]?.deliveryId);
    expect(zoll.stats().callbacks).toMatchObject({
      attempts: 3,
      delivered: 1,
      answers: { '503': 1, 'network-error': 1, '200': 1 },
      deliveries: [{ status: 200, attempts: 3, outcome: 'delivered' }],
    });
  });

  it('does not retry a callback the portal refuses with 4xx', async () => {
    portal.answerNext(401);
    const { studyId } = await orderStudy();
    zoll.advance({ id: studyId, steps: 1 });
    await zoll.callbacksSettled();
    expect(zoll.stats().callbacks).toMatchObject({
      attempts: 1,
      failed: 1,
      deliveries: [{ status: 401, attempts: 1, outcome: 'refused' }],
    });
  });
});

describe('request faults', () => {
  it('fails the next calls with the status and times given, then answers again; tokens and control stay up', async () => {
    await client.bearer();
    const set = await control(zoll.url, 'POST', 'faults', { status: 503, times: 2 });
    expect(await set.json()).toMatchObject({ status: 503, remaining: 2 });
    expect((await client.requestToken()).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const failed = await client.get('/hst/v1/studies/ZS-1');
      expect(failed.status).toBe(503);
      expect(errorSchema.parse(await failed.json()).error).toBe('service_unavailable');
    }
    expect((await client.get('/hst/v1/studies/ZS-1')).status).toBe(404);
    expect((await control(zoll.url, 'GET', 'stats')).status).toBe(200);
  });

  it('reaches the token endpoint too when told, and clears with DELETE', async () => {
    zoll.setFaults({ status: 500, tokenEndpoint: true });
    expect((await client.requestToken()).status).toBe(500);
    const cleared = await control(zoll.url, 'DELETE', 'faults');
    expect(await cleared.json()).toMatchObject({ status: null, remaining: null, tokenEndpoint: false });
    expect((await client.requestToken()).status).toBe(200);
  });

  it('delays answers and drops connections', async () => {
    await client.bearer();
    zoll.setFaults({ delayMs: 120, dropConnections: 1 });
    await expect(client.get('/hst/v1/studies/ZS-1')).rejects.toThrow(TypeError);
    const started = performance.now();
    expect((await client.get('/hst/v1/studies/ZS-1')).status).toBe(404);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('refuses a fault it does not know, naming the field', async () => {
    const answer = await control(zoll.url, 'POST', 'faults', { times: 2 });
    expect(answer.status).toBe(400);
    expect(z.object({ message: z.string() }).parse(await answer.json()).message).toBe('times needs a status');
    expect((await control(zoll.url, 'POST', 'faults', { rejectNext: 'x' })).status).toBe(400);
  });
});
