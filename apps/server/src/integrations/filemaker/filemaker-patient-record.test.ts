import { describe, expect, it } from 'vitest';
import { readPatientRecord, recordAnswerSchema, toIsoDate } from './filemaker-patient-record';

describe('FileMaker dates', () => {
  it.each([
    ['03/14/1946', '1946-03-14'],
    ['3/4/1946', '1946-03-04'],
    ['1946-03-14', '1946-03-14'],
    ['02/29/2024', '2024-02-29'],
  ])('reads %s as %s', (value, iso) => {
    expect(toIsoDate(value)).toBe(iso);
  });

  it.each(['02/30/2024', '13/01/2024', '14.03.1946', '1946', 'yesterday', '03/14/46'])(
    'refuses %s',
    (value) => {
      expect(toIsoDate(value)).toBeNull();
    },
  );
});

describe('a record FileMaker holds oddly', () => {
  it('keeps what it can read and names the fields it could not, never their values', () => {
    const record = readPatientRecord({
      recordId: '9',
      modId: '1',
      fieldData: {
        PatientID: ' P1 ',
        NameLast: 'Example',
        DOB: '31/12/1950',
        PacerDependent: 'Yes',
        LAAO: 'maybe',
        EF_Percent: 'forty',
        AFibHistory: 0,
        ICD10Codes: 'I48.0\n\nZ95.0\r',
        DeviceSerialNumber: 123456,
        Email: null,
      },
    });
    expect(record).toMatchObject({
      patientId: 'P1',
      dob: null,
      medicalInfo: {
        isPacerDependent: true,
        hasLAAO: null,
        efPercentage: null,
        hasAfibHistory: false,
        icd10Codes: ['I48.0', 'Z95.0'],
      },
      deviceInfo: { serialNumber: '123456' },
      contactInfo: { email: null },
    });
    expect(record.invalidFields).toEqual(['DOB', 'LAAO', 'EF_Percent']);
  });

  it('accepts record and mod ids sent as numbers', () => {
    const answer = recordAnswerSchema.parse({
      response: { data: [{ fieldData: {}, recordId: 12, modId: 0, portalData: {} }] },
      messages: [{ code: '0', message: 'OK' }],
    });
    expect(answer.response.data[0]).toMatchObject({ recordId: '12', modId: '0' });
  });
});
