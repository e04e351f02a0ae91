import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeVendor, fakeVendorSettings, startFakeVendor } from '../../test-support/fake-vendor';
import { VendorRejectedError, VendorResponseError } from '../vendor-http/vendor-errors';
import { createZollClient, type ZollStudyOrder } from './zoll-client';

// The Zoll client against a fake Zoll on a real socket: the requests it sends are exactly those of
// VENDOR_PROTOCOLS.md, and Zoll's answers and documented refusals become what the portal shows.

let zoll: FakeVendor;

beforeEach(async () => {
  zoll = await startFakeVendor();
});
afterEach(() => zoll.close());

function client() {
  return createZollClient({
    ...fakeVendorSettings(zoll),
    timeoutMs: 1000,
    retry: { retries: 3, initialDelayMs: 5 },
  });
}

const order: ZollStudyOrder = {
  orderId: '0b5d6c1e-51a4-4f7e-9c55-0b9c1f6f2a10',
  patient: {
    mrn: 'P900101',
    firstName: 'Marguerite',
    lastName: 'Fennimore',
    dob: '1946-03-14',
    gender: 'female',
    phone: '(312) 555-0142',
  },
  orderingPhysician: { npi: '1679576722', name: 'Dr. Amara Okafor' },
  nights: 2,
};

const scoredStudy = {
  studyId: 'ZS-1001',
  orderId: order.orderId,
  status: 'scored',
  updatedAt: '2026-03-04T07:12:00Z',
  results: {
    ahi: 18.4,
    pahi: 17.9,
    remAhi: 31.2,
    nremAhi: 14.1,
    odi: 16.3,
    spo2Nadir: 82,
    totalSleepTimeMinutes: 402,
    scoredAt: '2026-03-04T07:10:00Z',
  },
};

describe('ordering a study', () => {
  it('posts the documented order to the office, with its idempotency key, and reads the answer', async () => {
    zoll.handle(() => ({
      status: 201,
      json: {
        studyId: 'ZS-1001',
        orderId: order.orderId,
        status: 'ordered',
        updatedAt: '2026-03-02T09:00:00Z',
      },
    }));
    const ordered = await client().orderStudy('OFF-42', order, {
      idempotencyKey: `zoll-push:${order.orderId}`,
    });
    expect(ordered).toEqual({ studyId: 'ZS-1001', status: 'ordered', updatedAt: '2026-03-02T09:00:00Z' });
    expect(zoll.calls).toHaveLength(1);
    const [call] = zoll.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/hst/v1/offices/OFF-42/studies');
    expect(call?.headers['idempotency-key']).toBe(`zoll-push:${order.orderId}`);
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.json).toEqual({
      orderId: order.orderId,
      patient: {
        mrn: 'P900101',
        firstName: 'Marguerite',
        lastName: 'Fennimore',
        dob: '1946-03-14',
        gender: 'female',
        phone: '(312) 555-0142',
      },
      orderingPhysician: { npi: '1679576722', name: 'Dr. Amara Okafor' },
      nights: 2,
    });
  });

  it('sends only the documented fields, and a missing phone as null', async () => {
    zoll.handle(() => ({
      status: 201,
      json: { studyId: 'ZS-1', orderId: order.orderId, status: 'ordered', updatedAt: '2026-03-02T09:00:00Z' },
    }));
    const withMore = {
      ...order,
      notes: 'not for Zoll',
      patient: { ...order.patient, phone: null, email: 'm.fennimore@example.com' },
    };
    await client().orderStudy('OFF 42/b', withMore, { idempotencyKey: 'k' });
    const [call] = zoll.calls;
    expect(call?.path).toBe('/hst/v1/offices/OFF%2042%2Fb/studies');
    expect(call?.json).not.toHaveProperty('notes');
    expect(call?.json).toMatchObject({ patient: { phone: null } });
    expect(call?.body.toString()).not.toContain('example.com');
  });

  it("names the clinic's office id setting when Zoll does not know the office", async () => {
    zoll.handle(() => ({ status: 404, json: { error: 'office_not_found', message: 'No such office.' } }));
    const failure = client().orderStudy('OFF-404', order, { idempotencyKey: 'k' });
    await expect(failure).rejects.toThrow(VendorRejectedError);
    await expect(failure).rejects.toMatchObject({
      status: 404,
      code: 'office_not_found',
      message:
        "Zoll does not know office 'OFF-404': check the clinic's Sleep-study vendor office ID setting.",
    });
    expect(zoll.calls).toHaveLength(1);
  });
});

