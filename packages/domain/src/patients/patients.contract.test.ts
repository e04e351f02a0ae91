import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isValidNpi } from '../common/npi';
import {
  createOacHistoryBodySchema,
  createPatientBodySchema,
  dobSchema,
  dropEmptyFields,
  dropEmptySearchValues,
  PATIENT_GENDERS,
  patientGenderSchema,
  patientResourceSchema,
  patientSearchQuerySchema,
  physicianNpiSchema,
  supplimentalInfoBodySchema,
  updateOacHistoryBodySchema,
  updatePatientBodySchema,
} from './patients.contract';

const VALID_NPI = '1234567893';
const BAD_CHECK_DIGIT_NPI = '1234567890';

/** The fields the failed parse names, as the server's error handler reports them. */
function problemFields(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => [...issue.path, key].join('.')).join(', ')
      : issue.path.join('.'),
  );
}

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

describe('dob', () => {
  it.each([
    ['1950-02-28', true],
    ['2000-02-29', true],
    ['2001-02-29', false],
    ['1950-13-01', false],
    ['1950-04-31', false],
    ['02/28/1950', false],
    ['yesterday', false],
    ['', false],
  ])('%j is a date of birth: %s', (value, valid) => {
    expect(dobSchema.safeParse(value).success).toBe(valid);
  });

  it('refuses tomorrow, saying why', () => {
    const result = dobSchema.safeParse(tomorrow());
    expect(result.error?.issues[0]?.message).toBe('must not be in the future');
  });

  it('accepts today', () => {
    expect(dobSchema.safeParse(new Date().toISOString().slice(0, 10)).success).toBe(true);
  });
});

describe('gender', () => {
  it.each([...PATIENT_GENDERS])('%s is a gender', (value) => {
    expect(patientGenderSchema.safeParse(value).success).toBe(true);
  });
  it.each(['M', 'F', 'Female', '', 'x'])('%j is not', (value) => {
    expect(patientGenderSchema.safeParse(value).error?.issues[0]?.message).toBe(
      'must be one of female, male, other, unknown',
    );
  });
});

describe('physician NPI', () => {
  it('the test NPIs are what they claim', () => {
    expect([isValidNpi(VALID_NPI), isValidNpi(BAD_CHECK_DIGIT_NPI)]).toEqual([true, false]);
  });
  it.each([
    [VALID_NPI, true],
    [` ${VALID_NPI} `, true],
    [BAD_CHECK_DIGIT_NPI, false],
    ['123456789', false],
    ['12345678931', false],
    ['abcdefghij', false],
  ])('%j: %s', (value, valid) => {
    expect(physicianNpiSchema.safeParse(value).success).toBe(valid);
  });
});

describe('the search query', () => {
  it('fills the defaults: 25 a page from the start, by last then first name', () => {
    expect(patientSearchQuerySchema.parse({})).toEqual({
      'page[offset]': 0,
      'page[limit]': 25,
      sort: ['lastName', 'firstName'],
    });
  });

  it('drops empty values (SPEC §5)', () => {
    expect(
      patientSearchQuerySchema.parse({
        'filter[lastName]': '',
        'filter[firstName]': '  ',
        'filter[search]': 'smi',
      }),
    ).toMatchObject({ 'filter[search]': 'smi' });
    expect(dropEmptySearchValues({ 'filter[dob]': '', 'filter[bogus]': '' })).toEqual({
      'filter[bogus]': '',
    });
  });

  it.each<[string, Record<string, string>, string[]]>([
    [
      'every known filter',
      {
        'filter[search]': 'smith',
        'filter[lastName]': 'Smith',
        'filter[firstName]': 'Jon',
        'filter[dob]': '1950-02-28',
        'filter[patientId]': 'P-1',
        'filter[deviceSerial]': 'RLA123',
        'page[offset]': '50',
        'page[limit]': '100',
        sort: '-dob,lastName',
      },
      [],
    ],
    ['an unknown filter', { 'filter[ssn]': '123' }, ['filter[ssn]']],
    ['an unknown filter left empty', { 'filter[ssn]': '' }, ['filter[ssn]']],
    ['a dob that is not a date', { 'filter[dob]': '1950-02-30' }, ['filter[dob]']],
    ['a sort field outside the list', { sort: 'lastName,ssn' }, ['sort.1']],
    ['a page too large', { 'page[limit]': '101' }, ['page[limit]']],
    ['a negative offset', { 'page[offset]': '-1' }, ['page[offset]']],
  ])('%s', (_story, query, fields) => {
    expect(problemFields(patientSearchQuerySchema, query)).toEqual(fields);
  });

  it('says an unknown key is not a known filter', () => {
    const result = patientSearchQuerySchema.safeParse({ 'filter[ssn]': '1' });
    expect(result.error?.issues[0]?.message).toBe('is not a known filter');
  });
});

