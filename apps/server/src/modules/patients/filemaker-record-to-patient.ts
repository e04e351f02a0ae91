import { isValidNpi, manufacturerCodeOf, type PatientGender } from '@portal/domain';
import type { FileMakerPatientRecord } from '../../integrations/filemaker/filemaker-patient-record';

// What a FileMaker record says of a patient, in the portal's terms. FileMaker shows an empty field as
// empty, which means "not recorded there", not "none": an empty value never clears what the portal holds.

const GENDERS: Record<string, PatientGender> = {
  f: 'female',
  female: 'female',
  woman: 'female',
  m: 'male',
  male: 'male',
  man: 'male',
  o: 'other',
  x: 'other',
  other: 'other',
  nonbinary: 'other',
  u: 'unknown',
  unknown: 'unknown',
};

/** A gender as a clinic's system writes it ('F', 'Female', 'Non-binary'), in the portal's enumeration. */
export function genderOf(text: string | null): PatientGender | null {
  if (!text) return null;
  return GENDERS[text.toLowerCase().replace(/[^a-z]/g, '')] ?? null;
}

type Group = Record<string, unknown>;

export type SyncedPatientValues = {
  patientId: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  dob: string | null;
  gender: PatientGender | null;
  physicianNpi: string | null;
  medicalInfo: Group;
  deviceInfo: Group;
  contactInfo: Group;
  /** FileMaker field names whose values the portal could not take (never the values: they are PHI). */
  unreadableFields: string[];
};

function withoutNulls(group: Group): Group {
  return Object.fromEntries(
    Object.entries(group).filter(([, value]) => value !== null && value !== undefined),
  );
}

export function syncedValuesOf(record: FileMakerPatientRecord): SyncedPatientValues {
  const unreadableFields = [...record.invalidFields];
  const npi = record.physicianNpi && isValidNpi(record.physicianNpi) ? record.physicianNpi : null;
  if (record.physicianNpi && !npi) unreadableFields.push('FollowingPhysicianNPI');
  const gender = genderOf(record.gender);
  if (record.gender && !gender) unreadableFields.push('Gender');
  const { efPercentage, icd10Codes, ...medical } = record.medicalInfo;
  const ef = efPercentage !== null && efPercentage >= 0 && efPercentage <= 100 ? efPercentage : null;
  if (efPercentage !== null && ef === null) unreadableFields.push('EF_Percent');
  const { manufacturer, ...device } = record.deviceInfo;
  const { address, ...contact } = record.contactInfo;
  const addressValues = withoutNulls(address);
  return {
    patientId: record.patientId,
    firstName: record.firstName,
    middleName: record.middleName,
    lastName: record.lastName,
    dob: record.dob,
    gender,
    physicianNpi: npi,
    medicalInfo: withoutNulls({
      ...medical,
      efPercentage: ef,
      icd10Codes: icd10Codes.length > 0 ? icd10Codes : null,
    }),
    deviceInfo: withoutNulls({ ...device, manufacturer: manufacturerCodeOf(manufacturer) }),
    contactInfo: withoutNulls({
      ...contact,
      address: Object.keys(addressValues).length > 0 ? addressValues : null,
    }),
    unreadableFields,
  };
}

/** Every address line, unknown: a stored address always has them all (the contract's shape). */
const EMPTY_ADDRESS = { street: null, street2: null, apartment: null, city: null, state: null, zip: null };

/**
 * A stored group (medicalInfo, deviceInfo, contactInfo) with the synced values laid over it: a value
 * FileMaker holds wins, one it leaves empty keeps the portal's. The address merges the same way.
 */
export function mergeSyncedGroup(current: Group | null, synced: Group): Group | null {
  const merged: Group = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(synced)) {
    const existing = merged[key];
    merged[key] =
      key === 'address' && typeof existing === 'object' && existing !== null && typeof value === 'object'
        ? { ...EMPTY_ADDRESS, ...(existing as Group), ...(value as Group) }
        : key === 'address' && typeof value === 'object'
          ? { ...EMPTY_ADDRESS, ...(value as Group) }
          : value;
  }
  return Object.keys(merged).length > 0 ? merged : null;
}
