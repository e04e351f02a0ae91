import type { DuplicatePatientConflict, PatientResource } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  insertPatient,
  OTHER_CLINIC_NPI,
  OWN_CLINIC_NPI,
  setClinicFeatureFlag,
} from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

const CREATE = `/api/patients/clinics/${OWN_CLINIC_NPI}/patients`;

let serial = 0;
const nextPatientId = () => {
  serial += 1;
  return `NEW-${serial}`;
};

// Issue 13 §2 and §4: creating a patient, behind the clinic's flag, refusing likely duplicates.
describe('creating a patient', () => {
  const portal = signedInPortal(['nurse', 'deviceTech', 'readOnly', 'sysAdmin']);

  const setCreateFlag = (enabled: boolean) => setClinicFeatureFlag(portal.db, 'createNewPatients', enabled);
  const counts = async () => {
    const count = async (table: 'patients' | 'auditEvents') =>
      Number(
        (
          await portal.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { patients: await count('patients'), auditEvents: await count('auditEvents') };
  };

  it('a nurse creates a patient; empty fields are dropped and the creation is audited', async () => {
    const response = await portal.as.nurse.post(CREATE, {
      patientId: ' NEW-100 ',
      firstName: 'Ottilie',
      middleName: '',
      lastName: 'Brandvold',
      dob: '1948-05-17',
      gender: 'female',
      physicianNpi: '',
      fmId: '   ',
      medicalInfo: { hasAfibHistory: true, efPercentage: 45, icd10Codes: [] },
      deviceInfo: { manufacturer: 'MDT', model: 'Azure XT DR MRI', modelNumber: 'W1DR01', serialNumber: '' },
      contactInfo: { mobilePhone: '', address: { street: '', city: '' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const patient = response.json() as PatientResource;
    expect(patient.attributes).toMatchObject({
      clinicNpi: OWN_CLINIC_NPI,
      patientId: 'NEW-100',
      fmId: null,
      middleName: null,
      physicianNpi: null,
      gender: 'female',
      dob: '1948-05-17',
      contactInfo: null,
      updatedBy: 'auth0|demo-nurse',
    });
    expect(patient.attributes.medicalInfo).toEqual({
      isPacerDependent: null,
      hasLAAO: null,
      efPercentage: 45,
      dateOfLastEcho: null,
      hasAfibHistory: true,
      dateOfLastAfib: null,
      icd10Codes: [],
    });
    expect(patient.attributes.deviceInfo).toMatchObject({ manufacturer: 'MDT', serialNumber: null });
    // AF history and no OAC: flagged.
    expect(patient.attributes.isAfWithoutOac).toBe(true);
    const events = await portal.db
      .selectFrom('auditEvents')
      .select(['eventType', 'clinicNpi', 'actorId'])
      .where('entityType', '=', 'patient')
      .where('entityId', '=', patient.id)
      .execute();
    expect(events).toEqual([
      { eventType: 'created', clinicNpi: OWN_CLINIC_NPI, actorId: 'auth0|demo-nurse' },
    ]);
    const page = await portal.as.nurse.get(`/api/patients/clinics/${OWN_CLINIC_NPI}/patients/${patient.id}`);
    expect(page.json()).toEqual(patient);
  });

  it('answers 409 with the likely duplicate for a misspelled first name with the same dob', async () => {
    const existing = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      firstName: 'John',
      lastName: 'Kowalczyk',
      dob: '1955-09-09',
    });
    const before = await counts();
    const response = await portal.as.nurse.post(CREATE, {
      patientId: nextPatientId(),
      firstName: 'Jon',
      lastName: 'Kowalczyk',
      dob: '1955-09-09',
    });
    expect(response.statusCode).toBe(409);
    const conflict = response.json() as DuplicatePatientConflict;
    expect(conflict.duplicates.map((duplicate) => [duplicate.patient.id, duplicate.reasons])).toEqual([
      [existing.id, ['same-dob-similar-name']],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('answers 409 for the same device serial, however it is typed, whatever the name', async () => {
    const existing = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      deviceInfo: { serialNumber: 'PJN 604-112' },
    });
    const response = await portal.as.nurse.post(CREATE, {
      patientId: nextPatientId(),
      firstName: 'Entirely',
      lastName: 'Different',
      dob: '1990-01-01',
      deviceInfo: { serialNumber: 'pjn604112' },
    });
    expect(response.statusCode).toBe(409);
    expect((response.json() as DuplicatePatientConflict).duplicates).toEqual([
      expect.objectContaining({
        patient: expect.objectContaining({ id: existing.id }),
        reasons: ['same-device-serial'],
      }),
    ]);
  });

  it('does not mistake a different person with the same dob for a duplicate', async () => {
    await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      firstName: 'Emily',
      lastName: 'Nakamura',
      dob: '1971-02-03',
    });
    const response = await portal.as.nurse.post(CREATE, {
      patientId: nextPatientId(),
      firstName: 'Emma',
      lastName: 'Nakamura',
      dob: '1971-02-03',
    });
    expect(response.statusCode).toBe(201);
  });

  it('creates the patient anyway when the request confirms it is not a duplicate', async () => {
    await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      firstName: 'Jhon',
      lastName: 'Idowu',
      dob: '1960-06-06',
    });
    const body = { patientId: nextPatientId(), firstName: 'John', lastName: 'Idowu', dob: '1960-06-06' };
    expect((await portal.as.nurse.post(CREATE, body)).statusCode).toBe(409);
    const confirmed = await portal.as.nurse.post(CREATE, { ...body, confirmNotDuplicate: true });
    expect(confirmed.statusCode).toBe(201);
  });

  it('only compares with the same clinic’s patients', async () => {
    await insertPatient(portal.db, {
      clinicNpi: OTHER_CLINIC_NPI,
      firstName: 'Ines',
      lastName: 'Varga',
      dob: '1966-12-12',
    });
    const response = await portal.as.nurse.post(CREATE, {
      patientId: nextPatientId(),
      firstName: 'Ines',
      lastName: 'Varga',
      dob: '1966-12-12',
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a patientId the clinic already has, naming the field, even when confirmed', async () => {
    await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI, patientId: 'TAKEN-1' });
    const before = await counts();
    const response = await portal.as.nurse.post(CREATE, {
      patientId: 'TAKEN-1',
      firstName: 'Someone',
      lastName: 'Else',
      dob: '1980-01-01',
      confirmNotDuplicate: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([
      { field: 'patientId', message: 'already exists at this clinic' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a dob in the future', { dob: '2999-01-01' }, 'dob'],
    ['a dob that is not a date', { dob: '1950-02-30' }, 'dob'],
    ['a dob in another format', { dob: '02/03/1950' }, 'dob'],
    ['a gender outside the enumeration', { gender: 'F' }, 'gender'],
    ['an NPI failing its check digit', { physicianNpi: '1234567890' }, 'physicianNpi'],
    ['an unknown field', { shoeSize: 44 }, 'shoeSize'],
    ['an OAC status outside SPEC §3', { oacStatus: 'maybe' }, 'oacStatus'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_label, change, field) => {
    const before = await counts();
    const response = await portal.as.nurse.post(CREATE, {
      patientId: nextPatientId(),
      firstName: 'Bad',
      lastName: 'Input',
      dob: '1950-01-01',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it('is refused (403) while the clinic’s create-new-patients flag is off, for every role', async () => {
    await setCreateFlag(false);
    try {
      for (const caller of [portal.as.nurse, portal.as.sysAdmin]) {
        const response = await caller.post(CREATE, {
          patientId: nextPatientId(),
          firstName: 'Flag',
          lastName: 'Off',
          dob: '1950-01-01',
        });
        expect(response.statusCode).toBe(403);
      }
    } finally {
      await setCreateFlag(true);
    }
  });

  it('lets a device technician create, and not a read-only user (403)', async () => {
    const body = () => ({
      patientId: nextPatientId(),
      firstName: 'Role',
      lastName: `Check${serial}`,
      dob: '1977-07-07',
    });
    expect((await portal.as.deviceTech.post(CREATE, body())).statusCode).toBe(201);
    expect((await portal.as.readOnly.post(CREATE, body())).statusCode).toBe(403);
  });

  it('answers 404 at a clinic the caller cannot see', async () => {
    const response = await portal.as.nurse.post(`/api/patients/clinics/${OTHER_CLINIC_NPI}/patients`, {
      patientId: nextPatientId(),
      firstName: 'Else',
      lastName: 'Where',
      dob: '1950-01-01',
    });
    expect(response.statusCode).toBe(404);
  });
});
