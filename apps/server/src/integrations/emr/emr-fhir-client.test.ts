import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeVendor, fakeVendorSettings, startFakeVendor } from '../../test-support/fake-vendor';
import { VendorRejectedError, VendorResponseError } from '../vendor-http/vendor-errors';
import { buildEmrDocumentBundle, type EmrDocumentFiling } from './emr-fhir-bundle';
import { createEmrFhirClient } from './emr-fhir-client';

// The EMR client against a fake FHIR server on a real socket: the Bundle goes as FHIR JSON with its
// idempotency key, the transaction-response gives the EMR's id, and a refusal gives its diagnostics.

let emr: FakeVendor;
let logged: { details: Record<string, unknown>; message: string }[];

beforeEach(async () => {
  logged = [];
  emr = await startFakeVendor();
});
afterEach(() => emr.close());

function client() {
  return createEmrFhirClient({
    ...fakeVendorSettings(emr),
    timeoutMs: 1000,
    retry: { retries: 3, initialDelayMs: 5 },
    log: { warn: (details, message) => logged.push({ details, message }) },
  });
}

const filing: EmrDocumentFiling = {
  documentId: '5f0c8a2e-9b1d-4c3e-8f7a-6d5e4c3b2a10',
  clinicNpi: '1234567893',
  signedSha256: 'a'.repeat(64),
  documentType: 'holter-study',
  documentTypeLabel: 'Holter',
  title: 'Holter — 2026-03-04',
  dateOfService: '2026-03-04',
  patient: { mrn: 'P900101', firstName: 'Marguerite', lastName: 'Fennimore', dob: null, gender: 'unknown' },
  signedAt: '2026-03-05T14:22:10.000Z',
  signer: {
    name: 'Dr. Amara Okafor',
    npi: '1679576722',
    userId: 'u-1',
    familyName: 'Okafor',
    givenNames: ['Amara'],
  },
  interpreting: null,
  referring: null,
  pdf: new Uint8Array(Buffer.from('%PDF-1.7\n%%EOF\n')),
};

function transactionResponse(documentReference: { status: string; location: string }) {
  return {
    status: 200,
    contentType: 'application/fhir+json',
    json: {
      resourceType: 'Bundle',
      type: 'transaction-response',
      entry: [
        { response: { status: '201 Created', location: 'Binary/b-77/_history/1' } },
        { response: documentReference },
      ],
    },
  };
}

describe('filing a signed document', () => {
  it('posts the transaction Bundle as FHIR JSON with its idempotency key, and gives the new id', async () => {
    emr.handle(() =>
      transactionResponse({ status: '201 Created', location: 'DocumentReference/dr-1001/_history/1' }),
    );
    const filed = await client().fileDocument(filing, { idempotencyKey: `emr-file:${filing.documentId}` });
    expect(filed).toEqual({ emrId: 'dr-1001', created: true });
    expect(emr.calls).toHaveLength(1);
    const [call] = emr.calls;
    expect(call).toMatchObject({ method: 'POST', path: '/fhir' });
    expect(call?.headers['content-type']).toBe('application/fhir+json');
    expect(call?.headers.accept).toBe('application/fhir+json');
    expect(call?.headers['idempotency-key']).toBe(`emr-file:${filing.documentId}`);
    expect(call?.json).toEqual(buildEmrDocumentBundle(filing));
  });

  it('says the document was already there when the EMR matched its identifier (200 OK)', async () => {
    emr.handle(() =>
      transactionResponse({ status: '200 OK', location: 'DocumentReference/dr-1001/_history/1' }),
    );
    expect(await client().fileDocument(filing, { idempotencyKey: 'k' })).toEqual({
      emrId: 'dr-1001',
      created: false,
    });
  });

  it('reads the id from an absolute location too', async () => {
    emr.handle(() =>
      transactionResponse({
        status: '201 Created',
        location: 'https://emr.example/fhir/DocumentReference/88421/_history/1',
      }),
    );
    expect(await client().fileDocument(filing, { idempotencyKey: 'k' })).toEqual({
      emrId: '88421',
      created: true,
    });
  });

  it('gives the first diagnostics of the OperationOutcome the EMR refuses the Bundle with, without retrying', async () => {
    emr.handle(() => ({
      status: 422,
      contentType: 'application/fhir+json',
      json: {
        resourceType: 'OperationOutcome',
        issue: [
          {
            severity: 'error',
            code: 'processing',
            diagnostics: 'No patient has the medical record number given.',
          },
          { severity: 'error', code: 'invalid', diagnostics: 'A second reason.' },
        ],
      },
    }));
    const failure = client().fileDocument(filing, { idempotencyKey: 'k' });
    await expect(failure).rejects.toThrow(VendorRejectedError);
    await expect(failure).rejects.toMatchObject({
      vendor: 'The EMR',
      status: 422,
      code: 'processing',
      message: 'No patient has the medical record number given.',
    });
    expect(emr.calls).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it('names the status when a refusal has no diagnostics', async () => {
    emr.handle(() => ({
      status: 400,
      contentType: 'application/fhir+json',
      json: { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'structure' }] },
    }));
    await expect(client().fileDocument(filing, { idempotencyKey: 'k' })).rejects.toMatchObject({
      code: 'structure',
      message: 'The EMR refused the request (HTTP 400: structure).',
    });
  });

  it('files it once the EMR recovers from a 503, the same Bundle and key each time', async () => {
    emr.handle(() =>
      transactionResponse({ status: '201 Created', location: 'DocumentReference/dr-7/_history/1' }),
    );
    emr.setFaults({ status: 503, times: 1 });
    expect(await client().fileDocument(filing, { idempotencyKey: 'emr-file:1' })).toEqual({
      emrId: 'dr-7',
      created: true,
    });
    expect(emr.calls).toHaveLength(2);
    expect(emr.calls[0]?.body.equals(emr.calls[1]?.body ?? Buffer.alloc(0))).toBe(true);
    expect(emr.calls.map((call) => call.headers['idempotency-key'])).toEqual(['emr-file:1', 'emr-file:1']);
    expect(logged.map((entry) => entry.message)).toEqual(['Retry attempt #1 failed.  Sleeping 5ms...']);
    expect(JSON.stringify(logged)).not.toContain('Fennimore');
  });

  it('refuses a transaction-response without a DocumentReference it created or matched', async () => {
    emr.handle(() =>
      transactionResponse({ status: '400 Bad Request', location: 'DocumentReference/x/_history/1' }),
    );
    const failure = client().fileDocument(filing, { idempotencyKey: 'k' });
    await expect(failure).rejects.toThrow(VendorResponseError);
    await expect(failure).rejects.toThrow(
      'The EMR answered in a way the portal does not understand (HTTP 200).',
    );
  });
});
