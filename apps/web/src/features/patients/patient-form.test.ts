import type { PatientAttributes } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  CONTACT_LABELS,
  CREATE_PATIENT_LABELS,
  EMPTY_CREATE_PATIENT,
  parseIcd10Codes,
  toContactBody,
  toContactValues,
  toCreatePatientBody,
  toDetailsValues,
  toFormErrors,
  toMedicalBody,
  toMedicalValues,
  toOacEntryBody,
  toUpdatePatientBody,
  validateContact,
  validateCreatePatient,
  validateMedical,
  validateOacEntry,
  withoutOverride,
} from './patient-form';

const TODAY = '2026-05-01';

function patient(changes: Partial<PatientAttributes> = {}): PatientAttributes {
  const base = {
    id: 'p1',
    clinicNpi: '1209945553',
    patientId: 'P900101',
    fmId: '1001',
    firstName: 'Marguerite',
    middleName: 'Anne',
    lastName: 'Fennimore',
    dob: '1946-03-14',
    gender: 'female' as const,
    physicianNpi: '1679576722',
    oacStatus: null,
    oacHistory: [],
    medicalInfo: null,
    deviceInfo: null,
    contactInfo: null,
    override: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: null,
    isAfWithoutOac: false,
    ...changes,
  };
  const over = base.override ?? {};
  const pick = <T>(value: T | null | undefined, synced: T | null) =>
    value !== null && value !== undefined
      ? { value, source: 'override' as const }
      : { value: synced, source: 'synced' as const };
  return {
    ...base,
    effective: {
      firstName: pick(over.names?.firstName, base.firstName),
      middleName: pick(over.names?.middleName, base.middleName),
      lastName: pick(over.names?.lastName, base.lastName),
      gender: pick(over.gender, base.gender),
      physicianNpi: pick(over.physicianNpi, base.physicianNpi),
    },
  } as PatientAttributes;
}

describe('the create form', () => {
  it('names each field it refuses', () => {
    expect(validateCreatePatient(EMPTY_CREATE_PATIENT, TODAY)).toEqual({
      patientId: 'Enter the patient ID.',
      firstName: 'Enter the first name.',
      lastName: 'Enter the last name.',
      dob: 'Enter the date of birth.',
    });
    const wrong = {
      ...EMPTY_CREATE_PATIENT,
      patientId: 'P1',
      firstName: 'Ada',
      lastName: 'Quill',
      dob: '2030-01-01',
      physicianNpi: '1234567890',
      implantDate: '2027-01-01',
    };
    expect(validateCreatePatient(wrong, TODAY)).toEqual({
      dob: 'Date of birth cannot be in the future.',
      physicianNpi: 'Following physician NPI must be a valid 10-digit NPI.',
      implantDate: 'Implant date cannot be in the future.',
    });
  });

  it('sends what was entered, the device only when one was, and the confirmation only when asked', () => {
    const values = {
      ...EMPTY_CREATE_PATIENT,
      patientId: ' P77 ',
      firstName: 'Ada ',
      lastName: 'Quill',
      dob: '1950-02-03',
      gender: 'female',
    };
    expect(toCreatePatientBody(values)).toEqual({
      patientId: 'P77',
      firstName: 'Ada',
      lastName: 'Quill',
      dob: '1950-02-03',
      gender: 'female',
    });
    const withDevice = { ...values, manufacturer: 'MDT', serialNumber: 'RNB1' };
    expect(toCreatePatientBody(withDevice, true)).toMatchObject({
      deviceInfo: { manufacturer: 'MDT', serialNumber: 'RNB1', model: null },
      confirmNotDuplicate: true,
    });
  });
});

describe('the details form', () => {
  it('changes a patient entered here directly, sending only what changed', () => {
    const ada = patient({ fmId: null });
    const values = { ...toDetailsValues(ada), lastName: 'Fenimore', middleName: '' };
    expect(toUpdatePatientBody(ada, values)).toEqual({ lastName: 'Fenimore', middleName: null });
    expect(toUpdatePatientBody(ada, toDetailsValues(ada))).toBeNull();
  });

  it("overrides a synced patient's names, leaving what FileMaker says as it is", () => {
    const synced = patient();
    const values = { ...toDetailsValues(synced), firstName: 'Maggie', patientId: 'P900102' };
    expect(toUpdatePatientBody(synced, values)).toEqual({
      patientId: 'P900102',
      override: {
        names: { firstName: 'Maggie', middleName: null, lastName: null },
        gender: null,
        physicianNpi: null,
      },
    });
  });

  it('shows the effective values, and a field set back to the synced value loses its override', () => {
    const overridden = patient({ override: { names: { firstName: 'Maggie' }, gender: 'other' } });
    expect(toDetailsValues(overridden)).toMatchObject({ firstName: 'Maggie', gender: 'other' });
    const back = { ...toDetailsValues(overridden), firstName: 'Marguerite' };
    expect(toUpdatePatientBody(overridden, back)?.override).toEqual({
      names: { firstName: null, middleName: null, lastName: null },
      gender: 'other',
      physicianNpi: null,
    });
    expect(withoutOverride(overridden, 'gender').override).toEqual({
      names: { firstName: 'Maggie', middleName: null, lastName: null },
      gender: null,
      physicianNpi: null,
    });
  });
});

