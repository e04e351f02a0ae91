import { DEVICE_CATALOG, type PatientResource, type PatientSearchPage } from '@portal/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPatient, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

const SEARCH = `/api/patients/clinics/${OWN_CLINIC_NPI}/search`;

// Issue 13 §2: a clinic's patients, searched, filtered, sorted and paged; SPEC §5 drops empty values.
describe('searching a clinic’s patients', () => {
  const portal = signedInPortal(['nurse', 'deviceTech', 'sysAdmin', 'irhFinance']);

  beforeAll(async () => {
    const db = portal.db;
    await insertPatient(db, {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: 'SRCH-001',
      firstName: 'Margaret',
      lastName: 'Abernathy',
      dob: '1941-03-02',
      deviceInfo: { serialNumber: 'RXK-204 881' },
    });
    await insertPatient(db, {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: 'SRCH-002',
      firstName: 'Walter',
      lastName: 'Abernathy',
      dob: '1939-11-20',
    });
    await insertPatient(db, {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: 'SRCH-003',
      firstName: 'Łukasz',
      lastName: 'Żółkiewski',
      dob: '1962-07-14',
      // Known to the clinic by another last name: the filter finds the effective one.
      override: { names: { lastName: 'Abbott' } },
    });
    await insertPatient(db, {
      clinicNpi: OTHER_CLINIC_NPI,
      patientId: 'SRCH-OTHER',
      firstName: 'Margaret',
      lastName: 'Abernathy',
      dob: '1941-03-02',
    });
  });

  const search = async (query: string) => {
    const response = await portal.as.nurse.get(`${SEARCH}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PatientSearchPage;
  };
  const ids = (page: PatientSearchPage) => page.data.map((patient) => patient.attributes.patientId);

  it('finds by free text over names, patient id and device serial, every word counting', async () => {
    expect(ids(await search('filter[search]=abernathy'))).toEqual(['SRCH-001', 'SRCH-002']);
    expect(ids(await search('filter[search]=margaret%20abern'))).toEqual(['SRCH-001']);
    expect(ids(await search('filter[search]=srch-002'))).toEqual(['SRCH-002']);
    expect(ids(await search('filter[search]=204%20881'))).toEqual(['SRCH-001']);
    expect(ids(await search('filter[search]=%25'))).toEqual([]);
  });

  it('filters by name from the start (the effective name), dob, patient id and serial', async () => {
    expect(ids(await search('filter[lastName]=ABER&filter[firstName]=wal'))).toEqual(['SRCH-002']);
    expect(ids(await search('filter[lastName]=abbo'))).toEqual(['SRCH-003']);
    expect(ids(await search('filter[dob]=1941-03-02'))).toEqual(['SRCH-001']);
    expect(ids(await search('filter[patientId]=SRCH-00'))).toEqual(['SRCH-001', 'SRCH-002', 'SRCH-003']);
    // Typed with or without its dashes and spaces, in any case.
    expect(ids(await search('filter[deviceSerial]=rxk204'))).toEqual(['SRCH-001']);
    // Wildcards are taken literally; a serial of dashes alone matches none.
    expect(ids(await search('filter[patientId]=SRCH_'))).toEqual([]);
    expect(ids(await search('filter[deviceSerial]=--'))).toEqual([]);
  });

  it('drops empty filter values instead of matching nothing (SPEC §5)', async () => {
    const page = await search(
      'filter[search]=&filter[lastName]=%20&filter[dob]=&filter[patientId]=SRCH&sort=',
    );
    expect(ids(page)).toEqual(['SRCH-001', 'SRCH-002', 'SRCH-003']);
  });

  it('sorts by last then first name by default, and by any listed field either way', async () => {
    expect(ids(await search('filter[patientId]=SRCH'))).toEqual(['SRCH-001', 'SRCH-002', 'SRCH-003']);
    expect(ids(await search('filter[patientId]=SRCH&sort=-dob'))).toEqual([
      'SRCH-003',
      'SRCH-001',
      'SRCH-002',
    ]);
    expect(ids(await search('filter[patientId]=SRCH&sort=lastName,-firstName'))).toEqual([
      'SRCH-002',
      'SRCH-001',
      'SRCH-003',
    ]);
  });

  it('pages with offset and limit, counting every match and linking the neighbours', async () => {
    const first = await search('filter[patientId]=SRCH&page[limit]=2');
    expect(ids(first)).toEqual(['SRCH-001', 'SRCH-002']);
    expect(first.metadata).toEqual({ totalCount: 3, limit: 2, offset: 0 });
    expect(first.links.prev).toBeNull();
    expect(first.links.next).toContain('page%5Boffset%5D=2');
    const second = await search('filter[patientId]=SRCH&page[limit]=2&page[offset]=2');
    expect(ids(second)).toEqual(['SRCH-003']);
    expect(second.links.next).toBeNull();
    expect(second.links.prev).toContain('page%5Boffset%5D=0');
  });

  it('uses 25 rows a page by default', async () => {
    expect((await search('')).metadata.limit).toBe(25);
  });

  it('answers each patient with its effective values and where they came from', async () => {
    const [patient] = (await search('filter[patientId]=SRCH-003')).data as [PatientResource];
    expect(patient.attributes.lastName).toBe('Żółkiewski');
    expect(patient.attributes.effective.lastName).toEqual({ value: 'Abbott', source: 'override' });
    expect(patient.attributes.effective.firstName).toEqual({ value: 'Łukasz', source: 'synced' });
  });

  it.each([
    ['filter[unknown]=1', 'filter[unknown]'],
    ['filter[dob]=1941-02-30', 'filter[dob]'],
    ['sort=shoeSize', 'sort'],
    ['page[limit]=1000', 'page[limit]'],
  ])('refuses %s, naming %s', async (query, field) => {
    const response = await portal.as.nurse.get(`${SEARCH}?${query}`);
    expect(response.statusCode).toBe(400);
    const fields: string[] = response.json().details.map((detail: { field: string }) => detail.field);
    expect(fields.some((named) => named === field || named.startsWith(`${field}.`))).toBe(true);
  });

  it('never shows another clinic’s patients: its search is not found', async () => {
    expect((await portal.as.nurse.get(`/api/patients/clinics/${OTHER_CLINIC_NPI}/search`)).statusCode).toBe(
      404,
    );
    const all = await portal.as.sysAdmin.get(`/api/patients/clinics/${OTHER_CLINIC_NPI}/search`);
    expect(ids(all.json())).toEqual(['SRCH-OTHER']);
  });

  it('lets a device technician search, and a finance user not at all', async () => {
    expect((await portal.as.deviceTech.get(`${SEARCH}?filter[search]=abernathy`)).json().data).toHaveLength(
      2,
    );
    expect((await portal.as.irhFinance.get(SEARCH)).statusCode).toBe(403);
  });

  it('finds a patient by FileMaker id, and answers 404 for an id the clinic does not have', async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI, fmId: 'FM-7731' });
    const found = await portal.as.nurse.get(`${SEARCH}/by-fm-id/FM-7731`);
    expect(found.statusCode).toBe(200);
    expect(found.json().id).toBe(patient.id);
    // forceSync is accepted; this route only reads.
    expect((await portal.as.nurse.get(`${SEARCH}/by-fm-id/FM-7731?forceSync=false`)).statusCode).toBe(200);
    expect((await portal.as.nurse.get(`${SEARCH}/by-fm-id/FM-0000`)).statusCode).toBe(404);
    expect(
      (await portal.as.nurse.get(`/api/patients/clinics/${OTHER_CLINIC_NPI}/search/by-fm-id/FM-7731`))
        .statusCode,
    ).toBe(404);
  });

  it('serves the device catalog with the Boston list derived and sorted', async () => {
    const response = await portal.as.deviceTech.get('/api/patients/device-catalog');
    expect(response.statusCode).toBe(200);
    const catalog = response.json();
    expect(catalog.data).toHaveLength(DEVICE_CATALOG.length);
    const boston = DEVICE_CATALOG.filter((entry) => entry.manufacturer === 'BSX').map(
      (entry) => entry.modelNumber,
    );
    expect([...catalog.bostonModels].sort()).toEqual([...new Set(boston)].sort());
    expect(catalog.bostonModels).toEqual(
      [...catalog.bostonModels].sort(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare),
    );
  });
});
