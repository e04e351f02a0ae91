import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FileMakerSimulator, startFileMakerSimulator } from './filemaker-simulator';
import { SEEDED_PATIENT_RECORDS } from './patient-records';

// The simulator over real HTTP, as the portal's client (or curl) meets it.

let simulator: FileMakerSimulator;
let clock: number;

beforeEach(async () => {
  clock = Date.parse('2026-03-02T09:00:00Z');
  simulator = await startFileMakerSimulator({ port: 0, now: () => clock });
});
afterEach(() => simulator.close());

const databaseUrl = () => `${simulator.url}/fmi/data/vLatest/databases/${simulator.database}`;
const recordUrl = (recordId: string) => `${databaseUrl()}/layouts/${simulator.layout}/records/${recordId}`;

function basic(user: string, password: string) {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

async function logIn(user = simulator.user, password = simulator.password) {
  return fetch(`${databaseUrl()}/sessions`, {
    method: 'POST',
    headers: { authorization: basic(user, password), 'content-type': 'application/json' },
    body: '{}',
  });
}

async function token(): Promise<string> {
  const answer = await logIn();
  const header = answer.headers.get('x-fm-data-access-token');
  if (!header) throw new Error('no token');
  return header;
}

function getRecord(recordId: string, sessionToken: string) {
  return fetch(recordUrl(recordId), { headers: { authorization: `Bearer ${sessionToken}` } });
}

const dataApiBodySchema = z.object({
  response: z.record(z.string(), z.unknown()),
  messages: z.array(z.object({ code: z.string(), message: z.string() })).length(1),
});
const recordBodySchema = z.object({
  response: z.object({
    dataInfo: z.unknown(),
    data: z.array(z.object({ fieldData: z.record(z.string(), z.unknown()) }).loose()),
  }),
  messages: z.unknown(),
});
const controlErrorSchema = z.object({ message: z.string() });

/** The FileMaker code of an answer, which must be a Data API body with one message. */
async function codeOf(answer: Response): Promise<string | undefined> {
  return dataApiBodySchema.parse(await answer.json()).messages[0]?.code;
}

function control(method: 'GET' | 'POST' | 'DELETE', body?: unknown) {
  return fetch(`${simulator.url}/_simulator/faults`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

describe('a database session', () => {
  it('opens with the account and password and hands back its token in the header and the body', async () => {
    const answer = await logIn();
    expect(answer.status).toBe(200);
    const sessionToken = answer.headers.get('x-fm-data-access-token');
    expect(sessionToken).toMatch(/^[0-9a-f]{52}$/);
    expect(await answer.json()).toEqual({
      response: { token: sessionToken },
      messages: [{ code: '0', message: 'OK' }],
    });
  });

  it('refuses a wrong password with 401 and code 212, and gives no token', async () => {
    const answer = await logIn(simulator.user, 'not-the-password');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-fm-data-access-token')).toBeNull();
    expect(await answer.json()).toEqual({
      response: {},
      messages: [{ code: '212', message: 'Invalid user account and/or password; please try again' }],
    });
  });

  it('refuses a log-in without credentials, or without a JSON content type', async () => {
    const bare = await fetch(`${databaseUrl()}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.status).toBe(401);
    const form = await fetch(`${databaseUrl()}/sessions`, {
      method: 'POST',
      headers: { authorization: basic(simulator.user, simulator.password) },
    });
    expect(form.status).toBe(415);
  });

  it('cannot open a database the server does not host (500, code 802)', async () => {
    const answer = await fetch(`${simulator.url}/fmi/data/vLatest/databases/Elsewhere/sessions`, {
      method: 'POST',
      headers: {
        authorization: basic(simulator.user, simulator.password),
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(answer.status).toBe(500);
    expect(await codeOf(answer)).toBe('802');
  });

  it('ends on log-out, after which its token is refused', async () => {
    const sessionToken = await token();
    const out = await fetch(`${databaseUrl()}/sessions/${sessionToken}`, { method: 'DELETE' });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ response: {}, messages: [{ code: '0', message: 'OK' }] });
    const after = await getRecord('1001', sessionToken);
    expect(after.status).toBe(401);
    expect(await codeOf(after)).toBe('952');
    expect(simulator.stats()).toMatchObject({ logins: 1, logouts: 1, openSessions: 0 });
  });

  it('expires after 15 minutes without a call; each call restarts that time', async () => {
    const sessionToken = await token();
    clock += 14 * 60_000;
    expect((await getRecord('1001', sessionToken)).status).toBe(200);
    clock += 14 * 60_000;
    expect((await getRecord('1001', sessionToken)).status).toBe(200);
    clock += 15 * 60_000;
    const expired = await getRecord('1001', sessionToken);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      response: {},
      messages: [{ code: '952', message: 'Invalid FileMaker Data API token (*)' }],
    });
  });
});

describe('a record by id', () => {
  it('comes back with its field data, record id and mod id, as the Data API shapes it', async () => {
    const answer = await getRecord('1001', await token());
    expect(answer.status).toBe(200);
    const body = recordBodySchema.parse(await answer.json());
    expect(body.messages).toEqual([{ code: '0', message: 'OK' }]);
    expect(body.response.dataInfo).toEqual({
      database: simulator.database,
      layout: simulator.layout,
      table: simulator.layout,
      totalRecordCount: SEEDED_PATIENT_RECORDS.length,
      foundCount: 1,
      returnedCount: 1,
    });
    expect(body.response.data).toEqual([
      { fieldData: expect.any(Object), portalData: {}, recordId: '1001', modId: '4' },
    ]);
    expect(body.response.data[0]?.fieldData).toMatchObject({
      PatientID: 'P900101',
      NameLast: 'Fennimore',
      DOB: '03/14/1946',
      FollowingPhysicianNPI: '1679576722',
      PacerDependent: 1,
      ICD10Codes: 'I48.0\rI49.5\rZ95.0',
      DeviceModelNumber: 'W1DR01',
      DeviceSerialNumber: 'RNB204815H',
      AddressStreet2: '',
    });
  });

  it('needs a bearer token: none, or a made-up one, is 401 with code 952', async () => {
    const none = await fetch(recordUrl('1001'));
    expect(none.status).toBe(401);
    expect(await codeOf(none)).toBe('952');
    const madeUp = await getRecord('1001', 'f'.repeat(52));
    expect(madeUp.status).toBe(401);
  });

  it('that does not exist is a FileMaker error: 500 with code 101', async () => {
    const answer = await getRecord('424242', await token());
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({
      response: {},
      messages: [{ code: '101', message: 'Record is missing' }],
    });
  });

  it('on a layout the database lacks is 500 with code 105', async () => {
    const answer = await fetch(`${databaseUrl()}/layouts/Invoices/records/1001`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(answer.status).toBe(500);
    expect(await codeOf(answer)).toBe('105');
  });

  it('answers under v1 and v2 as well, and 404 under a version FileMaker does not have', async () => {
    const sessionToken = await token();
    for (const version of ['v1', 'v2']) {
      const answer = await fetch(
        `${simulator.url}/fmi/data/${version}/databases/${simulator.database}/layouts/${simulator.layout}/records/1002`,
        { headers: { authorization: `Bearer ${sessionToken}` } },
      );
      expect(answer.status).toBe(200);
    }
    const unknown = await fetch(
      `${simulator.url}/fmi/data/v9/databases/${simulator.database}/layouts/${simulator.layout}/records/1002`,
      { headers: { authorization: `Bearer ${sessionToken}` } },
    );
    expect(unknown.status).toBe(404);
  });

  it('reads from the records the simulator was started with', async () => {
    await simulator.close();
    simulator = await startFileMakerSimulator({
      port: 0,
      records: [{ recordId: '7', modId: '0', fieldData: { PatientID: 'T1', NameLast: 'Testcase' } }],
    });
    const answer = await getRecord('7', await token());
    expect(recordBodySchema.parse(await answer.json()).response.data[0]?.fieldData).toEqual({
      PatientID: 'T1',
      NameLast: 'Testcase',
    });
    expect((await getRecord('1001', await token())).status).toBe(500);
  });
});

describe('fault injection', () => {
  it('fails the next requests with a 500 FileMaker error, then answers again', async () => {
    const sessionToken = await token();
    const set = await control('POST', { status: 500, times: 2 });
    expect(await set.json()).toEqual({ status: 500, remaining: 2, delayMs: 0, dropConnections: 0 });
    for (let i = 0; i < 2; i++) {
      const failed = await getRecord('1001', sessionToken);
      expect(failed.status).toBe(500);
      expect(await codeOf(failed)).toBe('-1');
    }
    expect((await getRecord('1001', sessionToken)).status).toBe(200);
  });

  it.each([502, 503, 504] as const)(
    'answers %i with the web server’s own page, log-in included',
    async (status) => {
      simulator.setFaults({ status, times: 1 });
      const failed = await logIn();
      expect(failed.status).toBe(status);
      expect(failed.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await failed.text()).toContain(String(status));
      expect((await logIn()).status).toBe(200);
    },
  );

  it('keeps failing until cleared when no count is given', async () => {
    await control('POST', { status: 503 });
    expect(await control('GET').then((answer) => answer.json())).toMatchObject({ status: 503 });
    for (let i = 0; i < 3; i++) expect((await logIn()).status).toBe(503);
    const cleared = await control('DELETE');
    expect(await cleared.json()).toEqual({ status: null, remaining: null, delayMs: 0, dropConnections: 0 });
    expect((await logIn()).status).toBe(200);
  });

  it('delays every answer until the delay is set back to 0', async () => {
    // Only lower bounds and the delay itself are compared, so a slow machine cannot fail it: an answer
    // still delayed would take at least the 3 s again.
    await control('POST', { delayMs: 3000 });
    const started = performance.now();
    expect((await logIn()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2990);
    await control('POST', { delayMs: 0 });
    const again = performance.now();
    await logIn();
    expect(performance.now() - again).toBeLessThan(2990);
  });

  it('drops connections without an answer, as a network failure would', async () => {
    await control('POST', { dropConnections: 1 });
    await expect(logIn()).rejects.toThrow(TypeError);
    expect((await logIn()).status).toBe(200);
    expect(simulator.stats().requests).toBe(2);
  });

  it('expires every token at once', async () => {
    const sessionToken = await token();
    await control('POST', { expireTokens: true });
    const answer = await getRecord('1001', sessionToken);
    expect(answer.status).toBe(401);
    expect(await codeOf(answer)).toBe('952');
  });

  it('can be set when the simulator starts', async () => {
    await simulator.close();
    simulator = await startFileMakerSimulator({ port: 0, faults: { status: 502, times: 1 } });
    expect((await logIn()).status).toBe(502);
    expect((await logIn()).status).toBe(200);
  });

  it('refuses a fault it does not know, naming the field', async () => {
    const unknownStatus = await control('POST', { status: 418 });
    expect(unknownStatus.status).toBe(400);
    expect(controlErrorSchema.parse(await unknownStatus.json()).message).toMatch(/^status /);
    const countWithoutStatus = await control('POST', { times: 2 });
    expect(controlErrorSchema.parse(await countWithoutStatus.json()).message).toBe('times needs a status');
    const unknownKey = await control('POST', { explode: true });
    expect(unknownKey.status).toBe(400);
  });

  it('never touches the control endpoint itself', async () => {
    await control('POST', { status: 503 });
    expect((await control('GET')).status).toBe(200);
  });
});

describe('product info', () => {
  it('answers without a session, as FileMaker does', async () => {
    const answer = await fetch(`${simulator.url}/fmi/data/vLatest/productInfo`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ response: { productInfo: { dateFormat: 'MM/dd/yyyy' } } });
  });
});