describe('dropEmptyFields (SPEC §5)', () => {
  it.each([
    [{ a: '', b: null, c: undefined, d: 'x' }, { d: 'x' }],
    [
      { a: false, b: 0 },
      { a: false, b: 0 },
    ],
    [{ contactInfo: { email: '', address: { city: ' ' } } }, {}],
    [{ medicalInfo: { icd10Codes: [], hasLAAO: true } }, { medicalInfo: { hasLAAO: true } }],
    [{ codes: ['I48.0', ''] }, { codes: ['I48.0'] }],
  ])('%j becomes %j', (input, output) => {
    expect(dropEmptyFields(input)).toEqual(output);
  });
});

const newPatient = { patientId: 'P-100', firstName: 'Ada', lastName: 'Byron', dob: '1950-12-10' };

describe('the create body', () => {
  it('drops empty fields before checking them', () => {
    expect(
      createPatientBodySchema.parse({
        ...newPatient,
        middleName: '',
        gender: '',
        physicianNpi: '',
        contactInfo: { email: '', address: { zip: '' } },
      }),
    ).toEqual(newPatient);
  });

  it('keeps the duplicate confirmation', () => {
    expect(createPatientBodySchema.parse({ ...newPatient, confirmNotDuplicate: true })).toMatchObject({
      confirmNotDuplicate: true,
    });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a dob in the future', { dob: tomorrow() }, ['dob']],
    ['a dob that is not a date', { dob: '1950-02-30' }, ['dob']],
    ['a gender outside the enumeration', { gender: 'M' }, ['gender']],
    ['an NPI failing the check digit', { physicianNpi: BAD_CHECK_DIGIT_NPI }, ['physicianNpi']],
    ['an unknown OAC status', { oacStatus: 'maybe' }, ['oacStatus']],
    ['an unknown field', { ssn: '123' }, ['ssn']],
    ['an e-mail that is not one', { contactInfo: { email: 'nope' } }, ['contactInfo.email']],
    ['an EF over 100', { medicalInfo: { efPercentage: 120 } }, ['medicalInfo.efPercentage']],
    ['a bad ZIP', { contactInfo: { address: { zip: '1234' } } }, ['contactInfo.address.zip']],
    ['an OAC status from the custom form', { oacStatus: 'custom:on-oac' }, []],
    ['a valid NPI and gender', { physicianNpi: VALID_NPI, gender: 'female' }, []],
  ])('%s', (_story, change, fields) => {
    expect(problemFields(createPatientBodySchema, { ...newPatient, ...change })).toEqual(fields);
  });

  it.each(['patientId', 'firstName', 'lastName', 'dob'])('requires %s', (field) => {
    expect(problemFields(createPatientBodySchema, { ...newPatient, [field]: '' })).toEqual([field]);
  });
});

describe('the PATCH body', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['an override', { override: { names: { firstName: 'Adah' }, gender: 'female' } }, []],
    ['clearing the override', { override: null }, []],
    [
      'an override NPI failing the check digit',
      { override: { physicianNpi: BAD_CHECK_DIGIT_NPI } },
      ['override.physicianNpi'],
    ],
    ['an override gender outside the enumeration', { override: { gender: 'F' } }, ['override.gender']],
    ['a future dob', { dob: tomorrow() }, ['dob']],
    ['nothing at all', {}, ['']],
  ])('%s', (_story, body, fields) => {
    expect(problemFields(updatePatientBodySchema, body)).toEqual(fields);
  });
});