describe('medical, contact and OAC forms', () => {
  it('reads and writes yes / no / unknown, EF and ICD-10 codes', () => {
    const values = toMedicalValues({
      isPacerDependent: true,
      hasLAAO: null,
      efPercentage: 35,
      dateOfLastEcho: '2025-01-02',
      hasAfibHistory: false,
      dateOfLastAfib: null,
      icd10Codes: ['I48.0', 'Z95.0'],
    });
    expect(values).toMatchObject({
      isPacerDependent: 'yes',
      hasLAAO: '',
      hasAfibHistory: 'no',
      efPercentage: '35',
    });
    expect(values.icd10Codes).toBe('I48.0, Z95.0');
    expect(toMedicalBody({ ...values, icd10Codes: 'i48.0 z95.0, I48.0' })).toEqual({
      isPacerDependent: true,
      hasLAAO: null,
      hasAfibHistory: false,
      efPercentage: 35,
      dateOfLastEcho: '2025-01-02',
      dateOfLastAfib: null,
      icd10Codes: ['I48.0', 'Z95.0'],
    });
    expect(parseIcd10Codes('')).toEqual([]);
    expect(validateMedical({ ...values, efPercentage: '120', icd10Codes: 'I48.0, 12' }, TODAY)).toEqual({
      efPercentage: 'Ejection fraction must be a number from 0 to 100.',
      icd10Codes: 'ICD-10 codes: 12 is not an ICD-10 code.',
    });
  });

  it('checks e-mail and ZIP, and sends no address when none was entered', () => {
    const empty = toContactValues(null);
    expect(toContactBody({ ...empty, mobilePhone: '555-0101' })).toEqual({
      mobilePhone: '555-0101',
      homePhone: null,
      email: null,
      address: null,
    });
    expect(validateContact({ ...empty, email: 'nope', zip: '123' })).toEqual({
      email: 'Email must be an e-mail address.',
      zip: 'ZIP code must be 5 digits, or 5 and 4 (12345-6789).',
    });
  });

  it('refuses an OAC entry that ends before it starts, naming the end date', () => {
    expect(validateOacEntry({ medicationName: 'Apixaban', startDate: '', endDate: '' })).toEqual({
      startDate: 'Enter the start date.',
    });
    expect(validateOacEntry({ medicationName: '', startDate: '2025-05-01', endDate: '2025-04-30' })).toEqual({
      endDate: 'End date must not be before the start date.',
    });
    expect(toOacEntryBody({ medicationName: ' ', startDate: '2025-05-01', endDate: '' })).toEqual({
      medicationName: null,
      startDate: '2025-05-01',
      endDate: null,
    });
  });
});

describe("the server's refusals", () => {
  it('go beside the field they name, however deep its path', () => {
    const error = new ApiError({
      statusCode: 400,
      reason: 'Bad Request',
      message: 'Invalid body',
      details: [
        { field: 'dob', message: 'must not be in the future' },
        { field: 'deviceInfo.serialNumber', message: 'is too long' },
        { field: 'confirmNotDuplicate', message: 'must be boolean' },
      ],
    });
    expect(toFormErrors(error, CREATE_PATIENT_LABELS)).toEqual({
      fields: { dob: 'Date of birth must not be in the future.', serialNumber: 'Serial number is too long.' },
      other: ['confirmNotDuplicate: must be boolean'],
    });
    const zip = new ApiError({
      statusCode: 400,
      reason: 'Bad Request',
      details: [{ field: 'contactInfo.address.zip', message: 'must be a ZIP code (12345 or 12345-6789)' }],
    });
    expect(toFormErrors(zip, CONTACT_LABELS).fields).toEqual({
      zip: 'ZIP code must be a ZIP code (12345 or 12345-6789).',
    });
    expect(
      toFormErrors(new ApiError({ statusCode: 403, reason: 'Forbidden', message: 'No' }), CONTACT_LABELS),
    ).toEqual({
      fields: {},
      other: ['No'],
    });
  });
});