describe('reading a study', () => {
  it('gives an unscored study with no results', async () => {
    zoll.handle(() => ({
      status: 200,
      json: {
        studyId: 'ZS-1001',
        orderId: order.orderId,
        status: 'device-shipped',
        updatedAt: '2026-03-02T12:00:00Z',
        results: null,
      },
    }));
    const study = await client().getStudy('ZS-1001');
    expect(study).toEqual({
      studyId: 'ZS-1001',
      orderId: order.orderId,
      status: 'device-shipped',
      updatedAt: '2026-03-02T12:00:00Z',
      results: null,
    });
    expect(zoll.calls[0]).toMatchObject({ method: 'GET', path: '/hst/v1/studies/ZS-1001' });
    expect(zoll.calls[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('gives a scored study with its results', async () => {
    zoll.handle(() => ({ status: 200, json: scoredStudy }));
    expect(await client().getStudy('ZS-1001')).toEqual(scoredStudy);
  });

  it('refuses an answer of another shape', async () => {
    zoll.handle(() => ({ status: 200, json: { ...scoredStudy, status: 'lost-in-the-mail' } }));
    const failure = client().getStudy('ZS-1001');
    await expect(failure).rejects.toThrow(VendorResponseError);
    await expect(failure).rejects.toMatchObject({
      message: 'Zoll answered in a way the portal does not understand (HTTP 200).',
      detail: expect.stringContaining('status'),
    });
  });

  it('says which study Zoll does not know', async () => {
    zoll.handle(() => ({ status: 404, json: { error: 'study_not_found' } }));
    await expect(client().getStudy('ZS-9')).rejects.toMatchObject({
      code: 'study_not_found',
      message: 'Zoll does not know study ZS-9.',
    });
  });
});

describe('the scored report', () => {
  it('is the PDF Zoll sends', async () => {
    const pdf = Buffer.from('%PDF-1.7\n% a sleep report\n%%EOF\n');
    zoll.handle(() => ({ status: 200, bytes: pdf, contentType: 'application/pdf' }));
    const report = await client().getReport('ZS-1001');
    expect(Buffer.from(report).equals(pdf)).toBe(true);
    expect(zoll.calls[0]).toMatchObject({ method: 'GET', path: '/hst/v1/studies/ZS-1001/report' });
    expect(zoll.calls[0]?.headers.accept).toBe('application/pdf');
  });

  it('is not there before the study is scored', async () => {
    zoll.handle(() => ({ status: 404, json: { error: 'report_not_ready' } }));
    await expect(client().getReport('ZS-1001')).rejects.toMatchObject({
      name: 'VendorRejectedError',
      message: 'Zoll has no scored report for study ZS-1001 yet.',
    });
  });

  it('must be a PDF', async () => {
    zoll.handle(() => ({ status: 200, bytes: Buffer.from('<html>'), contentType: 'text/html' }));
    await expect(client().getReport('ZS-1001')).rejects.toThrow(VendorResponseError);
  });
});

describe('cancelling a study', () => {
  it('posts the cancel with its idempotency key and no body, and gives the cancelled study', async () => {
    zoll.handle(() => ({ status: 200, json: { ...scoredStudy, status: 'cancelled', results: null } }));
    const study = await client().cancelStudy('ZS-1001', { idempotencyKey: 'zoll-cancel:ZS-1001' });
    expect(study.status).toBe('cancelled');
    expect(zoll.calls[0]).toMatchObject({ method: 'POST', path: '/hst/v1/studies/ZS-1001/cancel' });
    expect(zoll.calls[0]?.headers['idempotency-key']).toBe('zoll-cancel:ZS-1001');
    expect(zoll.calls[0]?.body.byteLength).toBe(0);
  });

  it('says a scored study cannot be cancelled, without retrying', async () => {
    zoll.handle(() => ({ status: 409, json: { error: 'study_completed' } }));
    await expect(client().cancelStudy('ZS-1001', { idempotencyKey: 'k' })).rejects.toMatchObject({
      status: 409,
      code: 'study_completed',
      message: 'Zoll cannot cancel study ZS-1001: it has already been scored.',
    });
    expect(zoll.calls).toHaveLength(1);
  });
});
