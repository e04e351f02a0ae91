import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeVendor,
  type FakeVendorHandler,
  fakeVendorSettings,
  startFakeVendor,
} from '../../test-support/fake-vendor';
import {
  VendorAuthenticationError,
  VendorRejectedError,
  VendorResponseError,
  VendorUnavailableError,
} from './vendor-errors';
import { createVendorHttp, type VendorHttpOptions } from './vendor-http';

// The HTTP every vendor client shares, against a fake vendor on a real socket: OAuth client credentials,
// idempotency keys, time-outs and SPEC §9 retries, and the errors staff are shown when they run out.

let vendor: FakeVendor;
let logged: { details: Record<string, unknown>; message: string }[];

const echo: FakeVendorHandler = (request) => ({
  status: request.method === 'POST' ? 201 : 200,
  json: { path: request.path, received: request.json ?? null },
});

beforeEach(async () => {
  logged = [];
  vendor = await startFakeVendor({ handler: echo });
});
afterEach(() => vendor.close());

/** A client of the fake with test-sized waits: 5 ms before the first retry, 3 attempts, 1 s each. */
function http(overrides: Partial<VendorHttpOptions> = {}) {
  return createVendorHttp({
    vendor: 'Acme',
    ...fakeVendorSettings(vendor),
    timeoutMs: 1000,
    retry: { retries: 3, initialDelayMs: 5 },
    log: { warn: (details, message) => logged.push({ details, message }) },
    ...overrides,
  });
}

describe('OAuth 2.0 client credentials', () => {
  it('asks for a token with the form-encoded client credentials, and sends it as a bearer token', async () => {
    const answer = await http().request({ method: 'GET', path: '/things/1' });
    expect(answer).toMatchObject({ status: 200, json: { path: '/things/1', received: null } });
    expect(vendor.tokenRequests).toHaveLength(1);
    const [tokenRequest] = vendor.tokenRequests;
    expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body.toString()))).toEqual({
      grant_type: 'client_credentials',
      client_id: vendor.clientId,
      client_secret: vendor.clientSecret,
    });
    expect(vendor.calls[0]?.headers.authorization).toMatch(/^Bearer token-1-/);
  });

  it('uses one token for several calls, those made at once sharing one token request', async () => {
    const client = http();
    await Promise.all([
      client.request({ method: 'GET', path: '/a' }),
      client.request({ method: 'GET', path: '/b' }),
      client.request({ method: 'GET', path: '/c' }),
    ]);
    await client.request({ method: 'GET', path: '/d' });
    expect(vendor.tokensIssued()).toBe(1);
    expect(vendor.calls).toHaveLength(4);
    expect(new Set(vendor.calls.map((call) => call.headers.authorization)).size).toBe(1);
  });

  it('asks for a new token shortly before the old one expires', async () => {
    let clock = Date.parse('2026-03-02T09:00:00Z');
    const client = http({ now: () => clock });
    await client.request({ method: 'GET', path: '/a' });
    clock += 3600_000 - 120_000;
    await client.request({ method: 'GET', path: '/b' });
    expect(vendor.tokensIssued()).toBe(1);
    // Within a minute of `expires_in` (3600 s) the token is replaced before it can be refused.
    clock += 90_000;
    await client.request({ method: 'GET', path: '/c' });
    expect(vendor.tokensIssued()).toBe(2);
    expect(vendor.calls.map((call) => call.headers.authorization?.slice(0, 14))).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('fetches a new token once, and repeats the call, when the vendor answers 401 invalid_token', async () => {
    const client = http();
    await client.request({ method: 'GET', path: '/a' });
    vendor.revokeTokens();
    const answer = await client.request({
      method: 'POST',
      path: '/b',
      json: { n: 1 },
      idempotencyKey: 'k-1',
    });
    expect(answer).toMatchObject({ status: 201, json: { received: { n: 1 } } });
    expect(vendor.tokensIssued()).toBe(2);
    expect(vendor.calls.map((call) => call.path)).toEqual(['/a', '/b', '/b']);
    expect(vendor.calls[2]?.headers.authorization).toMatch(/^Bearer token-2-/);
    expect(logged).toEqual([]);
  });

  it('gives up when the vendor refuses even a new token, without retrying', async () => {
    vendor.handle(() => ({ status: 401, json: { error: 'invalid_token' } }));
    const failure = http().request({ method: 'GET', path: '/a' });
    await expect(failure).rejects.toThrow(VendorAuthenticationError);
    await expect(failure).rejects.toMatchObject({
      stage: 'call',
      message: "Acme refused the portal's access token, even a new one (HTTP 401).",
    });
    expect(vendor.tokensIssued()).toBe(2);
    expect(vendor.calls).toHaveLength(2);
  });

  it('says the vendor refused the client id and secret when the token endpoint answers 401', async () => {
    const failure = http({ clientSecret: 'wrong' }).request({ method: 'GET', path: '/a' });
    await expect(failure).rejects.toThrow(VendorAuthenticationError);
    await expect(failure).rejects.toMatchObject({
      vendor: 'Acme',
      stage: 'token',
      status: 401,
      message: "Acme refused the portal's client id and secret (HTTP 401).",
    });
    expect(vendor.tokenRequests).toHaveLength(1);
    expect(vendor.calls).toHaveLength(0);
  });

  it('retries a token endpoint answering 503, then makes the call', async () => {
    vendor.setFaults({ target: 'token', status: 503, times: 1 });
    const answer = await http().request({ method: 'GET', path: '/a' });
    expect(answer.status).toBe(200);
    expect(vendor.tokenRequests).toHaveLength(2);
    expect(logged.map((entry) => entry.message)).toEqual(['Retry attempt #1 failed.  Sleeping 5ms...']);
  });
});

