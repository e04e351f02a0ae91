// The patient forms (create, details, medical, device, contact, OAC): what they edit, what the browser
// checks before sending (each message names its field), and the bodies of the calls. The server checks
// everything again and names the field it refuses; toFormErrors puts that beside the field too.
import {
  type ContactInfo,
  type CreateOacHistoryBody,
  type CreatePatientInput,
  type DeviceInfo,
  isValidNpi,
  type MedicalInfo,
  oacEndDateProblem,
  type PatientAttributes,
  type PatientOverride,
  type SupplimentalInfoBody,
  type UpdateOacHistoryBody,
  type UpdatePatientBody,
} from '@portal/domain';
import { isApiError } from '../../lib/api-client';
import { toFieldMessage } from '../../lib/field-errors';
import { localIsoDate } from '../../lib/patient-format';

export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^\d{5}(-\d{4})?$/;

const trimmed = (text: string) => text.trim();
const orNull = (text: string) => text.trim() || null;

function checkPastDate<Field extends string>(
  errors: FormErrors<Field>,
  field: Field,
  label: string,
  value: string,
  { required = false, today = localIsoDate() }: { required?: boolean; today?: string } = {},
) {
  const date = value.trim();
  if (!date) {
    if (required) errors[field] = `Enter the ${label.toLowerCase()}.`;
    return;
  }
  if (!ISO_DATE.test(date)) errors[field] = `${label} must be a date.`;
  else if (date > today) errors[field] = `${label} cannot be in the future.`;
}

function checkNpi<Field extends string>(errors: FormErrors<Field>, field: Field, value: string) {
  const npi = value.trim();
  if (npi && !isValidNpi(npi)) errors[field] = 'Following physician NPI must be a valid 10-digit NPI.';
}

// ---- Details: the identity and the overridable values ----

export type PatientDetailsValues = {
  patientId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  dob: string;
  gender: string;
  physicianNpi: string;
};
export type PatientDetailsField = keyof PatientDetailsValues;

export const PATIENT_DETAILS_LABELS: Record<PatientDetailsField, string> = {
  patientId: 'Patient ID',
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  dob: 'Date of birth',
  gender: 'Gender',
  physicianNpi: 'Following physician NPI',
};

export function validatePatientDetails(
  values: PatientDetailsValues,
  today?: string,
): FormErrors<PatientDetailsField> {
  const errors: FormErrors<PatientDetailsField> = {};
  if (!values.patientId.trim()) errors.patientId = 'Enter the patient ID.';
  if (!values.firstName.trim()) errors.firstName = 'Enter the first name.';
  if (!values.lastName.trim()) errors.lastName = 'Enter the last name.';
  checkPastDate(errors, 'dob', 'Date of birth', values.dob, { required: true, today });
  checkNpi(errors, 'physicianNpi', values.physicianNpi);
  return errors;
}

/** The form as the patient is now: the effective values, so what a person sees is what they edit. */
export function toDetailsValues(patient: PatientAttributes): PatientDetailsValues {
  return {
    patientId: patient.patientId,
    firstName: patient.effective.firstName.value ?? '',
    middleName: patient.effective.middleName.value ?? '',
    lastName: patient.effective.lastName.value ?? '',
    dob: patient.dob ?? '',
    gender: patient.effective.gender.value ?? '',
    physicianNpi: patient.effective.physicianNpi.value ?? '',
  };
}

/**
 * Only the fields that changed. A patient synced from FileMaker keeps FileMaker's names, gender and
 * physician as they are and gets overrides (which a sync never touches); the override of a value set
 * back to what FileMaker says is cleared. A patient entered here is simply changed.
 */
export function toUpdatePatientBody(
  patient: PatientAttributes,
  values: PatientDetailsValues,
): UpdatePatientBody | null {
  const body: UpdatePatientBody = {};
  if (trimmed(values.patientId) !== patient.patientId) body.patientId = trimmed(values.patientId);
  if (trimmed(values.dob) !== (patient.dob ?? '')) body.dob = trimmed(values.dob);
  const before = toDetailsValues(patient);
  const overridable = ['firstName', 'middleName', 'lastName', 'gender', 'physicianNpi'] as const;
  const changed = overridable.some((field) => trimmed(values[field]) !== before[field]);

  if (patient.fmId) {
    if (changed) body.override = toOverride(patient, values);
  } else {
    if (trimmed(values.firstName) !== before.firstName) body.firstName = trimmed(values.firstName);
    if (trimmed(values.middleName) !== before.middleName) body.middleName = orNull(values.middleName);
    if (trimmed(values.lastName) !== before.lastName) body.lastName = trimmed(values.lastName);
    if (trimmed(values.gender) !== before.gender)
      body.gender = (orNull(values.gender) as UpdatePatientBody['gender']) ?? null;
    if (trimmed(values.physicianNpi) !== before.physicianNpi) body.physicianNpi = orNull(values.physicianNpi);
  }
  return Object.keys(body).length > 0 ? body : null;
}

