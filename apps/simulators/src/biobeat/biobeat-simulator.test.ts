import { biobeatAbpmResultsBodySchema, summarizeAbpmReadings } from '@portal/domain';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type CallbackReceiver,
  control,
  pdfPageTexts,
  SAMPLE_PATIENT,
  startCallbackReceiver,
  vendorClient,
} from '../vendor-common/testing';
import { generateAbpmReadings } from './abpm-readings';
import {
  BIOBEAT_SIMULATOR_DEFAULTS,
  type BiobeatSimulator,
  startBiobeatSimulator,
} from './biobeat-simulator';

// The Biobeat simulator over real HTTP, with a stand-in portal taking its signed readings.

let portal: CallbackReceiver;
let biobeat: BiobeatSimulator;
let client: ReturnType<typeof vendorClient>;
// 09:00 in the patients' UTC−05:00.
const completedAt = Date.parse('2026-03-03T14:00:00Z');

beforeEach(async () => {
  portal = await startCallbackReceiver(BIOBEAT_SIMULATOR_DEFAULTS.webhookSecret);
  biobeat = await startBiobeatSimulator({
    port: 0,
    portalUrl: portal.url,
    stepMs: 0,
    callbackRetryDelayMs: 5,
    now: () => completedAt,
  });
  client = vendorClient(biobeat);
});
afterEach(async () => {
  await biobeat.close();
  await portal.close();
});

const { phone: _noPhone, ...patient } = SAMPLE_PATIENT;
const session = (externalId = 'study-0003', durationHours = 24) => ({
  externalId,
  patient,
  durationHours,
  dayStart: '07:00',
  nightStart: '22:00',
});

const sessionSchema = z
  .object({ sessionId: z.string(), externalId: z.string(), status: z.string() })
  .strict();
const errorSchema = z.object({ error: z.string(), message: z.string() });

async function createSession(externalId = 'study-0003', durationHours = 24) {
  const answer = await client.post('/api/v1/abpm/sessions', session(externalId, durationHours), {
    key: `biobeat-push:${externalId}`,
  });
  expect(answer.status).toBe(201);
  return sessionSchema.parse(await answer.json());
}

