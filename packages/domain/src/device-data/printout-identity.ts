// Issue 29 §1 (the right patient): the identity an interrogation printout carries — patient name, patient
// id, date of birth, device model and serial — compared with the patient the printout is being attached to.
// A serial or a name that differs, or one the printout does not show, must be confirmed by the technician
// ("this printout belongs to this patient", with a reason) before the printout's values can be used.
// Pure rules, shared by the server (which enforces them) and the web (which shows them).

import { z } from 'zod';

export const PRINTOUT_IDENTITY_FIELDS = ['patientName', 'patientId', 'dob', 'deviceModel', 'serial'] as const;
export type PrintoutIdentityField = (typeof PRINTOUT_IDENTITY_FIELDS)[number];

export const PRINTOUT_IDENTITY_FIELD_LABELS: Readonly<Record<PrintoutIdentityField, string>> = {
  patientName: 'Patient name',
  patientId: 'Patient ID',
  dob: 'Date of birth',
  deviceModel: 'Device model',
  serial: 'Device serial',
};

/** As printed (trimmed), null when the reader did not find it. The date of birth as printed too. */
export const printoutIdentitySchema = z.object({
  patientName: z.nullable(z.string().max(200)),
  patientId: z.nullable(z.string().max(100)),
  dob: z.nullable(z.string().max(40)),
  deviceModel: z.nullable(z.string().max(200)),
  serial: z.nullable(z.string().max(100)),
});
export type PrintoutIdentity = z.infer<typeof printoutIdentitySchema>;

/** The chosen patient's side of the comparison, from the patient record. */
export type PatientIdentity = {
  firstName: string;
  lastName: string;
  patientId: string;
  /** ISO date (YYYY-MM-DD) or null. */
  dob: string | null;
  deviceModel: string | null;
  serial: string | null;
};

/**
 * Per field: the same; different; not found on the printout; or nothing on file to compare with.
 */
export const PRINTOUT_IDENTITY_VERDICTS = ['match', 'mismatch', 'not-found', 'not-on-file'] as const;
export type PrintoutIdentityVerdict = (typeof PRINTOUT_IDENTITY_VERDICTS)[number];

export const PRINTOUT_IDENTITY_VERDICT_LABELS: Readonly<Record<PrintoutIdentityVerdict, string>> = {
  match: 'Matches',
  mismatch: 'Does not match',
  'not-found': 'Not found on the printout',
  'not-on-file': 'Nothing on file to compare',
};

export const printoutIdentityComparisonSchema = z.object({
  printout: printoutIdentitySchema,
  /** The chosen patient's identity as shown beside the printout's (name as 'Last, First'). */
  patient: z.object({
    patientName: z.string(),
    patientId: z.string(),
    dob: z.nullable(z.string()),
    deviceModel: z.nullable(z.string()),
    serial: z.nullable(z.string()),
  }),
  verdicts: z.object({
    patientName: z.enum(PRINTOUT_IDENTITY_VERDICTS),
    patientId: z.enum(PRINTOUT_IDENTITY_VERDICTS),
    dob: z.enum(PRINTOUT_IDENTITY_VERDICTS),
    deviceModel: z.enum(PRINTOUT_IDENTITY_VERDICTS),
    serial: z.enum(PRINTOUT_IDENTITY_VERDICTS),
  }),
  /** True when the technician must confirm "this printout belongs to this patient" before going on. */
  needsConfirmation: z.boolean(),
});
export type PrintoutIdentityComparison = z.infer<typeof printoutIdentityComparisonSchema>;

/** What the technician confirms, and the reason the confirmation needs. */
export const PRINTOUT_CONFIRMATION_TEXT = 'This printout belongs to this patient';
export const PRINTOUT_CONFIRMATION_REASON_MAX = 500;

/** The fields whose difference (or absence from the printout) blocks until confirmed. */
const BLOCKING_FIELDS: readonly PrintoutIdentityField[] = ['patientName', 'serial'];
/** Fields whose difference blocks; their absence from a printout is common and does not. */
const BLOCKING_IF_DIFFERENT: readonly PrintoutIdentityField[] = ['patientId', 'dob'];

/** Letters and digits only, lower case, accents removed: 'Doe,  Jane' and 'jane doe' share words. */
function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Serials and ids compared without spaces, dashes or leading zeros, in upper case. */
function compactOf(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/^0+(?=\d)/, '');
}

/**
 * A printed name matches when the patient's last name is among its words and the first name is too (or
 * only its initial is printed): 'DOE, JANE', 'Jane Doe', 'Doe, J.'.
 */