/** The whole override for these values: a value equal to the synced one is no override (null). */
function toOverride(patient: PatientAttributes, values: PatientDetailsValues): PatientOverride {
  const over = (value: string, synced: string | null) => {
    const text = value.trim();
    return text === (synced ?? '') ? null : text || null;
  };
  return {
    names: {
      firstName: over(values.firstName, patient.firstName),
      middleName: over(values.middleName, patient.middleName),
      lastName: over(values.lastName, patient.lastName),
    },
    gender: over(values.gender, patient.gender) as PatientOverride['gender'],
    physicianNpi: over(values.physicianNpi, patient.physicianNpi),
  };
}

export type OverridableField = 'firstName' | 'middleName' | 'lastName' | 'gender' | 'physicianNpi';

/** The override as it stands with one field back on its synced value: the body of "Use synced". */
export function withoutOverride(patient: PatientAttributes, field: OverridableField): UpdatePatientBody {
  const current = patient.override ?? {};
  const names = current.names ?? {};
  return {
    override: {
      names: {
        firstName: field === 'firstName' ? null : (names.firstName ?? null),
        middleName: field === 'middleName' ? null : (names.middleName ?? null),
        lastName: field === 'lastName' ? null : (names.lastName ?? null),
      },
      gender: field === 'gender' ? null : (current.gender ?? null),
      physicianNpi: field === 'physicianNpi' ? null : (current.physicianNpi ?? null),
    },
  };
}

// ---- Device ----

export type DeviceValues = {
  manufacturer: string;
  model: string;
  modelNumber: string;
  deviceType: string;
  serialNumber: string;
  implantDate: string;
  /** Remote monitoring's connectivity (issue 17 §2): connected, disconnected, not-applicable, or ''. */
  connectivity: string;
};
export type DeviceField = keyof DeviceValues;

export const DEVICE_LABELS: Record<DeviceField, string> = {
  manufacturer: 'Manufacturer',
  model: 'Model',
  modelNumber: 'Model number',
  deviceType: 'Device type',
  serialNumber: 'Serial number',
  implantDate: 'Implant date',
  connectivity: 'Remote monitoring',
};

export const EMPTY_DEVICE: DeviceValues = {
  manufacturer: '',
  model: '',
  modelNumber: '',
  deviceType: '',
  serialNumber: '',
  implantDate: '',
  connectivity: '',
};

export function toDeviceValues(device: DeviceInfo | null): DeviceValues {
  return {
    manufacturer: device?.manufacturer ?? '',
    model: device?.model ?? '',
    modelNumber: device?.modelNumber ?? '',
    deviceType: device?.deviceType ?? '',
    serialNumber: device?.serialNumber ?? '',
    implantDate: device?.implantDate ?? '',
    connectivity: device?.connectivity ?? '',
  };
}

export function validateDevice(values: DeviceValues, today?: string): FormErrors<DeviceField> {
  const errors: FormErrors<DeviceField> = {};
  checkPastDate(errors, 'implantDate', 'Implant date', values.implantDate, { today });
  return errors;
}

type DeviceBody = NonNullable<SupplimentalInfoBody['deviceInfo']>;

/** Every field, empty ones as null: the form says what the device is, all of it. */
export function toDeviceBody(values: DeviceValues): DeviceBody {
  return {
    manufacturer: (orNull(values.manufacturer) as DeviceBody['manufacturer']) ?? null,
    model: orNull(values.model),
    modelNumber: orNull(values.modelNumber),
    deviceType: (orNull(values.deviceType) as DeviceBody['deviceType']) ?? null,
    serialNumber: orNull(values.serialNumber),
    implantDate: orNull(values.implantDate),
    connectivity: (orNull(values.connectivity) as DeviceBody['connectivity']) ?? null,
  };
}

// ---- Create ----

export type CreatePatientValues = PatientDetailsValues & DeviceValues & { fmId: string; oacStatus: string };
export type CreatePatientField = keyof CreatePatientValues;

export const CREATE_PATIENT_LABELS: Record<CreatePatientField, string> = {
  ...PATIENT_DETAILS_LABELS,
  ...DEVICE_LABELS,
  fmId: 'FileMaker record ID',
  oacStatus: 'OAC status',
};

