import type { DocumentStatus } from './document-statuses';

// A signature (or an acknowledgement) stands for what the document said when it was given: 21 CFR Part 11
// §11.10(e) and §11.70. While a document is signed or acknowledged, none of that content may change; a
// correction is un-sign → edit → sign, each step audited. The server refuses such a change with 409 and the
// web disables the controls that would make one.

/** The statuses that freeze a document's content. */
export const CONTENT_FREEZING_STATUSES = [
  'signed',
  'acknowledged',
] as const satisfies readonly DocumentStatus[];

/**
 * Every document attribute the signed PDF or the signature stands for: the patient and the device, what
 * the document is (type, date of service, alert), what the physician wrote and certified, who it belongs
 * to, its PDF and its metadata. Housekeeping (pin, downloaded, hidden, locked, system error, trash, EMR
 * number, audit note) stays changeable.
 */
export const SIGNED_CONTENT_FIELDS = [
  // patient
  'patientId',
  'patientDob',
  'patientFirstName',
  'patientLastName',
  'patientPhone',
  'patientSource',
  'patientInfo',
  'isOnOac',
  // device
  'device',
  'deviceDetail',
  // what the document is
  'clinicNpi',
  'type',
  'serviceLine',
  'dos',
  'alert',
  'alertType',
  'alertText',
  'hasEpisodes',
  'longitudinal',
  'practiceLocation',
  'rpmEncounterId',
  // what the physician wrote and certified
  'note',
  'comment',
  'assessmentPlan',
  'cptCodes',
  'icd10Codes',
  'certifiedBy',
  'clinicalStart',
  'clinicalEnd',
  // who it belongs to
  'physicianName',
  'physicianNpi',
  'assignedTo',
  // the file and its metadata
  'originalSha256',
  'metadata',
] as const;
export type SignedContentField = (typeof SIGNED_CONTENT_FIELDS)[number];

const SIGNED_CONTENT = new Set<string>(SIGNED_CONTENT_FIELDS);

/** Whether a document in this status keeps its content as it is. */
export function isContentFrozen(status: string): boolean {
  return (CONTENT_FREEZING_STATUSES as readonly string[]).includes(status);
}

/** Whether the field is content that a signature or acknowledgement freezes. */
export function isSignedContentField(field: string): boolean {
  return SIGNED_CONTENT.has(field);
}

/**
 * The fields of `changes` that a document in `status` may not take: content fields whose new value differs
 * from the current one. Empty when the document is not frozen or the change leaves its content as it is.
 */
export function findFrozenContentChanges(
  status: string,
  current: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): string[] {
  if (!isContentFrozen(status)) return [];
  return Object.keys(changes).filter(
    (field) => SIGNED_CONTENT.has(field) && !sameValue(current[field], changes[field]),
  );
}

/** The message a refused change carries (and the web shows beside a disabled control). */
export function frozenContentMessage(status: string, field: string): string {
  return `The document is ${status}: its ${field} cannot change. Un-sign it first to correct it.`;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : false;
  }
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => [key, sortKeys(item)]),
  );
}