function namesMatch(printed: string, patient: PatientIdentity): boolean {
  const words = wordsOf(printed);
  const last = wordsOf(patient.lastName);
  const first = wordsOf(patient.firstName);
  if (last.length === 0 || !last.every((word) => words.includes(word))) return false;
  const rest = words.filter((word) => !last.includes(word));
  if (first.length === 0) return true;
  const firstName = first[0] as string;
  return rest.some((word) => word === firstName || (word.length === 1 && firstName.startsWith(word)));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A printed date of birth as ISO candidates: '1950-03-07', '03/07/1950' (US order first, then day first),
 * '07.03.1950', '7 Mar 1950', 'Mar 7, 1950', '1950/03/07'. Empty when it cannot be read as a date.
 */
export function readPrintedDate(printed: string): string[] {
  const iso = (year: number, month: number, day: number) =>
    month >= 1 && month <= 12 && day >= 1 && day <= 31 && year >= 1850 && year <= 2200
      ? `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
      : null;
  const text = printed.trim().toLowerCase();
  const candidates: (string | null)[] = [];
  let match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  if (match) candidates.push(iso(Number(match[1]), Number(match[2]), Number(match[3])));
  match = /^(\d{1,2})[/\-.](\d{1,2})[/\-.](\d{4})$/.exec(text);
  if (match) {
    const [a, b, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // A dot is the European way (day first); a slash or dash the US way, unless that is no date.
    if (text.includes('.')) candidates.push(iso(year, b, a));
    else candidates.push(iso(year, a, b), iso(year, b, a));
  }
  match = /^(\d{1,2})[\s/-]*([a-z]{3})[a-z]*\.?[\s/-]*(\d{4})$/.exec(text);
  if (match) candidates.push(iso(Number(match[3]), MONTHS.indexOf(match[2] as string) + 1, Number(match[1])));
  match = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  if (match) candidates.push(iso(Number(match[3]), MONTHS.indexOf(match[1] as string) + 1, Number(match[2])));
  return [...new Set(candidates.filter((candidate): candidate is string => candidate !== null))];
}

function modelsMatch(printed: string, model: string): boolean {
  const printedCompact = compactOf(printed);
  const modelCompact = compactOf(model);
  if (printedCompact === modelCompact) return true;
  // 'Azure XT DR MRI W1DR01' against 'W1DR01', or the other way round.
  const printedWords = wordsOf(printed).map(compactOf);
  const modelWords = wordsOf(model).map(compactOf);
  return (
    modelWords.every((word) => printedWords.includes(word)) ||
    printedWords.every((word) => modelWords.includes(word))
  );
}

function verdictOf(
  printed: string | null,
  onFile: string | null,
  same: (printed: string, onFile: string) => boolean,
): PrintoutIdentityVerdict {
  if (printed === null || printed.trim() === '') return 'not-found';
  if (onFile === null || onFile.trim() === '') return 'not-on-file';
  return same(printed, onFile) ? 'match' : 'mismatch';
}

/** The printout's identity against the patient's, field by field, and whether the technician must confirm. */
export function comparePrintoutIdentity(
  printout: PrintoutIdentity,
  patient: PatientIdentity,
): PrintoutIdentityComparison {
  const verdicts = {
    patientName: verdictOf(printout.patientName, `${patient.lastName} ${patient.firstName}`, (printed) =>
      namesMatch(printed, patient),
    ),
    patientId: verdictOf(printout.patientId, patient.patientId, (a, b) => compactOf(a) === compactOf(b)),
    dob: verdictOf(printout.dob, patient.dob, (printed, dob) => readPrintedDate(printed).includes(dob)),
    deviceModel: verdictOf(printout.deviceModel, patient.deviceModel, modelsMatch),
    serial: verdictOf(printout.serial, patient.serial, (a, b) => compactOf(a) === compactOf(b)),
  };
  const needsConfirmation =
    BLOCKING_FIELDS.some((field) => verdicts[field] === 'mismatch' || verdicts[field] === 'not-found') ||
    BLOCKING_IF_DIFFERENT.some((field) => verdicts[field] === 'mismatch');
  return {
    printout,
    patient: {
      patientName: `${patient.lastName}, ${patient.firstName}`,
      patientId: patient.patientId,
      dob: patient.dob,
      deviceModel: patient.deviceModel,
      serial: patient.serial,
    },
    verdicts,
    needsConfirmation,
  };
}

/**
 * The fields whose difference refuses a printout attached without a technician looking at it (a document
 * uploaded with a patient id, a device session's embedded report): the same fields that block on the device
 * check, but only when the printout shows them and they differ. A report that does not print the name or
 * serial is common there (not every uploaded PDF is an interrogation printout) and is not refused.
 */
export function printoutIdentityDifferences(comparison: PrintoutIdentityComparison): PrintoutIdentityField[] {
  return PRINTOUT_IDENTITY_FIELDS.filter(
    (field) =>
      (BLOCKING_FIELDS.includes(field) || BLOCKING_IF_DIFFERENT.includes(field)) &&
      comparison.verdicts[field] === 'mismatch',
  );
}
