import { createHash } from 'node:crypto';

// The FHIR R4 transaction Bundle that files a signed document in the clinic's EMR (VENDOR_PROTOCOLS.md,
// "The EMR"): the PDF as a Binary, and a DocumentReference pointing at it by the Binary's urn:uuid. The
// DocumentReference is created only if none has the document's identifier yet (`ifNoneExist`), so filing
// the same signed version again leaves one record at the EMR.

export const PORTAL_DOCUMENT_IDENTIFIER_SYSTEM = 'urn:portal:document';
export const NPI_IDENTIFIER_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
/** HL7 v2 table 0203 'MR': the identifier is a medical record number. */
const MEDICAL_RECORD_NUMBER_TYPE = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }],
};
/** RFC 4122 name-based UUIDs: the URL namespace, for names that are URNs. */
const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

export type EmrPerson = { name: string; npi: string | null };

export type EmrDocumentFiling = {
  documentId: string;
  /** The SHA-256 of the signed version, hex; with the document id it names what was filed. */
  signedSha256: string;
  documentTypeLabel: string;
  title: string;
  /** The EMR knows the patient by the MRN. The date of birth has no place in the Bundle the contract gives. */
  patient: { mrn: string; firstName: string; lastName: string; dob: string | null };
  /** ISO date and time with its offset. */
  signedAt: string;
  signer: EmrPerson;
  interpreting: EmrPerson | null;
  referring: EmrPerson | null;
  pdf: Uint8Array;
};

type FhirReference = {
  type: 'Practitioner';
  identifier?: { system: string; value: string };
  display: string;
};

export type EmrDocumentBundle = {
  resourceType: 'Bundle';
  type: 'transaction';
  entry: [
    {
      fullUrl: string;
      resource: { resourceType: 'Binary'; contentType: 'application/pdf'; data: string };
      request: { method: 'POST'; url: 'Binary' };
    },
    {
      resource: {
        resourceType: 'DocumentReference';
        status: 'current';
        identifier: { system: string; value: string }[];
        type: { text: string };
        subject: { identifier: { type: typeof MEDICAL_RECORD_NUMBER_TYPE; value: string }; display: string };
        date: string;
        author?: FhirReference[];
        authenticator: FhirReference;
        context?: { related: FhirReference[] };
        content: [
          {
            attachment: {
              contentType: 'application/pdf';
              url: string;
              title: string;
              size: number;
              hash: string;
            };
          },
        ];
      };
      request: { method: 'POST'; url: 'DocumentReference'; ifNoneExist: string };
    },
  ];
};

/** What the DocumentReference is known by at the EMR: the document and its signed version. */
export function portalDocumentIdentifier(filing: Pick<EmrDocumentFiling, 'documentId' | 'signedSha256'>) {
  return { system: PORTAL_DOCUMENT_IDENTIFIER_SYSTEM, value: `${filing.documentId}.${filing.signedSha256}` };
}

export function buildEmrDocumentBundle(filing: EmrDocumentFiling): EmrDocumentBundle {
  const identifier = portalDocumentIdentifier(filing);
  // Derived from the identifier rather than random, so filing the same version again sends the same body
  // (an Idempotency-Key with another body is refused).
  const binaryUrl = `urn:uuid:${nameBasedUuid(`${identifier.system}|${identifier.value}#binary`)}`;
  const pdf = Buffer.from(filing.pdf.buffer, filing.pdf.byteOffset, filing.pdf.byteLength);
  const { patient } = filing;

  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: binaryUrl,
        resource: { resourceType: 'Binary', contentType: 'application/pdf', data: pdf.toString('base64') },
        request: { method: 'POST', url: 'Binary' },
      },
      {
        resource: {
          resourceType: 'DocumentReference',
          status: 'current',
          identifier: [identifier],
          type: { text: filing.documentTypeLabel },
          subject: {
            identifier: { type: MEDICAL_RECORD_NUMBER_TYPE, value: patient.mrn },
            display: `${patient.firstName} ${patient.lastName}`,
          },
          date: filing.signedAt,
          ...(filing.interpreting ? { author: [practitioner(filing.interpreting)] } : {}),
          authenticator: practitioner(filing.signer),
          ...(filing.referring ? { context: { related: [practitioner(filing.referring)] } } : {}),
          content: [
            {
              attachment: {
                contentType: 'application/pdf',
                url: binaryUrl,
                title: filing.title,
                size: pdf.byteLength,
                // FHIR R4 Attachment.hash: the base64 of the content's SHA-1.
                hash: createHash('sha1').update(pdf).digest('base64'),
              },
            },
          ],
        },
        request: {
          method: 'POST',
          url: 'DocumentReference',
          ifNoneExist: `identifier=${identifier.system}|${identifier.value}`,
        },
      },
    ],
  };
}

function practitioner(person: EmrPerson): FhirReference {
  return {
    type: 'Practitioner',
    ...(person.npi ? { identifier: { system: NPI_IDENTIFIER_SYSTEM, value: person.npi } } : {}),
    display: person.name,
  };
}

/** An RFC 4122 version 5 (SHA-1, name-based) UUID in the URL namespace. */
function nameBasedUuid(name: string): string {
  const namespace = Buffer.from(URL_NAMESPACE.replaceAll('-', ''), 'hex');
  const bytes = createHash('sha1').update(namespace).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
