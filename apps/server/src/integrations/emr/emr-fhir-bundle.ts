import { createHash } from 'node:crypto';
import { emrDocumentTypeCode, LOINC_SYSTEM } from '@portal/domain';

// The FHIR R4 transaction Bundle that files a signed document in the clinic's EMR (VENDOR_PROTOCOLS.md, "The EMR"),
// as US Core 6.1 expects it: the patient as a Patient (created only if the EMR has none with the portal's
// identifier), the signer as a Practitioner with the NPI, the PDF as a Binary, and a US Core DocumentReference
// (category clinical-note, a LOINC type, subject and author referring to those entries, context.period the date
// of service, content.format) pointing at the Binary by its urn:uuid. The DocumentReference is created only if none
// has the document's identifier yet (`ifNoneExist`), so filing the same signed version again leaves one record at the
// EMR. A re-signed document's DocumentReference `relatesTo` the one it replaces.

export const PORTAL_DOCUMENT_IDENTIFIER_SYSTEM = 'urn:portal:document';
export const NPI_IDENTIFIER_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
/** A signer without an NPI is known by the portal's user id. */
export const PORTAL_USER_IDENTIFIER_SYSTEM = 'urn:portal:user';
export const US_CORE_DOCUMENT_CATEGORY_SYSTEM =
  'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category';
