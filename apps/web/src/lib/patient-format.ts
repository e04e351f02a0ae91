// How a patient reads on screen, the same on the Patients screens and in the inbox's document panel.
import {
  formatUsDate,
  type LikelyDuplicatePatient,
  MANUFACTURER_NAMES,
  type ManufacturerCode,
  OAC_STATUS_LABELS,
  type OacStatus,
  oacStatusOf,
  type PatientAttributes,
  type PatientGender,
  parseOacValue,
} from '@portal/domain';

/**
 * The gender values and their words, as the patients contract has them (PATIENT_GENDERS and
 * PATIENT_GENDER_LABELS). Written here because importing a value from that module keeps its schemas,
 * and zod with them, in the web bundle (its dobSchema and physicianNpiSchema chain calls that the
 * bundler cannot drop); the `satisfies` keeps the two in step with the contract's type.
 */
export const GENDER_LABELS = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  unknown: 'Unknown',
} as const satisfies Record<PatientGender, string>;

/** A gender in words; '' when none is recorded. */
export function formatGender(value: string | null | undefined): string {
  if (!value) return '';
  return Object.hasOwn(GENDER_LABELS, value) ? GENDER_LABELS[value as PatientGender] : value;
}

/** The name a person goes by here: the effective (override wins) first, middle and last names. */
export function formatPatientName(patient: Pick<PatientAttributes, 'effective'>): string {
  const { firstName, middleName, lastName } = patient.effective;
  return [firstName.value, middleName.value, lastName.value]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** 'Fennimore, Marguerite A.': the list's form, sorted by last name. */
export function formatPatientSortName(patient: Pick<PatientAttributes, 'effective'>): string {
  const { firstName, middleName, lastName } = patient.effective;
  const first = (firstName.value ?? '').trim();
  const middle = (middleName.value ?? '').trim();
  const given = [first, middle ? `${middle.charAt(0)}.` : ''].filter(Boolean).join(' ');
  const last = (lastName.value ?? '').trim();
  return [last, given].filter(Boolean).join(', ');
}

/** Whole years between a date of birth (YYYY-MM-DD) and today (YYYY-MM-DD); null without a dob. */
export function ageInYears(dob: string | null | undefined, today: string = localIsoDate()): number | null {
  if (!dob || !/^\d{4}-\d{2}-\d{2}/.test(dob)) return null;
  const [birthYear, birthMonth, birthDay] = dob.slice(0, 10).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  const age = year - birthYear - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

/** Today in the browser's own calendar (YYYY-MM-DD): what "today" means to the person at the screen. */
export function localIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** '03/14/1946 (79 y)': the date of birth with the age beside it; '' without a dob. */
export function formatDobWithAge(dob: string | null | undefined, today?: string): string {
  if (!dob) return '';
  const age = ageInYears(dob, today);
  return age === null ? formatUsDate(dob) : `${formatUsDate(dob)} (${age} y)`;
}

/** A stored OAC value in words: 'On OAC', 'Patient Declined'; a custom-form value the same; null: 'Not recorded'. */
export function formatOacStatus(value: string | null | undefined): string {
  const status = oacStatusOf(value);
  if (status) return OAC_STATUS_LABELS[status];
  return value ? parseOacValue(value).status : 'Not recorded';
}

/** The SPEC §3 status a stored value stands for (custom prefix or not), or null. */
export function oacStatusKey(value: string | null | undefined): OacStatus | null {
  return oacStatusOf(value);
}

export function manufacturerName(code: string | null | undefined): string {
  if (!code) return '';
  return (MANUFACTURER_NAMES as Record<string, string>)[code] ?? code;
}

/** 'Medtronic Azure XT DR MRI (W1DR01)': the patient's device in one line; '' when none is recorded. */
export function formatDevice(
  device: PatientAttributes['deviceInfo'] | null | undefined,
  { withSerial = false }: { withSerial?: boolean } = {},
): string {
  if (!device) return '';
  const model = (device.model ?? '').trim();
  const number = (device.modelNumber ?? '').trim();
  const parts = [
    manufacturerName(device.manufacturer as ManufacturerCode | null | undefined),
    model,
    number && number !== model ? `(${number})` : '',
  ].filter(Boolean);
  const serial = (device.serialNumber ?? '').trim();
  // A serial alone (no model recorded yet) needs no separator before it.
  if (withSerial && serial) parts.push(parts.length > 0 ? `· SN ${serial}` : `SN ${serial}`);
  return parts.join(' ');
}

export type DuplicateReason = LikelyDuplicatePatient['reasons'][number];

/** Why an existing patient looks like the one being created, in words. */
export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  'same-dob-similar-name': 'Same date of birth and a similar name',
  'same-device-serial': 'Same device serial number',
};
