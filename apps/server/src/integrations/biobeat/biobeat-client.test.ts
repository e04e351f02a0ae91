import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeVendor, fakeVendorSettings, startFakeVendor } from '../../test-support/fake-vendor';
import { VendorResponseError, VendorUnavailableError } from '../vendor-http/vendor-errors';
import { type BiobeatSessionRequest, createBiobeatClient } from './biobeat-client';

// The Biobeat client against a fake Biobeat on a real socket: the session it creates is exactly
// VENDOR_PROTOCOLS.md's, and Biobeat's answers are read as the protocol gives them.

let biobeat: FakeVendor;

beforeEach(async () => {
  biobeat = await startFakeVendor();
});
afterEach(() => biobeat.close());

function client() {
  return createBiobeatClient({
    ...fakeVendorSettings(biobeat),
    timeoutMs: 1000,
    retry: { retries: 3, initialDelayMs: 5 },
  });
}

const session: BiobeatSessionRequest = {
  externalId: 'c3a9e0b2-8f14-4d6a-b7c5-1e2f3a4b5c6d',
  patient: { mrn: 'P900103', firstName: 'Ines', lastName: 'Valcourt', dob: '1962-07-21', gender: 'female' },
  durationHours: 24,
  dayStart: '07:00',
  nightStart: '22:00',
};

describe('creating a session', () => {
  it('posts the documented session, with its idempotency key, and reads the answer', async () => {
    biobeat.handle(() => ({
      status: 201,
      json: { sessionId: 'BB-7001', externalId: session.externalId, status: 'created' },
    }));
    const created = await client().createSession(session, {
      idempotencyKey: `biobeat-push:${session.externalId}`,
    });
    expect(created).toEqual({ sessionId: 'BB-7001', status: 'created' });
    expect(biobeat.calls).toHaveLength(1);
    const [call] = biobeat.calls;
    expect(call).toMatchObject({ method: 'POST', path: '/api/v1/abpm/sessions' });
    expect(call?.headers['idempotency-key']).toBe(`biobeat-push:${session.externalId}`);
    expect(call?.json).toEqual({
      externalId: session.externalId,
      patient: {
        mrn: 'P900103',
        firstName: 'Ines',
        lastName: 'Valcourt',
        dob: '1962-07-21',
        gender: 'female',
      },
      durationHours: 24,
      dayStart: '07:00',
      nightStart: '22:00',
    });
  });

  it('creates it once Biobeat recovers, with the same key on every attempt', async () => {
    biobeat.handle(() => ({
      status: 201,
      json: { sessionId: 'BB-7001', externalId: session.externalId, status: 'created' },
    }));
    biobeat.setFaults({ status: 502, times: 2 });
    expect((await client().createSession(session, { idempotencyKey: 'biobeat-push:1' })).sessionId).toBe(
      'BB-7001',
    );
    expect(biobeat.calls.map((call) => call.headers['idempotency-key'])).toEqual([
      'biobeat-push:1',
      'biobeat-push:1',
      'biobeat-push:1',
    ]);
  });

  it('says Biobeat could not be reached when it keeps failing', async () => {
    biobeat.setFaults({ status: 503 });
    const failure = client().createSession(session, { idempotencyKey: 'k' });
    await expect(failure).rejects.toThrow(VendorUnavailableError);
    await expect(failure).rejects.toThrow('Biobeat could not be reached (HTTP 503 after 3 attempts).');
  });
});

describe('reading a session', () => {
  it('reads a session', async () => {
    biobeat.handle(() => ({
      status: 200,
      json: { sessionId: 'BB-7001', externalId: session.externalId, status: 'recording' },
    }));
    expect(await client().getSession('BB-7001')).toEqual({
      sessionId: 'BB-7001',
      externalId: session.externalId,
      status: 'recording',
    });
    expect(biobeat.calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/abpm/sessions/BB-7001' });
  });

  it('says which session Biobeat does not know', async () => {
    biobeat.handle(() => ({ status: 404, json: { error: 'session_not_found' } }));
    await expect(client().getSession('BB-404')).rejects.toMatchObject({
      name: 'VendorRejectedError',
      message: 'Biobeat does not know session BB-404.',
    });
  });

  it('refuses an answer without a session id', async () => {
    biobeat.handle(() => ({ status: 200, json: { externalId: session.externalId, status: 'recording' } }));
    await expect(client().getSession('BB-7001')).rejects.toThrow(VendorResponseError);
  });
});
