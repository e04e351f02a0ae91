import { z } from 'zod';

// A clinic's FileMaker patient record, read from the Data API's fieldData into the portal's shape. The
// field names are those of the clinics' patient layout (the simulator serves the same layout). FileMaker
// sends every field on the layout, an empty one as ''; dates in its default MM/DD/YYYY; flags as number
// fields holding 1 or 0; a value list as return-separated text.

export const FILEMAKER_PATIENT_FIELDS = {
  patientId: 'PatientID',
  firstName: 'NameFirst',
  middleName: 'NameMiddle',
  lastName: 'NameLast',
  dob: 'DOB',
  gender: 'Gender',
  physicianNpi: 'FollowingPhysicianNPI',
  isPacerDependent: 'PacerDependent',
  hasLAAO: 'LAAO',
  efPercentage: 'EF_Percent',
  dateOfLastEcho: 'LastEchoDate',
  hasAfibHistory: 'AFibHistory',
  dateOfLastAfib: 'LastAFibDate',
  icd10Codes: 'ICD10Codes',
  manufacturer: 'DeviceManufacturer',
  model: 'DeviceModel',
  modelNumber: 'DeviceModelNumber',
  serialNumber: 'DeviceSerialNumber',
  deviceType: 'DeviceType',
  implantDate: 'ImplantDate',
  mobilePhone: 'PhoneMobile',
  homePhone: 'PhoneHome',
  email: 'Email',
  street: 'AddressStreet',
  street2: 'AddressStreet2',
  apartment: 'AddressApartment',
  city: 'AddressCity',
  state: 'AddressState',
  zip: 'AddressZip',
} as const;

type PortalField = keyof typeof FILEMAKER_PATIENT_FIELDS;

const fieldValueSchema = z.union([z.string(), z.number(), z.null()]);
const idSchema = z.union([z.string().min(1), z.number().int()]).transform(String);

/** The body of `GET …/layouts/{layout}/records/{recordId}` with code 0. */
export const recordAnswerSchema = z.object({
  response: z.object({
    data: z
      .array(
        z.object({
          fieldData: z.record(z.string(), fieldValueSchema),
          recordId: idSchema,
          modId: idSchema,
        }),
      )
      .min(1),
  }),
});
export type FileMakerRecordAnswer = z.infer<typeof recordAnswerSchema>;
type FieldData = FileMakerRecordAnswer['response']['data'][number]['fieldData'];

/** Every value as FileMaker holds it, read; an empty field is null. Dates are ISO (YYYY-MM-DD). */
export type FileMakerPatientRecord = {
  /** The FileMaker record id (the portal's fmId). */
  recordId: string;
  /** FileMaker's modification count of the record, to tell whether it changed since the last sync. */
  modId: string;
  patientId: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  dob: string | null;
  /** As the layout holds it ('Female', 'Male', …); the portal maps it to its own enumeration. */
  gender: string | null;
  physicianNpi: string | null;
  medicalInfo: {
    isPacerDependent: boolean | null;
    hasLAAO: boolean | null;
    efPercentage: number | null;
    dateOfLastEcho: string | null;
    hasAfibHistory: boolean | null;
    dateOfLastAfib: string | null;
    icd10Codes: string[];
  };
  deviceInfo: {
    /** A name ('Medtronic', 'Abbott') or a code ('MDT'), as the clinic typed it. */
    manufacturer: string | null;
    model: string | null;
    modelNumber: string | null;
    serialNumber: string | null;
    deviceType: string | null;
    implantDate: string | null;
  };
  contactInfo: {
    mobilePhone: string | null;
    homePhone: string | null;
    email: string | null;
    address: {
      street: string | null;
      street2: string | null;
      apartment: string | null;
      city: string | null;
      state: string | null;
      zip: string | null;
    };
  };
  /**
   * The FileMaker fields whose values could not be read (a date that is not one, a flag that is neither 1
   * nor 0); each is null above. Field names only: the values are PHI.
   */
  invalidFields: string[];
};

export function readPatientRecord(
  record: FileMakerRecordAnswer['response']['data'][number],
): FileMakerPatientRecord {
  const reader = createFieldReader(record.fieldData);
  const { text, date, flag, number, list } = reader;
  return {
    recordId: record.recordId,
    modId: record.modId,
    patientId: text('patientId'),
    firstName: text('firstName'),
    middleName: text('middleName'),
    lastName: text('lastName'),
    dob: date('dob'),
    gender: text('gender'),
    physicianNpi: text('physicianNpi'),
    medicalInfo: {
      isPacerDependent: flag('isPacerDependent'),
      hasLAAO: flag('hasLAAO'),
      efPercentage: number('efPercentage'),
      dateOfLastEcho: date('dateOfLastEcho'),
      hasAfibHistory: flag('hasAfibHistory'),
      dateOfLastAfib: date('dateOfLastAfib'),
      icd10Codes: list('icd10Codes'),
    },
    deviceInfo: {
      manufacturer: text('manufacturer'),
      model: text('model'),
      modelNumber: text('modelNumber'),
      serialNumber: text('serialNumber'),
      deviceType: text('deviceType'),
      implantDate: date('implantDate'),
    },
    contactInfo: {
      mobilePhone: text('mobilePhone'),
      homePhone: text('homePhone'),
      email: text('email'),
      address: {
        street: text('street'),
        street2: text('street2'),
        apartment: text('apartment'),
        city: text('city'),
        state: text('state'),
        zip: text('zip'),
      },
    },
    invalidFields: reader.invalidFields,
  };
}

const TRUE_FLAGS = new Set(['1', 'yes', 'y', 'true']);
const FALSE_FLAGS = new Set(['0', 'no', 'n', 'false']);

function createFieldReader(fieldData: FieldData) {
  const invalidFields: string[] = [];

  function raw(field: PortalField): string | null {
    const value = fieldData[FILEMAKER_PATIENT_FIELDS[field]];
    if (value === undefined || value === null) return null;
    const trimmed = String(value).trim();
    return trimmed === '' ? null : trimmed;
  }

  function invalid(field: PortalField): null {
    invalidFields.push(FILEMAKER_PATIENT_FIELDS[field]);
    return null;
  }

  return {
    invalidFields,
    text: raw,
    date(field: PortalField): string | null {
      const value = raw(field);
      if (value === null) return null;
      return toIsoDate(value) ?? invalid(field);
    },
    flag(field: PortalField): boolean | null {
      const value = raw(field)?.toLowerCase();
      if (value === undefined) return null;
      if (TRUE_FLAGS.has(value)) return true;
      if (FALSE_FLAGS.has(value)) return false;
      return invalid(field);
    },
    number(field: PortalField): number | null {
      const value = raw(field);
      if (value === null) return null;
      const parsed = Number(value);
      return Number.isFinite(parsed) ? parsed : invalid(field);
    },
    list(field: PortalField): string[] {
      return (raw(field) ?? '')
        .split(/[\r\n]+/)
        .map((item) => item.trim())
        .filter((item) => item !== '');
    },
  };
}

/** FileMaker's MM/DD/YYYY (or an ISO date) as YYYY-MM-DD; null when it is not a calendar date. */
export function toIsoDate(value: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = us
    ? [Number(us[3]), Number(us[1]), Number(us[2])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [Number.NaN, Number.NaN, Number.NaN];
  const date = new Date(Date.UTC(year, month - 1, day));
  const sameDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (Number.isNaN(date.getTime()) || !sameDay) return null;
  return date.toISOString().slice(0, 10);
}