describe('the supplimental-info body', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'all three groups',
      {
        medicalInfo: {
          isPacerDependent: false,
          hasAfibHistory: true,
          dateOfLastAfib: '2025-03-01',
          icd10Codes: ['I48.0'],
        },
        deviceInfo: {
          model: 'Azure XT DR MRI',
          modelNumber: 'W1DR01',
          manufacturerAdvisories: [{ title: 'x' }],
        },
        contactInfo: { mobilePhone: '555-0100', address: { city: 'Springfield', zip: '12345-6789' } },
      },
      [],
    ],
    ['an unknown medical field', { medicalInfo: { smoker: true } }, ['medicalInfo.smoker']],
    ['a future echo', { medicalInfo: { dateOfLastEcho: tomorrow() } }, ['medicalInfo.dateOfLastEcho']],
  ])('%s', (_story, body, fields) => {
    expect(problemFields(supplimentalInfoBodySchema, body)).toEqual(fields);
  });
});

describe('OAC history bodies', () => {
  it.each<[string, z.ZodType, Record<string, unknown>, string[]]>([
    [
      'create: end before start',
      createOacHistoryBodySchema,
      { startDate: '2026-02-01', endDate: '2026-01-31' },
      ['endDate'],
    ],
    [
      'create: end on the start',
      createOacHistoryBodySchema,
      { startDate: '2026-02-01', endDate: '2026-02-01' },
      [],
    ],
    [
      'create: still running',
      createOacHistoryBodySchema,
      { medicationName: 'Apixaban', startDate: '2026-02-01' },
      [],
    ],
    ['create: no start', createOacHistoryBodySchema, { medicationName: 'Apixaban' }, ['startDate']],
    ['create: start not a date', createOacHistoryBodySchema, { startDate: '2026-02-30' }, ['startDate']],
    [
      'update: end before start',
      updateOacHistoryBodySchema,
      { startDate: '2026-02-01', endDate: '2026-01-31' },
      ['endDate'],
    ],
    ['update: only the end', updateOacHistoryBodySchema, { endDate: '2026-01-31' }, []],
    ['update: ending cleared', updateOacHistoryBodySchema, { endDate: null }, []],
  ])('%s', (_story, schema, body, fields) => {
    expect(problemFields(schema, body)).toEqual(fields);
  });

  it('says what is wrong with the end', () => {
    const result = createOacHistoryBodySchema.safeParse({ startDate: '2026-02-01', endDate: '2026-01-01' });
    expect(result.error?.issues[0]?.message).toBe('must not be before startDate');
  });
});

describe('the patient resource', () => {
  it('shows each overridable value with its source', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const resource = {
      id: 'p1',
      attributes: {
        id: 'p1',
        clinicNpi: VALID_NPI,
        patientId: 'P-100',
        fmId: null,
        firstName: 'Ada',
        middleName: null,
        lastName: 'Byron',
        dob: '1950-12-10',
        gender: 'female',
        physicianNpi: null,
        oacStatus: 'on-oac',
        oacHistory: [
          {
            id: 'o1',
            medicationName: null,
            startDate: '2025-01-01',
            endDate: null,
            updatedBy: 'u',
            updatedAt: at,
          },
        ],
        medicalInfo: null,
        deviceInfo: null,
        contactInfo: null,
        override: { names: { firstName: 'Adah' } },
        createdAt: at,
        updatedAt: at,
        updatedBy: null,
        effective: {
          firstName: { value: 'Adah', source: 'override' },
          middleName: { value: null, source: 'synced' },
          lastName: { value: 'Byron', source: 'synced' },
          gender: { value: 'female', source: 'synced' },
          physicianNpi: { value: null, source: 'synced' },
        },
        isAfWithoutOac: false,
      },
    };
    expect(patientResourceSchema.safeParse(resource).success).toBe(true);
    const wrongSource = structuredClone(resource);
    wrongSource.attributes.effective.firstName.source = 'typed';
    expect(patientResourceSchema.safeParse(wrongSource).success).toBe(false);
  });
});