describe('access', () => {
  it('issues tokens for its own client only and refuses calls without one', async () => {
    expect((await client.requestToken('wrong')).status).toBe(401);
    const none = await fetch(`${biobeat.url}/api/v1/abpm/sessions/BB-1`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(none.status).toBe(401);
    expect(errorSchema.parse(await none.json()).error).toBe('invalid_token');
  });
});

describe('creating a session', () => {
  it('answers 201 with a BB- session id, created, replays its key and refuses the key with another body', async () => {
    const created = await createSession();
    expect(created).toEqual({
      sessionId: expect.stringMatching(/^BB-[0-9A-F]{10}$/),
      externalId: 'study-0003',
      status: 'created',
    });
    const again = await client.post('/api/v1/abpm/sessions', session(), { key: 'biobeat-push:study-0003' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(created);
    const reused = await client.post('/api/v1/abpm/sessions', session('study-0003', 48), {
      key: 'biobeat-push:study-0003',
    });
    expect(reused.status).toBe(422);
    expect(errorSchema.parse(await reused.json()).error).toBe('idempotency_key_reused');
    expect(biobeat.stats()).toMatchObject({ ordersCreated: 1, replays: 1 });
  });

  it('refuses day and night starts that are not HH:MM, naming the field', async () => {
    const answer = await client.post(
      '/api/v1/abpm/sessions',
      { ...session(), nightStart: '10pm' },
      { key: 'k' },
    );
    expect(answer.status).toBe(400);
    expect(errorSchema.parse(await answer.json()).message).toBe('nightStart must be a time (HH:MM)');
  });
});

describe('a completed session', () => {
  it('moves created → recording → completed and posts its signed readings and report', async () => {
    const { sessionId } = await createSession();
    biobeat.advance({ id: sessionId, steps: 1 });
    expect(
      sessionSchema.parse(await (await client.get(`/api/v1/abpm/sessions/${sessionId}`)).json()).status,
    ).toBe('recording');
    await control(biobeat.url, 'POST', 'advance', { id: sessionId });
    const [callback] = await portal.waitFor(1);
    expect(callback?.path).toBe('/api/vendors/biobeat/abpm-results');
    expect(callback?.signature).toEqual({ ok: true });
    const body = biobeatAbpmResultsBodySchema.strict().parse(callback?.body);
    expect(body).toMatchObject({ sessionId, externalId: 'study-0003' });

    // Every 20 minutes from 07:00 to 22:00 and every 30 minutes at night, over the 24 hours to 09:00.
    expect(body.readings).toHaveLength(63);
    expect(body.readings[0]?.at).toBe('2026-03-02T09:20:00-05:00');
    expect(body.readings.at(-1)?.at).toBe('2026-03-03T09:00:00-05:00');
    for (const reading of body.readings) {
      const [hours = 0, minutes = 0] = reading.at.slice(11, 16).split(':').map(Number);
      const period = hours >= 7 && hours < 22 ? 'day' : 'night';
      expect(reading.period).toBe(period);
      expect(minutes % (period === 'day' ? 20 : 30)).toBe(0);
      expect(reading.diastolic).toBeLessThan(reading.systolic);
    }
    expect(body.readings.filter((reading) => reading.period === 'night')).toHaveLength(18);
    expect(body.readings).toEqual(
      generateAbpmReadings({
        sessionId,
        durationHours: 24,
        dayStart: '07:00',
        nightStart: '22:00',
        endsAt: new Date(completedAt),
        utcOffsetMinutes: -300,
      }),
    );

    const pdf = Buffer.from(body.pdfBase64, 'base64');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(2);
    const pages = await pdfPageTexts(pdf);
    expect(pages[0]).toContain('Ambulatory Blood Pressure Report');
    const day = summarizeAbpmReadings(body.readings).periods.day.mean;
    expect(pages[0]).toContain(`${day?.systolic}/${day?.diastolic} mmHg`);
  });

  it('reads 48 hours as twice the readings', async () => {
    const { sessionId } = await createSession('study-48', 48);
    biobeat.advance({ id: sessionId });
    const [callback] = await portal.waitFor(1);
    expect(biobeatAbpmResultsBodySchema.parse(callback?.body).readings).toHaveLength(126);
  });

  it('sends the readings twice with one delivery id under duplicateDeliveries', async () => {
    await control(biobeat.url, 'POST', 'faults', { duplicateDeliveries: 2 });
    const first = await createSession('study-a');
    const second = await createSession('study-b');
    biobeat.advance();
    await biobeat.callbacksSettled();
    expect(portal.received).toHaveLength(4);
    for (const id of [first.sessionId, second.sessionId]) {
      const copies = portal.received.filter(
        (callback) => biobeatAbpmResultsBodySchema.parse(callback.body).sessionId === id,
      );
      expect(copies).toHaveLength(2);
      expect(copies[0]?.deliveryId).toBe(copies[1]?.deliveryId);
    }
  });

  it('can be cancelled before it completes (not in VENDOR_PROTOCOLS.md: the call mirrors InfoBionic’s)', async () => {
    const { sessionId } = await createSession();
    const cancelled = await client.post(`/api/v1/abpm/sessions/${sessionId}/cancel`, undefined, {
      key: 'biobeat-cancel:1',
    });
    expect(cancelled.status).toBe(200);
    expect(sessionSchema.parse(await cancelled.json()).status).toBe('cancelled');
    biobeat.advance({ id: sessionId });
    await biobeat.callbacksSettled();
    expect(portal.received).toHaveLength(0);
  });
});

describe('request faults', () => {
  it('answers 500 the given number of times, then as usual', async () => {
    await client.bearer();
    biobeat.setFaults({ status: 500, times: 2 });
    expect((await client.post('/api/v1/abpm/sessions', session(), { key: 'k' })).status).toBe(500);
    expect((await client.post('/api/v1/abpm/sessions', session(), { key: 'k' })).status).toBe(500);
    expect((await client.post('/api/v1/abpm/sessions', session(), { key: 'k' })).status).toBe(201);
    expect(biobeat.stats()).toMatchObject({ ordersCreated: 1, requests: 4 });
  });
});
