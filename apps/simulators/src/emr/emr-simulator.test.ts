import { createHash, randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { control, vendorClient } from '../vendor-common/testing';
import { type EmrSimulator, startEmrSimulator } from './emr-simulator';

// The EMR simulator over real HTTP, as the portal's FHIR client meets it.

let emr: EmrSimulator;
let client: ReturnType<typeof vendorClient>;
let signedPdf: Uint8Array;

beforeAll(async () => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const title of ['Sleep study', 'Coversheet', 'Signature']) {
    document.addPage().drawText(title, { x: 50, y: 700, size: 14, font });
  }
  signedPdf = await document.save();
});

beforeEach(async () => {
  emr = await startEmrSimulator({ port: 0, now: () => Date.parse('2026-03-06T10:00:00Z') });
  client = vendorClient(emr);
});
afterEach(() => emr.close());

const DOCUMENT_ID = '0b5e7a8e-5f42-4f7c-9d0e-3c1b1f6a2d10';

const NPI = 'http://hl7.org/fhir/sid/us-npi';

/**
 * The Bundle the portal posts for a signed document (VENDOR_PROTOCOLS.md, "The EMR: HL7 FHIR R4"), as US Core
 * 6.1 expects it: the Binary and the DocumentReference first here, then the Patient and the signer's Practitioner.
 */
function documentBundle(pdf: Uint8Array = signedPdf, identifierValue = `${DOCUMENT_ID}.${sha256(pdf)}`) {
  const binaryUrl = `urn:uuid:${randomUUID()}`;
  const patientUrl = `urn:uuid:${randomUUID()}`;
  const practitionerUrl = `urn:uuid:${randomUUID()}`;
  const signer = { reference: practitionerUrl, display: 'Dr. Ruth Abernathy' };
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: binaryUrl,
        resource: {
          resourceType: 'Binary',
          contentType: 'application/pdf',
          data: Buffer.from(pdf).toString('base64'),
        },
        request: { method: 'POST', url: 'Binary' },
      },
      {
        fullUrl: `urn:uuid:${randomUUID()}`,
        resource: {
          resourceType: 'DocumentReference',
          status: 'current',
          identifier: [{ system: 'urn:portal:document', value: identifierValue }],
          type: { coding: [{ system: 'http://loinc.org', code: '28633-6' }], text: 'Sleep study' } as Record<
            string,
            unknown
          >,
          category: [
            {
              coding: [
                {
                  system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category',
                  code: 'clinical-note',
                },
              ],
            },
          ] as unknown[] | undefined,
          subject: { reference: patientUrl, display: 'Ada Quill' } as Record<string, unknown> | undefined,
          date: '2026-03-06T09:58:00Z',
          author: [signer] as unknown[],
          authenticator: signer,
          context: {
            period: { start: '2026-03-05' },
            related: [{ display: 'Dr. Omar Feld', identifier: { system: NPI, value: '1003000126' } }],
          },
          content: [
            {
              attachment: {
                contentType: 'application/pdf',
                url: binaryUrl,
                title: 'Quill_Ada_sleep-study_2026-03-06.pdf',
                size: pdf.length,
                hash: createHash('sha1').update(pdf).digest('base64'),
              } as Record<string, unknown>,
              format: {
                system: 'http://ihe.net/fhir/ihe.formatcode.fhir/CodeSystem/formatcode',
                code: 'urn:ihe:iti:xds:2017:mimeTypeSufficient',
              },
            },
          ],
        },
        request: {
          method: 'POST',
          url: 'DocumentReference',
          ifNoneExist: `identifier=urn:portal:document|${identifierValue}`,
        },
      },
      {
        fullUrl: patientUrl,
        resource: {
          resourceType: 'Patient',
          identifier: [{ system: 'urn:portal:clinic:1234567893:patient-id', value: 'MRN-204811' }],
          name: [{ family: 'Quill', given: ['Ada'] }],
          gender: 'female',
        },
        request: {
          method: 'POST',
          url: 'Patient',
          ifNoneExist: 'identifier=urn:portal:clinic:1234567893:patient-id|MRN-204811',
        },
      },
      {
        fullUrl: practitionerUrl,
        resource: {
          resourceType: 'Practitioner',
          identifier: [{ system: NPI, value: '1679576722' }],
          name: [{ family: 'Abernathy', given: ['Ruth'] }],
        },
        request: { method: 'POST', url: 'Practitioner', ifNoneExist: `identifier=${NPI}|1679576722` },
      },
    ],
  };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function postBundle(bundle: unknown, key?: string) {
  return client.post('/fhir', bundle, { contentType: 'application/fhir+json', ...(key ? { key } : {}) });
}

