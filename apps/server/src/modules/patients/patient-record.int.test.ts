import type { PatientEventsPage, PatientResource } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { insertDocument, insertPatient, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

const patientUrl = (id: string, clinicNpi = OWN_CLINIC_NPI) =>
  `/api/patients/clinics/${clinicNpi}/patients/${id}`;

const oacEntry = (id: string, startDate: string, endDate: string | null = null) => ({
  id,
  medicationName: 'Apixaban',
  startDate,
  endDate,
  updatedBy: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const ENTRY_ID = '6f1b7d0e-0c1a-4f3e-9d55-6f0b1c2d3e4f';

// Issue 13 §1, §6, §9–§11: the patient's record, its overrides, OAC, supplemental info, timeline and deletion.
describe('a patient’s record', () => {
  const portal = signedInPortal(['provider', 'nurse', 'readOnly', 'deviceTech', 'sysAdmin']);

  const newPatient = (options: Omit<Parameters<typeof insertPatient>[1], 'clinicNpi'> = {}) =>
    insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI, ...options });
  const eventsOf = async (id: string) =>
    portal.db
      .selectFrom('auditEvents')
      .select(['eventType', 'before', 'after', 'actorId', 'clinicNpi'])
      .where('entityType', '=', 'patient')
      .where('entityId', '=', id)
      .orderBy('id')
      .execute();
  const rowOf = (id: string) =>
    portal.db.selectFrom('patients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a nurse corrects names and sets overrides; the answer shows each effective value and its source', async () => {
    const patient = await newPatient({ firstName: 'Kathrine', lastName: 'Oyelaran' });
    const response = await portal.as.nurse.patch(patientUrl(patient.id), {
      firstName: 'Katherine',
      override: { names: { lastName: 'Oyelaran-Smith' }, gender: 'female', physicianNpi: '1679576722' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { attributes } = response.json() as PatientResource;
    expect(attributes.firstName).toBe('Katherine');
    expect(attributes.lastName).toBe('Oyelaran');
    expect(attributes.effective).toEqual({
      firstName: { value: 'Katherine', source: 'synced' },
      middleName: { value: null, source: 'synced' },
      lastName: { value: 'Oyelaran-Smith', source: 'override' },
      gender: { value: 'female', source: 'override' },
      physicianNpi: { value: '1679576722', source: 'override' },
    });
    expect(attributes.updatedBy).toBe('auth0|demo-nurse');
    expect(await eventsOf(patient.id)).toEqual([
      {
        eventType: 'updated',
        before: { firstName: 'Kathrine', override: null },
        after: {
          firstName: 'Katherine',
          override: { names: { lastName: 'Oyelaran-Smith' }, gender: 'female', physicianNpi: '1679576722' },
        },
        actorId: 'auth0|demo-nurse',
        clinicNpi: OWN_CLINIC_NPI,
      },
    ]);

    // An override set to null falls back to the synced value; the others stay.
    const cleared = await portal.as.nurse.patch(patientUrl(patient.id), { override: { gender: null } });
    expect((cleared.json() as PatientResource).attributes.effective.gender).toEqual({
      value: null,
      source: 'synced',
    });
    expect((cleared.json() as PatientResource).attributes.override).toEqual({
      names: { lastName: 'Oyelaran-Smith' },
      physicianNpi: '1679576722',
    });
  });

  it('writes nothing when a PATCH changes nothing', async () => {
    const patient = await newPatient({ firstName: 'Same' });
    const response = await portal.as.nurse.patch(patientUrl(patient.id), { firstName: 'Same' });
    expect(response.statusCode).toBe(200);
    expect(await eventsOf(patient.id)).toEqual([]);
  });

  it('refuses a patientId another patient of the clinic has (409 naming it)', async () => {
    await newPatient({ patientId: 'HELD-1' });
    const patient = await newPatient();
    const response = await portal.as.nurse.patch(patientUrl(patient.id), { patientId: 'HELD-1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().details[0].field).toBe('patientId');
  });

  it.each([
    ['a dob in the future', 'dob', { dob: '2999-12-31' }],
    ['a dob that is not a date', 'dob', { dob: 'last spring' }],
    ['a gender outside the enumeration', 'gender', { gender: 'M' }],
    ['an NPI failing its check digit', 'physicianNpi', { physicianNpi: '1679576723' }],
    [
      'an override NPI failing its check digit',
      'override.physicianNpi',
      { override: { physicianNpi: '1679576723' } },
    ],
    ['an empty body', 'body', {}],
  ])('refuses %s (400 naming %s), writing nothing', async (_label, field, body) => {
    const patient = await newPatient();
    const before = await rowOf(patient.id);
    const response = await portal.as.nurse.patch(patientUrl(patient.id), body);
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.map((detail: { field: string }) => detail.field);
    expect(fields.some((named: string) => named === field || named.startsWith(field))).toBe(true);
    expect(await rowOf(patient.id)).toEqual(before);
    expect(await eventsOf(patient.id)).toEqual([]);
  });

  it('records an OAC status change as update_oac, apart from the other changes', async () => {
    const patient = await newPatient({ oacStatus: 'not-on-oac' });
    const response = await portal.as.provider.patch(patientUrl(patient.id), {
      oacStatus: 'custom:on-oac',
      middleName: 'Ann',
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as PatientResource).attributes.oacStatus).toBe('custom:on-oac');
    const events = await eventsOf(patient.id);
    expect(events.map((event) => [event.eventType, event.before, event.after])).toEqual([
      ['update_oac', { oacStatus: 'not-on-oac' }, { oacStatus: 'custom:on-oac' }],
      ['updated', { middleName: null }, { middleName: 'Ann' }],
    ]);
  });

  it('keeps OAC history: add, change, end and delete, each an update_oac event', async () => {
    const patient = await newPatient();
    const url = `${patientUrl(patient.id)}/oac-history`;
    const added = await portal.as.nurse.post(url, { medicationName: '  ', startDate: '2025-03-01' });
    expect(added.statusCode, added.body).toBe(201);
    const [entry] = (added.json() as PatientResource).attributes.oacHistory;
    expect(entry).toMatchObject({
      medicationName: null,
      startDate: '2025-03-01',
      endDate: null,
      updatedBy: 'auth0|demo-nurse',
    });
    const id = entry?.id as string;

    const renamed = await portal.as.nurse.put(`${url}/${id}`, { medicationName: 'Rivaroxaban' });
    expect((renamed.json() as PatientResource).attributes.oacHistory[0]?.medicationName).toBe('Rivaroxaban');
    const ended = await portal.as.nurse.put(`${url}/${id}`, { endDate: '2025-09-30' });
    expect((ended.json() as PatientResource).attributes.oacHistory[0]).toMatchObject({
      startDate: '2025-03-01',
      endDate: '2025-09-30',
    });
    const removed = await portal.as.nurse.delete(`${url}/${id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as PatientResource).attributes.oacHistory).toEqual([]);
    expect((await eventsOf(patient.id)).map((event) => event.eventType)).toEqual([
      'update_oac',
      'update_oac',
      'update_oac',
      'update_oac',
    ]);
    expect((await portal.as.nurse.delete(`${url}/${id}`)).statusCode).toBe(404);
  });

  it('refuses an OAC end date before the start, naming endDate, also against the stored date', async () => {
    const patient = await newPatient({ oacHistory: [oacEntry(ENTRY_ID, '2025-03-01', '2025-06-30')] });
    const url = `${patientUrl(patient.id)}/oac-history`;
    const before = await rowOf(patient.id);
    const cases = [
      await portal.as.nurse.post(url, {
        medicationName: 'Warfarin',
        startDate: '2025-05-01',
        endDate: '2025-04-01',
      }),
      await portal.as.nurse.put(`${url}/${ENTRY_ID}`, { startDate: '2025-05-01', endDate: '2025-04-01' }),
      // One date alone, against the other as stored.
      await portal.as.nurse.put(`${url}/${ENTRY_ID}`, { endDate: '2025-02-01' }),
      await portal.as.nurse.put(`${url}/${ENTRY_ID}`, { startDate: '2025-07-01' }),
    ];
    expect(cases.map((response) => response.statusCode)).toEqual([400, 400, 422, 422]);
    for (const response of cases) {
      expect(response.json().details.map((detail: { field: string }) => detail.field)).toEqual(['endDate']);
    }
    expect(await rowOf(patient.id)).toEqual(before);
    expect(await eventsOf(patient.id)).toEqual([]);
  });

  it('replaces supplemental info group by group; null clears one, one left out stays', async () => {
    const patient = await newPatient({
      deviceInfo: { manufacturer: 'BSX', model: 'Accolade MRI', modelNumber: 'L331', serialNumber: '123456' },
    });
    const url = `${patientUrl(patient.id)}/supplimental-info`;
    const saved = await portal.as.nurse.put(url, {
      medicalInfo: { isPacerDependent: true, efPercentage: 35, icd10Codes: ['I48.0'] },
      contactInfo: { email: 'patient@example.org', address: { city: 'Duluth', zip: '55802' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const attributes = (saved.json() as PatientResource).attributes;
    expect(attributes.medicalInfo).toMatchObject({
      isPacerDependent: true,
      efPercentage: 35,
      icd10Codes: ['I48.0'],
    });
    expect(attributes.deviceInfo).toMatchObject({ modelNumber: 'L331', serialNumber: '123456' });
    expect(attributes.contactInfo?.address).toEqual({
      street: null,
      street2: null,
      apartment: null,
      city: 'Duluth',
      state: null,
      zip: '55802',
    });
    const cleared = await portal.as.deviceTech.put(url, { deviceInfo: null });
    expect((cleared.json() as PatientResource).attributes.deviceInfo).toBeNull();
    expect((cleared.json() as PatientResource).attributes.medicalInfo?.efPercentage).toBe(35);
    const events = await eventsOf(patient.id);
    expect(events.map((event) => [event.eventType, Object.keys(event.after as object).sort()])).toEqual([
      ['updated', ['contactInfo', 'medicalInfo']],
      ['updated', ['deviceInfo']],
    ]);
    const bad = await portal.as.nurse.put(url, { medicalInfo: { efPercentage: 140 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('medicalInfo.efPercentage');
  });

  it('flags AF without OAC from the history or an AF alert, and not once on OAC or with a decision', async () => {
    const flagOf = async (id: string) =>
      ((await portal.as.nurse.get(patientUrl(id))).json() as PatientResource).attributes.isAfWithoutOac;
    const withHistory = await newPatient({ medicalInfo: { hasAfibHistory: true } });
    expect(await flagOf(withHistory.id)).toBe(true);

    const withAlert = await newPatient();
    expect(await flagOf(withAlert.id)).toBe(false);
    await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      type: 'crm-alert',
      alert: 'medium',
      alertType: 'VT/VF therapy',
      alertText: 'no AF seen',
      patientRef: withAlert.id,
    });
    expect(await flagOf(withAlert.id)).toBe(false);
    await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      type: 'crm-alert',
      alert: 'high',
      alertType: 'AF episode',
      patientRef: withAlert.id,
    });
    expect(await flagOf(withAlert.id)).toBe(true);

    await portal.as.nurse.post(`${patientUrl(withAlert.id)}/oac-history`, {
      medicationName: 'Apixaban',
      startDate: '2020-01-01',
    });
    expect(await flagOf(withAlert.id)).toBe(false);
    await portal.as.nurse.patch(patientUrl(withHistory.id), { oacStatus: 'oac-contraindicated' });
    expect(await flagOf(withHistory.id)).toBe(false);
  });

  it('a read-only user reads but cannot change anything (403)', async () => {
    const patient = await newPatient({ oacHistory: [oacEntry(ENTRY_ID, '2024-01-01')] });
    expect((await portal.as.readOnly.get(patientUrl(patient.id))).statusCode).toBe(200);
    expect((await portal.as.readOnly.get(`${patientUrl(patient.id)}/events`)).statusCode).toBe(200);
    const attempts = [
      await portal.as.readOnly.patch(patientUrl(patient.id), { middleName: 'X' }),
      await portal.as.readOnly.put(`${patientUrl(patient.id)}/supplimental-info`, { deviceInfo: null }),
      await portal.as.readOnly.post(`${patientUrl(patient.id)}/oac-history`, { startDate: '2025-01-01' }),
      await portal.as.readOnly.put(`${patientUrl(patient.id)}/oac-history/${ENTRY_ID}`, {
        endDate: '2025-01-01',
      }),
      await portal.as.readOnly.delete(`${patientUrl(patient.id)}/oac-history/${ENTRY_ID}`),
      await portal.as.readOnly.delete(patientUrl(patient.id)),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await eventsOf(patient.id)).toEqual([]);
  });

  it('a device technician keeps the device current but does not edit the clinical record (403)', async () => {
    const patient = await newPatient({ oacHistory: [oacEntry(ENTRY_ID, '2024-01-01')] });
    const refused = [
      await portal.as.deviceTech.patch(patientUrl(patient.id), { middleName: 'X' }),
      await portal.as.deviceTech.put(`${patientUrl(patient.id)}/supplimental-info`, {
        medicalInfo: { hasAfibHistory: true },
      }),
      // Device and contact together: the contact makes it a change to the clinical record.
      await portal.as.deviceTech.put(`${patientUrl(patient.id)}/supplimental-info`, {
        deviceInfo: { serialNumber: 'PJN123456' },
        contactInfo: { homePhone: '(312) 555-0100' },
      }),
      await portal.as.deviceTech.post(`${patientUrl(patient.id)}/oac-history`, { startDate: '2025-01-01' }),
      await portal.as.deviceTech.delete(`${patientUrl(patient.id)}/oac-history/${ENTRY_ID}`),
      await portal.as.deviceTech.delete(patientUrl(patient.id)),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await eventsOf(patient.id)).toEqual([]);

    const device = await portal.as.deviceTech.put(`${patientUrl(patient.id)}/supplimental-info`, {
      deviceInfo: { manufacturer: 'MDT', serialNumber: 'PJN123456' },
    });
    expect(device.statusCode).toBe(200);
    expect(device.json().attributes.deviceInfo).toMatchObject({
      manufacturer: 'MDT',
      serialNumber: 'PJN123456',
    });
    expect((await eventsOf(patient.id)).map((event) => event.eventType)).toEqual(['updated']);
  });

  it('answers 404 for another clinic’s patient, even under the caller’s own clinic NPI', async () => {
    const theirs = await insertPatient(portal.db, { clinicNpi: OTHER_CLINIC_NPI });
    expect((await portal.as.nurse.get(patientUrl(theirs.id, OTHER_CLINIC_NPI))).statusCode).toBe(404);
    expect((await portal.as.nurse.get(patientUrl(theirs.id))).statusCode).toBe(404);
    expect(
      (await portal.as.nurse.patch(patientUrl(theirs.id, OTHER_CLINIC_NPI), { middleName: 'X' })).statusCode,
    ).toBe(404);
    expect((await portal.as.nurse.delete(patientUrl(theirs.id, OTHER_CLINIC_NPI))).statusCode).toBe(404);
    expect((await portal.as.sysAdmin.get(patientUrl(theirs.id, OTHER_CLINIC_NPI))).statusCode).toBe(200);
  });

  it('deletes a patient without documents, audited; one with documents (even trashed) is 409', async () => {
    const lone = await newPatient();
    expect((await portal.as.nurse.delete(patientUrl(lone.id))).statusCode).toBe(204);
    expect(await portal.db.selectFrom('patients').select('id').where('id', '=', lone.id).execute()).toEqual(
      [],
    );
    expect((await eventsOf(lone.id)).map((event) => event.eventType)).toEqual(['deleted']);

    const withRecords = await newPatient();
    await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      patientRef: withRecords.id,
      deletedAt: new Date(),
    });
    const refused = await portal.as.sysAdmin.delete(patientUrl(withRecords.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/documents/);
    expect(await eventsOf(withRecords.id)).toEqual([]);
  });

  it('keeps a clinic with patients from being deleted (409)', async () => {
    const clinic = await portal.db
      .insertInto('organizations')
      .values({ npi: '1144221133', name: 'Short-lived Clinic', code: 'SLC' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertPatient(portal.db, { clinicNpi: '1144221133' });
    const response = await portal.as.sysAdmin.delete(`/api/customers/organizations/${clinic.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/patients/);
  });
});

describe('a patient’s timeline', () => {
  const portal = signedInPortal(['provider', 'nurse', 'deviceTech']);

  it('shows the record’s changes, OAC changes and the documents’ events, newest first, paged', async () => {
    const created = await portal.as.nurse.post(`/api/patients/clinics/${OWN_CLINIC_NPI}/patients`, {
      patientId: 'TL-1',
      firstName: 'Timeline',
      lastName: 'Person',
      dob: '1944-04-04',
    });
    const patient = created.json() as PatientResource;
    const url = patientUrl(patient.id);
    await portal.as.nurse.post(`${url}/oac-history`, { medicationName: 'Apixaban', startDate: '2025-01-01' });
    await portal.as.nurse.patch(url, { oacStatus: 'on-oac', dob: '1944-04-05' });
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      patientRef: patient.id,
      assignedTo: 'auth0|demo-provider',
    });
    const signed = await portal.as.provider.patch(`/api/reports/${document.id}/sign`, {});
    expect(signed.statusCode, signed.body).toBe(200);

    const response = await portal.as.nurse.get(`${url}/events`);
    expect(response.statusCode).toBe(200);
    const page = response.json() as PatientEventsPage;
    expect(page.data.map((event) => [event.kind, event.eventType, event.summary])).toEqual([
      ['document', 'signed', 'Signed the 90 Day report'],
      ['patient', 'updated', 'Changed date of birth'],
      ['oac', 'update_oac', 'OAC status: none → On OAC'],
      ['oac', 'update_oac', 'OAC history: Apixaban added'],
      ['patient', 'created', 'Patient record created'],
    ]);
    expect(page.data[0]).toMatchObject({
      documentId: document.id,
      documentType: 'implicity-90-day-remote-report',
      actorId: 'auth0|demo-provider',
      actorName: 'Dr. Paula Reyes MD',
    });
    expect(page.data[1]).toMatchObject({ documentId: null, actorName: 'Nina Okafor RN' });
    expect(page.metadata).toEqual({ totalCount: 5, limit: 25, offset: 0 });

    const second = (
      await portal.as.nurse.get(`${url}/events?page[limit]=2&page[offset]=2`)
    ).json() as PatientEventsPage;
    expect(second.data.map((event) => event.eventType)).toEqual(['update_oac', 'update_oac']);
    expect(second.links.next).not.toBeNull();
    expect(second.links.prev).not.toBeNull();

    // A device technician sees the patient, not the documents.
    const forTech = (await portal.as.deviceTech.get(`${url}/events`)).json() as PatientEventsPage;
    expect(forTech.data.map((event) => event.kind)).toEqual(['patient', 'oac', 'oac', 'patient']);
  });

  it('refuses an unknown paging parameter, naming it', async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const response = await portal.as.nurse.get(`${patientUrl(patient.id)}/events?page[size]=5`);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('page[size]');
  });
});
