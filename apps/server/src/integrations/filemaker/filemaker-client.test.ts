import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FileMakerSimulator,
  fileMakerSettingsOf,
  startTestFileMakerSimulator,
} from '../../test-support/filemaker-simulator';
import { createFileMakerClient, type FileMakerClientOptions } from './filemaker-client';
import {
  FileMakerAuthenticationError,
  FileMakerRecordNotFoundError,
  FileMakerUnavailableError,
} from './filemaker-errors';

// The client against the FileMaker Data API simulator, a real HTTP service: FileMaker is a boundary the
// portal does not own, so this is where its protocol, its failures and our retries meet.

let simulator: FileMakerSimulator;
let clock: number;
let logged: { details: Record<string, unknown>; message: string }[];

beforeEach(async () => {
  clock = Date.parse('2026-03-02T09:00:00Z');
  logged = [];
  simulator = await startTestFileMakerSimulator({ now: () => clock });
});
afterEach(() => simulator.close());

/** A client of the simulator with test-sized waits: 5 ms before the first retry, 1 s per request. */
function client(overrides: Partial<FileMakerClientOptions> = {}) {
  return createFileMakerClient({
    ...fileMakerSettingsOf(simulator),
    timeoutMs: 1000,
    retry: { retries: 4, initialDelayMs: 5 },
    log: { warn: (details, message) => logged.push({ details, message }) },
    ...overrides,
  });
}

describe('reading a patient record', () => {
  it('logs in, reads the record and gives it in the portal’s shape', async () => {
    const record = await client().fetchPatientRecord('1001');
    expect(record).toEqual({
      recordId: '1001',
      modId: '4',
      patientId: 'P900101',
      firstName: 'Marguerite',
      middleName: 'Anne',
      lastName: 'Fennimore',
      dob: '1946-03-14',
      gender: 'Female',
      physicianNpi: '1679576722',
      medicalInfo: {
        isPacerDependent: true,
        hasLAAO: false,
        efPercentage: 55,
        dateOfLastEcho: '2025-09-02',
        hasAfibHistory: true,
        dateOfLastAfib: '2026-01-18',
        icd10Codes: ['I48.0', 'I49.5', 'Z95.0'],
      },
      deviceInfo: {
        manufacturer: 'Medtronic',
        model: 'Azure XT DR MRI SureScan',
        modelNumber: 'W1DR01',
        serialNumber: 'RNB204815H',
        deviceType: 'PM',
        implantDate: '2021-06-11',
      },
      contactInfo: {
        mobilePhone: '(312) 555-0142',
        homePhone: '(312) 555-0187',
        email: 'm.fennimore@example.com',
        address: {
          street: '418 Larkspur Lane',
          street2: null,
          apartment: null,
          city: 'Evanston',
          state: 'IL',
          zip: '60201',
        },
      },
      invalidFields: [],
    });
  });

  it('gives an empty FileMaker field as null, and no ICD-10 codes as an empty list', async () => {
    const record = await client().fetchPatientRecord('1007');
    expect(record).toMatchObject({
      patientId: 'P900107',
      lastName: 'Fairweather',
      medicalInfo: { isPacerDependent: null, efPercentage: null, icd10Codes: [] },
      deviceInfo: { manufacturer: null, modelNumber: null, serialNumber: null },
      contactInfo: { email: null, address: { street: null } },
      invalidFields: [],
    });
  });

  it('reuses its session token for the next record, and shares one log-in between calls at once', async () => {
    const fileMaker = client();
    await Promise.all([fileMaker.fetchPatientRecord('1001'), fileMaker.fetchPatientRecord('1002')]);
    await fileMaker.fetchPatientRecord('1003');
    expect(simulator.stats()).toMatchObject({ logins: 1, recordReads: 3 });
  });

  it('logs in again, once, when FileMaker has ended the session (code 952)', async () => {
    const fileMaker = client();
    await fileMaker.fetchPatientRecord('1001');
    simulator.setFaults({ expireTokens: true });
    expect((await fileMaker.fetchPatientRecord('1002')).patientId).toBe('P900102');
    expect(simulator.stats()).toMatchObject({ logins: 2, recordReads: 2 });
  });

  it('logs in again after 15 minutes idle, when FileMaker has let the token expire', async () => {
    const fileMaker = client();
    await fileMaker.fetchPatientRecord('1001');
    clock += 16 * 60_000;
    expect((await fileMaker.fetchPatientRecord('1001')).patientId).toBe('P900101');
    expect(simulator.stats().logins).toBe(2);
  });

  it('says a record FileMaker does not have is not found, without retrying', async () => {
    const failure = client().fetchPatientRecord('424242');
    await expect(failure).rejects.toThrow(FileMakerRecordNotFoundError);
    await expect(failure).rejects.toThrow('FileMaker record 424242 was not found.');
    expect(simulator.stats()).toMatchObject({ requests: 2, logins: 1 });
  });

  it('does not retry credentials FileMaker refuses', async () => {
    const failure = client({ password: 'wrong' }).fetchPatientRecord('1001');
    await expect(failure).rejects.toThrow(FileMakerAuthenticationError);
    expect(simulator.stats().requests).toBe(1);
  });

  it('logs out of its session when closed', async () => {
    const fileMaker = client();
    await fileMaker.fetchPatientRecord('1001');
    await fileMaker.close();
    expect(simulator.stats()).toMatchObject({ logouts: 1, openSessions: 0 });
  });
});