const transactionResponseSchema = z.object({
  resourceType: z.literal('Bundle'),
  type: z.literal('transaction-response'),
  entry: z.array(z.object({ response: z.object({ status: z.string(), location: z.string() }) })).length(4),
});
const outcomeSchema = z.object({
  resourceType: z.literal('OperationOutcome'),
  issue: z.array(z.object({ severity: z.string(), code: z.string(), diagnostics: z.string() })).min(1),
});

async function diagnosticsOf(answer: Response): Promise<string | undefined> {
  return outcomeSchema.parse(await answer.json()).issue[0]?.diagnostics;
}

function locationId(location: string | undefined, type: string): string {
  const match = new RegExp(`^${type}/([^/]+)/_history/1$`).exec(location ?? '');
  if (!match?.[1]) throw new Error(`Not a ${type} location: ${location}`);
  return match[1];
}

describe('access', () => {
  it('issues tokens for its own client only and refuses FHIR calls without one (401 invalid_token)', async () => {
    expect((await client.requestToken('wrong')).status).toBe(401);
    const none = await fetch(`${emr.url}/fhir`, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json' },
      body: JSON.stringify(documentBundle()),
    });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'invalid_token' });
    expect(emr.documents()).toHaveLength(0);
  });
});

describe('filing a signed document', () => {
  it('creates the DocumentReference and Binary, answering a transaction-response with 201 Created locations', async () => {
    const answer = await postBundle(documentBundle());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const [binary, reference] = transactionResponseSchema.parse(await answer.json()).entry;
    expect(binary?.response.status).toBe('201 Created');
    expect(reference?.response.status).toBe('201 Created');
    const documentId = locationId(reference?.response.location, 'DocumentReference');
    const binaryId = locationId(binary?.response.location, 'Binary');

    const stored = await client.get(`/fhir/DocumentReference/${documentId}`);
    expect(await stored.json()).toMatchObject({
      resourceType: 'DocumentReference',
      id: documentId,
      meta: { versionId: '1' },
      status: 'current',
      subject: { reference: expect.stringMatching(/^Patient\/[0-9a-f-]{36}$/) },
      authenticator: { reference: expect.stringMatching(/^Practitioner\/[0-9a-f-]{36}$/) },
      content: [{ attachment: { url: `Binary/${binaryId}`, size: signedPdf.length } }],
    });

    const bytes = await client.get(`/fhir/Binary/${binaryId}`, { accept: 'application/pdf' });
    expect(bytes.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(Buffer.from(signedPdf))).toBe(true);
    const asFhir = await client.get(`/fhir/Binary/${binaryId}`);
    expect(await asFhir.json()).toMatchObject({
      resourceType: 'Binary',
      id: binaryId,
      contentType: 'application/pdf',
      data: Buffer.from(signedPdf).toString('base64'),
    });
  });

  it('lists what was filed at /_simulator/documents, with the page count read from the PDF', async () => {
    const answer = await postBundle(documentBundle(), 'emr:accepts-json-too');
    const documentId = locationId(
      transactionResponseSchema.parse(await answer.json()).entry[1]?.response.location,
      'DocumentReference',
    );
    const listed = await control(emr.url, 'GET', 'documents');
    expect(await listed.json()).toEqual([
      {
        id: documentId,
        binaryId: expect.any(String),
        identifier: `${DOCUMENT_ID}.${sha256(signedPdf)}`,
        type: 'Sleep study',
        typeCode: '28633-6',
        status: 'current',
        replaces: null,
        subjectId: 'MRN-204811',
        author: { name: 'Dr. Ruth Abernathy', npi: '1679576722' },
        authenticator: { name: 'Dr. Ruth Abernathy', npi: '1679576722' },
        referring: { name: 'Dr. Omar Feld', npi: '1003000126' },
        title: 'Quill_Ada_sleep-study_2026-03-06.pdf',
        pageCount: 3,
        bytes: signedPdf.length,
        receivedAt: '2026-03-06T10:00:00.000Z',
      },
    ]);
  });

  it('answers a second Bundle with the same identifier 200 OK with the same DocumentReference id, filing nothing new', async () => {
    const first = transactionResponseSchema.parse(await (await postBundle(documentBundle())).json());
    const second = transactionResponseSchema.parse(await (await postBundle(documentBundle())).json());
    expect(second.entry.map((entry) => entry.response.status)).toEqual([
      '200 OK',
      '200 OK',
      '200 OK',
      '200 OK',
    ]);
    expect(second.entry[1]?.response.location).toBe(first.entry[1]?.response.location);
    expect(second.entry[0]?.response.location).toBe(first.entry[0]?.response.location);
    expect(emr.documents()).toHaveLength(1);
    expect(emr.stats()).toMatchObject({ bundlesReceived: 2, documentsFiled: 1, conditionalMatches: 1 });

    const another = transactionResponseSchema.parse(
      await (await postBundle(documentBundle(signedPdf, `${DOCUMENT_ID}.another-signature`))).json(),
    );
    expect(another.entry[1]?.response.status).toBe('201 Created');
    expect(emr.documents()).toHaveLength(2);
  });

  it('takes application/json and honours an Idempotency-Key when one is sent', async () => {
    const bundle = documentBundle();
    const first = await client.post('/fhir', bundle, { key: 'emr-deliver:1' });
    expect(first.status).toBe(200);
    const replay = await client.post('/fhir', bundle, { key: 'emr-deliver:1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(await first.json());
  });
});

describe('a Bundle the EMR refuses', () => {
  type Bundle = ReturnType<typeof documentBundle>;
  const reference = (bundle: Bundle) =>
    bundle.entry[1] as unknown as { resource: Record<string, unknown>; request: Record<string, unknown> };
  const attachment = (bundle: Bundle) =>
    bundle.entry[1]?.resource.content?.[0]?.attachment as Record<string, unknown>;

  it.each<[string, (bundle: Bundle) => unknown, string]>([
    [
      'a batch, not a transaction',
      (bundle) => ({ ...bundle, type: 'batch' }),
      "Bundle.type must be 'transaction'",
    ],
    [
      'no Binary',
      (bundle) => ({ ...bundle, entry: bundle.entry.slice(1) }),
      'Bundle.entry must hold exactly one Binary',
    ],
    [
      'a Binary that is not a PDF',
      (bundle) => {
        const binary = bundle.entry[0]?.resource as Record<string, unknown>;
        binary.contentType = 'text/plain';
        return bundle;
      },
      "Bundle.entry[0].resource.contentType must be 'application/pdf'",
    ],
    [
      'no ifNoneExist',
      (bundle) => {
        delete reference(bundle).request.ifNoneExist;
        return bundle;
      },
      'Bundle.entry[1].request.ifNoneExist is required',
    ],
    [
      'an ifNoneExist for another identifier',
      (bundle) => {
        reference(bundle).request.ifNoneExist = 'identifier=urn:portal:document|someone-else';
        return bundle;
      },
      'Bundle.entry[1].resource.identifier must hold the identifier ifNoneExist searches (urn:portal:document|someone-else)',
    ],
    [
      'no subject',
      (bundle) => {
        delete reference(bundle).resource.subject;
        return bundle;
      },
      'Bundle.entry[1].resource.subject is required',
    ],
    [
      'a subject given by identifier only (not US Core)',
      (bundle) => {
        reference(bundle).resource.subject = { identifier: { value: 'MRN-204811' } };
        return bundle;
      },
      'Bundle.entry[1].resource.subject.reference is required',
    ],
    [
      'no category (US Core: 1..*)',
      (bundle) => {
        delete reference(bundle).resource.category;
        return bundle;
      },
      'Bundle.entry[1].resource does not meet US Core: DocumentReference.category is required (1..*)',
    ],
    [
      'a type in text only (US Core: LOINC)',
      (bundle) => {
        reference(bundle).resource.type = { text: 'Sleep study' };
        return bundle;
      },
      'Bundle.entry[1].resource does not meet US Core: DocumentReference.type is required, coded',
    ],
    [
      'no context.period (US Core Must Support)',
      (bundle) => {
        reference(bundle).resource.context = {};
        return bundle;
      },
      'Bundle.entry[1].resource does not meet US Core: DocumentReference.context.period is Must Support',
    ],
    [
      'a Patient without a gender (US Core Patient)',
      (bundle) => {
        const patient = bundle.entry[2]?.resource as Record<string, unknown> | undefined;
        if (patient) delete patient.gender;
        return bundle;
      },
      'Bundle.entry[1].resource does not meet US Core: Patient.gender is required',
    ],
    [
      'a resource that is not valid R4 (a date that is not one)',
      (bundle) => {
        reference(bundle).resource.date = 'the sixth of March';
        return bundle;
      },
      'Bundle.entry[1].resource is not valid FHIR R4',
    ],
    [
      'an author who is not the signer’s Practitioner',
      (bundle) => {
        reference(bundle).resource.author = [{ display: 'Dr. Ruth Abernathy' }];
        return bundle;
      },
      "Bundle.entry[1].resource.author[0] and authenticator must refer to the signer's Practitioner",
    ],
    [
      'an attachment pointing elsewhere',
      (bundle) => {
        attachment(bundle).url = 'urn:uuid:00000000-0000-0000-0000-000000000000';
        return bundle;
      },
      "Bundle.entry[1].resource.content[0].attachment.url must be the Binary's fullUrl",
    ],
    [
      'a wrong size',
      (bundle) => {
        attachment(bundle).size = 12;
        return bundle;
      },
      'Bundle.entry[1].resource.content[0].attachment.size is 12 but the Binary holds',
    ],
    [
      'a wrong hash',
      (bundle) => {
        attachment(bundle).hash = Buffer.from('nope').toString('base64');
        return bundle;
      },
      'Bundle.entry[1].resource.content[0].attachment.hash must be the base64 SHA-1',
    ],
  ])('%s is 400 with an OperationOutcome naming it', async (_name, spoil, diagnostics) => {
    const answer = await postBundle(spoil(documentBundle()));
    expect(answer.status).toBe(400);
    expect(await diagnosticsOf(answer)).toContain(diagnostics);
    expect(emr.documents()).toHaveLength(0);
  });

  it('is 400 when the Binary is not a readable PDF', async () => {
    const notPdf = new TextEncoder().encode('%PDF-1.7 but not really');
    const answer = await postBundle(documentBundle(notPdf));
    expect(await diagnosticsOf(answer)).toBe('Bundle.entry[0].resource.data is not a readable PDF');
  });

  it('rejectNext refuses the next Bundle with 422 and that diagnostics text, then files again', async () => {
    const set = await control(emr.url, 'POST', 'faults', {
      rejectNext: 'Patient MRN-204811 is not registered at this EMR',
    });
    expect(await set.json()).toMatchObject({
      rejectNext: 'Patient MRN-204811 is not registered at this EMR',
    });
    const refused = await postBundle(documentBundle());
    expect(refused.status).toBe(422);
    expect(await diagnosticsOf(refused)).toBe('Patient MRN-204811 is not registered at this EMR');
    expect(emr.faults().rejectNext).toBeNull();
    expect((await postBundle(documentBundle())).status).toBe(200);
    expect(emr.stats()).toMatchObject({ refusals: 1, documentsFiled: 1 });
  });
});

describe('request faults', () => {
  it('answers 503 OperationOutcomes the given number of times, then files as usual', async () => {
    await client.bearer();
    emr.setFaults({ status: 503, times: 2 });
    for (let i = 0; i < 2; i++) {
      const failed = await postBundle(documentBundle());
      expect(failed.status).toBe(503);
      expect(outcomeSchema.parse(await failed.json()).issue[0]?.code).toBe('transient');
    }
    expect((await postBundle(documentBundle())).status).toBe(200);
    expect(emr.documents()).toHaveLength(1);
  });

  it('an unknown DocumentReference is a 404 OperationOutcome', async () => {
    expect(
      (await client.put('/fhir/DocumentReference/nope', { resourceType: 'DocumentReference' })).status,
    ).toBe(404);
    const answer = await client.get('/fhir/DocumentReference/nope');
    expect(answer.status).toBe(404);
    expect(await diagnosticsOf(answer)).toBe('DocumentReference/nope is not known');
  });
});

describe('a correction and a replacement', () => {
  async function fileOne(bundle = documentBundle()) {
    const answer = transactionResponseSchema.parse(await (await postBundle(bundle)).json());
    return locationId(answer.entry[1]?.response.location, 'DocumentReference');
  }

  it('takes the DocumentReference back with status entered-in-error, validated like a filing', async () => {
    const id = await fileOne();
    const stored = (await (await client.get(`/fhir/DocumentReference/${id}`)).json()) as Record<
      string,
      unknown
    >;
    const corrected = await client.put(`/fhir/DocumentReference/${id}`, {
      ...stored,
      status: 'entered-in-error',
    });
    expect(corrected.status).toBe(200);
    expect(await corrected.json()).toMatchObject({
      id,
      status: 'entered-in-error',
      meta: { versionId: '2' },
    });
    expect(emr.documents()[0]).toMatchObject({ id, status: 'entered-in-error' });

    const broken = await client.put(`/fhir/DocumentReference/${id}`, { ...stored, category: [] });
    expect(broken.status).toBe(400);
    expect(await diagnosticsOf(broken)).toContain(
      'does not meet US Core: DocumentReference.category is required',
    );
  });

  it('lists a DocumentReference that replaces another (relatesTo replaces)', async () => {
    const first = await fileOne();
    const bundle = documentBundle(signedPdf, `${DOCUMENT_ID}.re-signed`);
    (bundle.entry[1]?.resource as Record<string, unknown>).relatesTo = [
      { code: 'replaces', target: { reference: `DocumentReference/${first}` } },
    ];
    const second = await fileOne(bundle);
    expect(emr.documents().find((document) => document.id === second)).toMatchObject({ replaces: first });
  });
});