export const EMPTY_CREATE_PATIENT: CreatePatientValues = {
  patientId: '',
  firstName: '',
  middleName: '',
  lastName: '',
  dob: '',
  gender: '',
  physicianNpi: '',
  fmId: '',
  oacStatus: '',
  ...EMPTY_DEVICE,
};

export function validateCreatePatient(
  values: CreatePatientValues,
  today?: string,
): FormErrors<CreatePatientField> {
  return { ...validatePatientDetails(values, today), ...validateDevice(values, today) };
}

/** POST clinics/{npi}/patients: what was entered (the server drops what is empty, SPEC §5). */
export function toCreatePatientBody(
  values: CreatePatientValues,
  confirmNotDuplicate = false,
): CreatePatientInput {
  const device = toDeviceBody(values);
  const hasDevice = Object.values(device).some((value) => value !== null);
  const body: CreatePatientInput = {
    patientId: trimmed(values.patientId),
    firstName: trimmed(values.firstName),
    lastName: trimmed(values.lastName),
    dob: trimmed(values.dob),
  };
  if (values.middleName.trim()) body.middleName = trimmed(values.middleName);
  if (values.gender) body.gender = values.gender as CreatePatientInput['gender'];
  if (values.physicianNpi.trim()) body.physicianNpi = trimmed(values.physicianNpi);
  if (values.fmId.trim()) body.fmId = trimmed(values.fmId);
  if (values.oacStatus) body.oacStatus = values.oacStatus;
  if (hasDevice) body.deviceInfo = device;
  if (confirmNotDuplicate) body.confirmNotDuplicate = true;
  return body;
}

// ---- Medical info ----

export type TriState = '' | 'yes' | 'no';

export type MedicalValues = {
  isPacerDependent: TriState;
  hasLAAO: TriState;
  hasAfibHistory: TriState;
  efPercentage: string;
  dateOfLastEcho: string;
  dateOfLastAfib: string;
  icd10Codes: string;
};
export type MedicalField = keyof MedicalValues;

export const MEDICAL_LABELS: Record<MedicalField, string> = {
  isPacerDependent: 'Pacer dependent',
  hasLAAO: 'Left atrial appendage occlusion (LAAO)',
  hasAfibHistory: 'History of AF',
  efPercentage: 'Ejection fraction (%)',
  dateOfLastEcho: 'Last echo',
  dateOfLastAfib: 'Last AF episode',
  icd10Codes: 'ICD-10 codes',
};

const toTriState = (value: boolean | null | undefined): TriState =>
  value === true ? 'yes' : value === false ? 'no' : '';
const fromTriState = (value: TriState): boolean | null =>
  value === 'yes' ? true : value === 'no' ? false : null;

export function toMedicalValues(info: MedicalInfo | null): MedicalValues {
  return {
    isPacerDependent: toTriState(info?.isPacerDependent),
    hasLAAO: toTriState(info?.hasLAAO),
    hasAfibHistory: toTriState(info?.hasAfibHistory),
    efPercentage:
      info?.efPercentage === null || info?.efPercentage === undefined ? '' : String(info.efPercentage),
    dateOfLastEcho: info?.dateOfLastEcho ?? '',
    dateOfLastAfib: info?.dateOfLastAfib ?? '',
    icd10Codes: (info?.icd10Codes ?? []).join(', '),
  };
}

/** 'I48.0, Z95.0' or one a line: the codes, upper-cased, each once. */
export function parseIcd10Codes(text: string): string[] {
  const codes = text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(codes)];
}

const ICD10 = /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;

export function validateMedical(values: MedicalValues, today?: string): FormErrors<MedicalField> {
  const errors: FormErrors<MedicalField> = {};
  const ef = values.efPercentage.trim();
  if (ef && !(/^\d+(\.\d+)?$/.test(ef) && Number(ef) >= 0 && Number(ef) <= 100)) {
    errors.efPercentage = 'Ejection fraction must be a number from 0 to 100.';
  }
  checkPastDate(errors, 'dateOfLastEcho', 'Last echo', values.dateOfLastEcho, { today });
  checkPastDate(errors, 'dateOfLastAfib', 'Last AF episode', values.dateOfLastAfib, { today });
  const wrong = parseIcd10Codes(values.icd10Codes).filter((code) => !ICD10.test(code));
  if (wrong.length > 0) errors.icd10Codes = `ICD-10 codes: ${wrong.join(', ')} is not an ICD-10 code.`;
  return errors;
}