describe('idempotency keys', () => {
  it('sends the same Idempotency-Key and body on every attempt of a change', async () => {
    vendor.setFaults({ status: 503, times: 2 });
    await http().request({
      method: 'POST',
      path: '/orders',
      json: { orderId: 'o-1' },
      idempotencyKey: 'push:o-1',
    });
    expect(vendor.calls).toHaveLength(3);
    expect(vendor.calls.map((call) => call.headers['idempotency-key'])).toEqual([
      'push:o-1',
      'push:o-1',
      'push:o-1',
    ]);
    expect(vendor.calls.map((call) => call.json)).toEqual([
      { orderId: 'o-1' },
      { orderId: 'o-1' },
      { orderId: 'o-1' },
    ]);
    expect(vendor.calls[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends none with a read, and no content type without a body', async () => {
    await http().request({ method: 'GET', path: '/a' });
    expect(vendor.calls[0]?.headers['idempotency-key']).toBeUndefined();
    expect(vendor.calls[0]?.headers['content-type']).toBeUndefined();
  });

  it('refuses a key the protocol does not allow, before sending anything', async () => {
    const client = http();
    await expect(
      client.request({ method: 'POST', path: '/a', json: {}, idempotencyKey: 'x'.repeat(201) }),
    ).rejects.toThrow(TypeError);
    await expect(
      client.request({ method: 'POST', path: '/a', json: {}, idempotencyKey: 'é' }),
    ).rejects.toThrow('An Idempotency-Key is 1 to 200 printable ASCII characters.');
    expect(vendor.tokenRequests).toHaveLength(0);
  });
});

describe('retrying as SPEC §9 says', () => {
  it('retries a 503, waiting 5 ms, and answers what the vendor then says', async () => {
    vendor.setFaults({ status: 503, times: 1 });
    const answer = await http().request({ method: 'GET', path: '/a' });
    expect(answer).toMatchObject({ status: 200, json: { path: '/a' } });
    expect(logged).toEqual([
      {
        details: { vendor: 'Acme', attempt: 1, reason: 'server-error', status: 503 },
        message: 'Retry attempt #1 failed.  Sleeping 5ms...',
      },
    ]);
  });

  it('gives up on a vendor that keeps answering 500, naming the status and the attempts', async () => {
    vendor.setFaults({ status: 500 });
    const failure = http().request({ method: 'GET', path: '/a' });
    await expect(failure).rejects.toThrow(VendorUnavailableError);
    await expect(failure).rejects.toMatchObject({
      vendor: 'Acme',
      reason: 'server-error',
      status: 500,
      attempts: 3,
      message: 'Acme could not be reached (HTTP 500 after 3 attempts).',
    });
    expect(vendor.calls).toHaveLength(3);
    expect(logged.map((entry) => entry.message)).toEqual([
      'Retry attempt #1 failed.  Sleeping 5ms...',
      'Retry attempt #2 failed.  Sleeping 10ms...',
      'Vendor unavailable',
    ]);
    expect(logged[2]?.details).toEqual({ vendor: 'Acme', attempts: 3, reason: 'server-error', status: 500 });
  });

  it('does not retry a 5xx SPEC §9 does not call retryable (501)', async () => {
    vendor.setFaults({ status: 501 });
    const failure = http().request({ method: 'GET', path: '/a' });
    await expect(failure).rejects.toMatchObject({ reason: 'server-error', status: 501, attempts: 1 });
    expect(vendor.calls).toHaveLength(1);
  });

  it('abandons an answer that takes too long, and retries it', async () => {
    // The first answer would come after a minute, past the test's own limit: only abandoning it at the
    // time-out and asking again gets the second, prompt answer.
    vendor.setFaults({ delayMs: 60_000, delayTimes: 1 });
    const answer = await http({ timeoutMs: 500 }).request({ method: 'GET', path: '/a' });
    expect(answer.status).toBe(200);
    expect(vendor.calls).toHaveLength(2);
    expect(logged.map((entry) => entry.details.reason)).toEqual(['timeout']);
  });

  it('gives up on a vendor that never answers in time', async () => {
    vendor.setFaults({ delayMs: 300 });
    const failure = http({ timeoutMs: 30, retry: { retries: 2, initialDelayMs: 5 } }).request({
      method: 'GET',
      path: '/a',
    });
    await expect(failure).rejects.toMatchObject({
      reason: 'timeout',
      status: null,
      attempts: 2,
      message: 'Acme could not be reached (no answer in time after 2 attempts).',
    });
  });

  it('retries a connection dropped without an answer', async () => {
    vendor.setFaults({ dropConnections: 2 });
    const answer = await http().request({ method: 'GET', path: '/a' });
    expect(answer.status).toBe(200);
    expect(logged.map((entry) => entry.details.reason)).toEqual(['unreachable', 'unreachable']);
  });

  it('gives up on a vendor that cannot be reached', async () => {
    const settings = fakeVendorSettings(vendor);
    await vendor.close();
    const failure = http({ ...settings, retry: { retries: 2, initialDelayMs: 5 } }).request({
      method: 'GET',
      path: '/a',
    });
    await expect(failure).rejects.toMatchObject({
      name: 'VendorUnavailableError',
      reason: 'unreachable',
      attempts: 2,
      message: 'Acme could not be reached (no connection after 2 attempts).',
    });
    vendor = await startFakeVendor();
  });

  it('stops retrying, and stops waiting, when the caller cancels', async () => {
    vendor.setFaults({ status: 503 });
    const controller = new AbortController();
    // A back-off of ten minutes: a client that kept waiting after the cancel would outlast the test's limit.
    const failure = http({ retry: { retries: 10, initialDelayMs: 600_000 } }).request({
      method: 'GET',
      path: '/a',
      signal: controller.signal,
    });
    // Cancelled while it waits to try again, once the first attempt has been refused (waited for generously:
    // a busy machine may take seconds to fetch a token and ask).
    await vi.waitFor(() => expect(vendor.calls).toHaveLength(1), { timeout: 10_000 });
    controller.abort();
    await expect(failure).rejects.toMatchObject({
      name: 'VendorUnavailableError',
      reason: 'cancelled',
      message: 'The request to Acme was cancelled.',
    });
    expect(vendor.calls).toHaveLength(1);
  });

  it('sends nothing for a call cancelled before it starts', async () => {
    const failure = http().request({ method: 'GET', path: '/a', signal: AbortSignal.abort() });
    await expect(failure).rejects.toMatchObject({ reason: 'cancelled', attempts: 0 });
    expect(vendor.tokenRequests).toHaveLength(0);
  });
});

describe('refusals and odd answers', () => {
  it('does not retry a 4xx, and gives its code in a sentence', async () => {
    vendor.handle(() => ({
      status: 400,
      json: { error: 'invalid_request', message: 'patient.dob is missing' },
    }));
    const failure = http().request({ method: 'POST', path: '/a', json: {}, idempotencyKey: 'k' });
    await expect(failure).rejects.toThrow(VendorRejectedError);
    await expect(failure).rejects.toMatchObject({
      vendor: 'Acme',
      status: 400,
      code: 'invalid_request',
      message: 'Acme refused the request (HTTP 400: invalid_request).',
    });
    expect(vendor.calls).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it('says so when a key was reused with another body', async () => {
    vendor.handle(() => ({ status: 422, json: { error: 'idempotency_key_reused' } }));
    await expect(
      http().request({ method: 'POST', path: '/a', json: {}, idempotencyKey: 'k' }),
    ).rejects.toMatchObject({
      code: 'idempotency_key_reused',
      message: 'Acme refused the request because it was sent before with different details.',
    });
  });

  it('lets the caller name a refusal it expects', async () => {
    vendor.handle(() => ({ status: 404, json: { error: 'thing_not_found' } }));
    const failure = http().request({
      method: 'GET',
      path: '/things/7',
      describeRefusal: () => ({ message: 'Acme has no thing 7.' }),
    });
    await expect(failure).rejects.toMatchObject({
      status: 404,
      code: 'thing_not_found',
      message: 'Acme has no thing 7.',
    });
  });

  it('does not follow a redirect', async () => {
    vendor.handle(() => ({ status: 301, json: {} }));
    const failure = http().request({ method: 'GET', path: '/a' });
    await expect(failure).rejects.toThrow(VendorResponseError);
    await expect(failure).rejects.toThrow(
      'Acme sent the portal elsewhere (HTTP 301): check its address setting.',
    );
    expect(vendor.calls).toHaveLength(1);
  });

  it('gives an answer that is not JSON as bytes', async () => {
    vendor.handle(() => ({ status: 200, bytes: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' }));
    const answer = await http().request({ method: 'GET', path: '/report', accept: 'application/pdf' });
    expect(answer.json).toBeUndefined();
    expect(Buffer.from(answer.bytes ?? []).toString()).toBe('%PDF-1.7');
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(vendor.calls[0]?.headers.accept).toBe('application/pdf');
  });
});

describe('what reaches the logs', () => {
  it('is the vendor, statuses, reasons and attempts: never a body, the secret or the token', async () => {
    vendor.setFaults({ status: 503 });
    await expect(
      http().request({ method: 'POST', path: '/a', json: { lastName: 'Fennimore' }, idempotencyKey: 'k' }),
    ).rejects.toThrow(VendorUnavailableError);
    expect(logged.length).toBe(3);
    for (const entry of logged) {
      for (const key of Object.keys(entry.details)) {
        expect(['vendor', 'attempt', 'attempts', 'reason', 'status']).toContain(key);
      }
    }
    const text = JSON.stringify(logged);
    for (const secret of ['Fennimore', vendor.clientSecret, 'token-1']) expect(text).not.toContain(secret);
  });
});