describe('retrying as SPEC §9 says', () => {
  it('retries two 503 answers, waiting 5 then 10 ms, and then reads the record', async () => {
    const fileMaker = client();
    await fileMaker.fetchPatientRecord('1001');
    simulator.setFaults({ status: 503, times: 2 });
    expect((await fileMaker.fetchPatientRecord('1002')).patientId).toBe('P900102');
    expect(logged.map((entry) => entry.message)).toEqual([
      'Retry attempt #1 failed.  Sleeping 5ms...',
      'Retry attempt #2 failed.  Sleeping 10ms...',
    ]);
    expect(logged[0]?.details).toMatchObject({
      integration: 'filemaker',
      reason: 'server-error',
      status: 503,
    });
  });

  it('retries a failed log-in the same way', async () => {
    simulator.setFaults({ status: 502, times: 1 });
    expect((await client().fetchPatientRecord('1001')).patientId).toBe('P900101');
    expect(simulator.stats().logins).toBe(1);
  });

  it('retries a connection dropped without an answer', async () => {
    simulator.setFaults({ dropConnections: 2 });
    expect((await client().fetchPatientRecord('1001')).patientId).toBe('P900101');
    expect(logged.map((entry) => entry.details.reason)).toEqual(['unreachable', 'unreachable']);
  });

  it('gives up on a server that keeps answering 500, naming the status and the attempts', async () => {
    simulator.setFaults({ status: 500 });
    const failure = client().fetchPatientRecord('1001');
    await expect(failure).rejects.toThrow(FileMakerUnavailableError);
    await expect(failure).rejects.toMatchObject({
      reason: 'server-error',
      attempts: 4,
      lastStatus: 500,
      lastCode: '-1',
      message: 'The FileMaker server answered with HTTP 500 (4 attempts).',
    });
    expect(simulator.stats().requests).toBe(4);
  });

  it('gives up on a server that cannot be reached, after every attempt', async () => {
    const settings = fileMakerSettingsOf(simulator);
    await simulator.close();
    const failure = client({ ...settings, retry: { retries: 3, initialDelayMs: 5 } }).fetchPatientRecord(
      '1001',
    );
    await expect(failure).rejects.toMatchObject({
      name: 'FileMakerUnavailableError',
      reason: 'unreachable',
      attempts: 3,
      lastStatus: null,
      message: 'The FileMaker server could not be reached (3 attempts).',
    });
    simulator = await startTestFileMakerSimulator();
  });

  it('abandons a request with no answer in time, and retries it', async () => {
    // Answers after ten minutes: a client that did not abandon each attempt at 50 ms would outlast the test.
    simulator.setFaults({ delayMs: 600_000 });
    const failure = client({ timeoutMs: 50, retry: { retries: 2, initialDelayMs: 5 } }).fetchPatientRecord(
      '1001',
    );
    await expect(failure).rejects.toMatchObject({ reason: 'timeout', attempts: 2 });
  });

  it('stops retrying when the caller cancels', async () => {
    simulator.setFaults({ status: 503 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    // A back-off of ten minutes: a client that kept waiting after the cancel would outlast the test's limit.
    const failure = client({ retry: { retries: 10, initialDelayMs: 600_000 } }).fetchPatientRecord('1001', {
      signal: controller.signal,
    });
    await expect(failure).rejects.toMatchObject({ name: 'FileMakerUnavailableError', reason: 'cancelled' });
  });
});

describe('what reaches the logs', () => {
  it('is statuses, codes and reasons: never a patient’s data, the password or the token', async () => {
    const fileMaker = client();
    await fileMaker.fetchPatientRecord('1001');
    simulator.setFaults({ status: 503, times: 1 });
    await fileMaker.fetchPatientRecord('1001');
    simulator.setFaults({ status: 500 });
    await expect(fileMaker.fetchPatientRecord('1001')).rejects.toThrow(FileMakerUnavailableError);
    expect(logged.length).toBeGreaterThan(1);
    const text = JSON.stringify(logged);
    for (const secret of ['Fennimore', 'Marguerite', 'P900101', '1946', 'RNB204815H', simulator.password]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/[0-9a-f]{52}/);
  });
});