/** IHE format codes (the FormatCode value set US Core binds content.format to, extensibly). */
export const IHE_FORMAT_CODE_SYSTEM = 'http://ihe.net/fhir/ihe.formatcode.fhir/CodeSystem/formatcode';
/** HL7 v2 table 0203 'MR': the identifier is a medical record number. */
const MEDICAL_RECORD_NUMBER_TYPE = {
  coding: [
    { system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR', display: 'Medical record number' },
  ],
};
/** RFC 4122 name-based UUIDs: the URL namespace, for names that are URNs. */
const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** The system of a clinic's patient ids (MRNs): each clinic numbers its own patients. */
export function patientIdentifierSystem(clinicNpi: string): string {
  return `urn:portal:clinic:${clinicNpi}:patient-id`;
}

export type EmrPerson = { name: string; npi: string | null };
/** The signer: a portal user, with the parts of the name US Core's Practitioner needs. */
export type EmrSigner = EmrPerson & { userId: string; familyName: string; givenNames: string[] };
export type FhirGender = 'male' | 'female' | 'other' | 'unknown';

export type EmrDocumentFiling = {
  documentId: string;
  clinicNpi: string;
  /** The SHA-256 of the signed version, hex; with the document id it names what was filed. */
  signedSha256: string;
  /** The portal's document type (its LOINC code comes from the domain's table). */
  documentType: string;
  documentTypeLabel: string;
  title: string;
  /** The date of service, YYYY-MM-DD: a calendar date, with no time zone. */
  dateOfService: string;
  patient: { mrn: string; firstName: string; lastName: string; dob: string | null; gender: FhirGender };
  /** ISO date and time with its offset. */
  signedAt: string;
  signer: EmrSigner;
  /** The clinic's interpreting physician when its setting names one (else the signer interprets). */
  interpreting: EmrPerson | null;
  referring: EmrPerson | null;
  /** The EMR's id of the DocumentReference an earlier signature filed and this one replaces. */
  replacesEmrId?: string | null;
  pdf: Uint8Array;
};

type Identifier = {
  system: string;
  value: string;
  use?: 'usual' | 'official';
  type?: typeof MEDICAL_RECORD_NUMBER_TYPE;
};
type Reference = { reference?: string; identifier?: Identifier; display: string };
type Coding = { system: string; code: string; display?: string };

export type FhirResource = { resourceType: string; [field: string]: unknown };
export type EmrBundleEntry = {
  fullUrl: string;
  resource: FhirResource;
  request: { method: 'POST'; url: string; ifNoneExist?: string };
};
export type EmrDocumentBundle = { resourceType: 'Bundle'; type: 'transaction'; entry: EmrBundleEntry[] };

/** What the DocumentReference is known by at the EMR: the document and its signed version. */
export function portalDocumentIdentifier(filing: Pick<EmrDocumentFiling, 'documentId' | 'signedSha256'>) {
  return { system: PORTAL_DOCUMENT_IDENTIFIER_SYSTEM, value: `${filing.documentId}.${filing.signedSha256}` };
}

function signerIdentifier(signer: EmrSigner): Identifier {
  return signer.npi
    ? { system: NPI_IDENTIFIER_SYSTEM, value: signer.npi }
    : { system: PORTAL_USER_IDENTIFIER_SYSTEM, value: signer.userId };
}

/** A physician named by the clinic's setting: a display, and the NPI when the setting gives one. */
function namedPhysician(person: EmrPerson): Reference {
  return {
    ...(person.npi ? { identifier: { system: NPI_IDENTIFIER_SYSTEM, value: person.npi } } : {}),
    display: person.name,
  };
}

export function buildEmrDocumentBundle(filing: EmrDocumentFiling): EmrDocumentBundle {
  const identifier = portalDocumentIdentifier(filing);
  // Derived from the identifiers rather than random, so filing the same version again sends the same body
  // (an Idempotency-Key with another body is refused).
  const urn = (name: string) => `urn:uuid:${nameBasedUuid(name)}`;
  const binaryUrl = urn(`${identifier.system}|${identifier.value}#binary`);
  const { patient, signer } = filing;
  const mrn: Identifier = {
    use: 'usual',
    type: MEDICAL_RECORD_NUMBER_TYPE,
    system: patientIdentifierSystem(filing.clinicNpi),
    value: patient.mrn,
  };
  const patientUrl = urn(`${mrn.system}|${mrn.value}`);
  const practitionerIdentifier = signerIdentifier(signer);
  const practitionerUrl = urn(`${practitionerIdentifier.system}|${practitionerIdentifier.value}`);
  const pdf = Buffer.from(filing.pdf.buffer, filing.pdf.byteOffset, filing.pdf.byteLength);
  const patientName = `${patient.firstName} ${patient.lastName}`.trim();
  const type = emrDocumentTypeCode(filing.documentType);
  const signerReference: Reference = { reference: practitionerUrl, display: signer.name };
  // The signer is the author; a different interpreting physician the clinic's setting names is an author too.
  const authors: Reference[] = [signerReference];
  if (filing.interpreting && filing.interpreting.name !== signer.name)
    authors.push(namedPhysician(filing.interpreting));
  const category: Coding = {
    system: US_CORE_DOCUMENT_CATEGORY_SYSTEM,
    code: 'clinical-note',
    display: 'Clinical Note',
  };
  const format: Coding = {
    system: IHE_FORMAT_CODE_SYSTEM,
    code: 'urn:ihe:iti:xds:2017:mimeTypeSufficient',
    display: 'mimeType Sufficient',
  };

  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: patientUrl,
        resource: {
          resourceType: 'Patient',
          identifier: [mrn],
          name: [{ family: patient.lastName, given: [patient.firstName] }],
          gender: patient.gender,
          ...(patient.dob ? { birthDate: patient.dob } : {}),
        },
        request: { method: 'POST', url: 'Patient', ifNoneExist: `identifier=${mrn.system}|${mrn.value}` },
      },
      {
        fullUrl: practitionerUrl,
        resource: {
          resourceType: 'Practitioner',
          identifier: [practitionerIdentifier],
          name: [
            {
              text: signer.name,
              family: signer.familyName,
              ...(signer.givenNames.length > 0 ? { given: signer.givenNames } : {}),
            },
          ],
        },
        request: {
          method: 'POST',
          url: 'Practitioner',
          ifNoneExist: `identifier=${practitionerIdentifier.system}|${practitionerIdentifier.value}`,
        },
      },
      {
        fullUrl: binaryUrl,
        resource: { resourceType: 'Binary', contentType: 'application/pdf', data: pdf.toString('base64') },
        request: { method: 'POST', url: 'Binary' },
      },
      {
        fullUrl: urn(`${identifier.system}|${identifier.value}`),
        resource: {
          resourceType: 'DocumentReference',
          identifier: [identifier],
          status: 'current',
          type: {
            coding: [{ system: LOINC_SYSTEM, code: type.code, display: type.display }],
            text: filing.documentTypeLabel,
          },
          category: [{ coding: [category] }],
          subject: { reference: patientUrl, display: patientName },
          date: filing.signedAt,
          author: authors,
          authenticator: signerReference,
          ...(filing.replacesEmrId
            ? {
                relatesTo: [
                  { code: 'replaces', target: { reference: `DocumentReference/${filing.replacesEmrId}` } },
                ],
              }
            : {}),
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
              format,
            },
          ],
          context: {
            period: { start: filing.dateOfService, end: filing.dateOfService },
            ...(filing.referring ? { related: [namedPhysician(filing.referring)] } : {}),
          },
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

/** An RFC 4122 version 5 (SHA-1, name-based) UUID in the URL namespace. */
function nameBasedUuid(name: string): string {
  const namespace = Buffer.from(URL_NAMESPACE.replaceAll('-', ''), 'hex');
  const bytes = createHash('sha1').update(namespace).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