export function toMedicalBody(values: MedicalValues): NonNullable<SupplimentalInfoBody['medicalInfo']> {
  const ef = values.efPercentage.trim();
  return {
    isPacerDependent: fromTriState(values.isPacerDependent),
    hasLAAO: fromTriState(values.hasLAAO),
    hasAfibHistory: fromTriState(values.hasAfibHistory),
    efPercentage: ef ? Number(ef) : null,
    dateOfLastEcho: orNull(values.dateOfLastEcho),
    dateOfLastAfib: orNull(values.dateOfLastAfib),
    icd10Codes: parseIcd10Codes(values.icd10Codes),
  };
}

// ---- Contact ----

export type ContactValues = {
  mobilePhone: string;
  homePhone: string;
  email: string;
  street: string;
  street2: string;
  apartment: string;
  city: string;
  state: string;
  zip: string;
};
export type ContactField = keyof ContactValues;

export const CONTACT_LABELS: Record<ContactField, string> = {
  mobilePhone: 'Mobile phone',
  homePhone: 'Home phone',
  email: 'Email',
  street: 'Street',
  street2: 'Street, line 2',
  apartment: 'Apartment',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
};

export function toContactValues(contact: ContactInfo | null): ContactValues {
  const address = contact?.address;
  return {
    mobilePhone: contact?.mobilePhone ?? '',
    homePhone: contact?.homePhone ?? '',
    email: contact?.email ?? '',
    street: address?.street ?? '',
    street2: address?.street2 ?? '',
    apartment: address?.apartment ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zip: address?.zip ?? '',
  };
}

export function validateContact(values: ContactValues): FormErrors<ContactField> {
  const errors: FormErrors<ContactField> = {};
  if (values.email.trim() && !EMAIL.test(values.email.trim()))
    errors.email = 'Email must be an e-mail address.';
  if (values.zip.trim() && !ZIP.test(values.zip.trim()))
    errors.zip = 'ZIP code must be 5 digits, or 5 and 4 (12345-6789).';
  return errors;
}

export function toContactBody(values: ContactValues): NonNullable<SupplimentalInfoBody['contactInfo']> {
  const address = {
    street: orNull(values.street),
    street2: orNull(values.street2),
    apartment: orNull(values.apartment),
    city: orNull(values.city),
    state: orNull(values.state),
    zip: orNull(values.zip),
  };
  return {
    mobilePhone: orNull(values.mobilePhone),
    homePhone: orNull(values.homePhone),
    email: orNull(values.email),
    address: Object.values(address).some((value) => value !== null) ? address : null,
  };
}

// ---- OAC history ----

export type OacEntryValues = { medicationName: string; startDate: string; endDate: string };
export type OacEntryField = keyof OacEntryValues;

export const OAC_ENTRY_LABELS: Record<OacEntryField, string> = {
  medicationName: 'Medication',
  startDate: 'Start date',
  endDate: 'End date',
};

export function validateOacEntry(values: OacEntryValues): FormErrors<OacEntryField> {
  const errors: FormErrors<OacEntryField> = {};
  const start = values.startDate.trim();
  const end = values.endDate.trim();
  if (!start) errors.startDate = 'Enter the start date.';
  else if (!ISO_DATE.test(start)) errors.startDate = 'Start date must be a date.';
  if (end && !ISO_DATE.test(end)) errors.endDate = 'End date must be a date.';
  else if (start && end && oacEndDateProblem(start, end))
    errors.endDate = 'End date must not be before the start date.';
  return errors;
}

export function toOacEntryBody(values: OacEntryValues): CreateOacHistoryBody & UpdateOacHistoryBody {
  return {
    medicationName: orNull(values.medicationName),
    startDate: trimmed(values.startDate),
    endDate: orNull(values.endDate),
  };
}

// ---- The server's refusals, beside their fields ----

/**
 * The server's field problems (`details: [{field, message}]`, paths such as 'dob',
 * 'deviceInfo.serialNumber' or 'contactInfo.address.zip') beside the form field they name: the whole
 * path, its last part or its first, whichever the form has. The rest are general problems; a refusal
 * that names no field gives its message.
 */
export function toFormErrors<Field extends string>(
  error: unknown,
  labels: Record<Field, string>,
): { fields: FormErrors<Field>; other: string[] } {
  const fields: FormErrors<Field> = {};
  const other: string[] = [];
  const details = isApiError(error) ? (error.details ?? []) : [];
  for (const detail of details) {
    const parts = detail.field.split('.');
    const candidates = [detail.field, parts.at(-1) ?? '', parts[0] ?? ''];
    const field = candidates.find((name) => Object.hasOwn(labels, name)) as Field | undefined;
    if (field) fields[field] ??= toFieldMessage(labels[field], detail.message);
    else other.push(`${detail.field}: ${detail.message}`);
  }
  if (Object.keys(fields).length === 0 && other.length === 0 && error instanceof Error)
    other.push(error.message);
  return { fields, other };
}
