import { EMPTY_DEVICE_CATALOG_MESSAGE, type PatientResource } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDeviceCatalog } from '../../../lib/device-catalog';
import { getDocumentPatient } from '../../../lib/patients';
import { createPatient } from './create-patient';
import { getPatientDocuments, toPatientDocumentsQuery } from './get-patient-documents';
import { searchPatients, toPatientSearchQuery, toPatientSort } from './search-patients';

const NPI = '1209945553';
const PATIENT_ID = '5b0c3f0e-9d6a-4a44-8d0e-1f2a3b4c5d6e';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(...answers: Response[]) {
  const fetchMock = vi.fn(async () => answers.shift() ?? json({}, 500));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requestedUrl = (fetchMock: ReturnType<typeof stubFetch>, call = 0) =>
  new URL(String((fetchMock.mock.calls[call] as unknown[] | undefined)?.[0]), 'http://portal');

function patient(id = PATIENT_ID, patientId = 'P900101'): PatientResource {
  const synced = <T>(value: T) => ({ value, source: 'synced' as const });
  return {
    id,
    attributes: {
      id,
      clinicNpi: NPI,
      patientId,
      fmId: null,
      firstName: 'Marguerite',
      middleName: null,
      lastName: 'Fennimore',
      dob: '1946-03-14',
      gender: 'female',
      physicianNpi: null,
      oacStatus: 'on-oac',
      oacHistory: [],
      medicalInfo: null,
      deviceInfo: null,
      contactInfo: null,
      override: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
      effective: {
        firstName: synced('Marguerite'),
        middleName: synced(null),
        lastName: synced('Fennimore'),
        gender: synced('female' as const),
        physicianNpi: synced(null),
      },
      isAfWithoutOac: false,
    },
  };
}

const page = (data: PatientResource[]) => ({
  links: { self: '/x', next: null, prev: null },
  data,
  metadata: { totalCount: data.length, limit: 25, offset: 0 },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('patient search', () => {
  it("asks the search route for the table's page, filters and order, without empty values", async () => {
    const query = {
      page: 3,
      rows: 25,
      order: { field: 'dob', direction: 'desc' as const },
      search: ' fenni ',
      filters: { lastName: 'Fen', dob: '1946-03-14', deviceSerial: '', role: 'ignored' },
    };
    expect(toPatientSearchQuery(query)).toEqual({
      'filter[search]': 'fenni',
      'filter[lastName]': 'Fen',
      'filter[dob]': '1946-03-14',
      'page[offset]': '50',
      'page[limit]': '25',
      sort: '-dob,lastName,firstName',
    });
    expect(toPatientSort({ order: { field: 'lastName', direction: 'asc' } })).toBe('lastName,firstName');

    const fetchMock = stubFetch(json(page([patient()])));
    const result = await searchPatients(NPI, { ...query, search: '', filters: {} });
    expect(result).toEqual({ rows: [patient()], totalCount: 1 });
    const url = requestedUrl(fetchMock);
    expect(url.pathname).toBe(`/api/patients/clinics/${NPI}/search`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'page[offset]': '50',
      'page[limit]': '25',
      sort: '-dob,lastName,firstName',
    });
  });

  it("says 'Error fetching patients' when the search fails, keeping the status", async () => {
    stubFetch(
      json({ statusCode: 400, error: 'Bad Request', message: 'filter[x] is not a known filter' }, 400),
    );
    const query = {
      page: 1,
      rows: 25,
      order: { field: 'lastName', direction: 'asc' as const },
      search: '',
      filters: {},
    };
    await expect(searchPatients(NPI, query)).rejects.toMatchObject({
      message: 'Error fetching patients',
      statusCode: 400,
    });
  });
});

describe('creating a patient', () => {
  const body = { patientId: 'P1', firstName: 'Ada', lastName: 'Quill', dob: '1950-02-03' };

  it('answers the created patient', async () => {
    const fetchMock = stubFetch(json(patient(), 201));
    expect(await createPatient(NPI, body)).toEqual({ kind: 'created', patient: patient() });
    expect(requestedUrl(fetchMock).pathname).toBe(`/api/patients/clinics/${NPI}/patients`);
  });

  it('turns a 409 with likely duplicates into the list to show, not a failure', async () => {
    const duplicates = [{ patient: patient(), reasons: ['same-dob-similar-name'] }];
    stubFetch(json({ statusCode: 409, error: 'Conflict', message: 'Likely duplicates', duplicates }, 409));
    expect(await createPatient(NPI, body)).toEqual({ kind: 'duplicates', duplicates });
  });

  it('keeps any other refusal a failure: a 409 without candidates, a 403 with the flag off', async () => {
    stubFetch(json({ statusCode: 409, error: 'Conflict', message: 'Patient ID P1 is taken' }, 409));
    await expect(createPatient(NPI, body)).rejects.toMatchObject({ statusCode: 409 });
    stubFetch(json({ statusCode: 403, error: 'Forbidden', message: 'Cannot execute' }, 403));
    await expect(createPatient(NPI, body)).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('the device catalog (SPEC §8, §9)', () => {
  const catalog = {
    data: [{ manufacturer: 'MDT', modelName: 'Azure XT DR MRI', modelNumber: 'W1DR01', deviceType: 'PM' }],
    bostonModels: [],
  };
  const noWait = async () => undefined;

  it('retries a 503 and a 502, then answers the catalog', async () => {
    const fetchMock = stubFetch(json({}, 503), json({}, 502), json(catalog));
    await expect(getDeviceCatalog({ sleep: noWait })).resolves.toEqual(catalog);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(requestedUrl(fetchMock, 2).pathname).toBe('/api/patients/device-catalog');
  });

  it("treats an answer without models as the error 'Request succeeded but returned no data.'", async () => {
    stubFetch(json({ data: [], bostonModels: [] }));
    await expect(getDeviceCatalog({ sleep: noWait })).rejects.toThrow(EMPTY_DEVICE_CATALOG_MESSAGE);
  });

  it('does not retry a refusal', async () => {
    const fetchMock = stubFetch(json({ statusCode: 401, error: 'Unauthorized', message: 'x' }, 401));
    await expect(getDeviceCatalog({ sleep: noWait })).rejects.toMatchObject({ statusCode: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("a patient's documents", () => {
  it('asks the reports list for every status of this patient record, newest first', async () => {
    const query = {
      page: 2,
      rows: 10,
      order: { field: 'dos', direction: 'desc' as const },
      search: '',
      filters: {},
    };
    expect(toPatientDocumentsQuery(NPI, PATIENT_ID, query)).toEqual({
      'filter[clinicNpi]': NPI,
      'filter[patientRef]': PATIENT_ID,
      'filter[status]': 'any',
      'filter[type]': undefined,
      search: '',
      sort: '-dos',
      'page[offset]': 10,
      'page[limit]': 10,
    });
    const fetchMock = stubFetch(json({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, 500));
    await expect(getPatientDocuments(NPI, PATIENT_ID, query)).rejects.toMatchObject({
      message: 'Network error fetching documents',
    });
    expect(requestedUrl(fetchMock).searchParams.get('filter[patientRef]')).toBe(PATIENT_ID);
  });
});

describe("a document's patient (the inbox panel)", () => {
  it('is fetched by the patient record id when the document carries one', async () => {
    const fetchMock = stubFetch(json(patient()));
    const found = await getDocumentPatient({ clinicNpi: NPI, patientId: 'P900101', patientRef: PATIENT_ID });
    expect(found?.id).toBe(PATIENT_ID);
    expect(requestedUrl(fetchMock).pathname).toBe(`/api/patients/clinics/${NPI}/patients/${PATIENT_ID}`);
  });

  it("is otherwise the clinic's patient with exactly the document's patientId, or none", async () => {
    const other = patient('6c1d4f1f-0e7b-4b55-9e1f-2a3b4c5d6e7f', 'P9001011');
    const fetchMock = stubFetch(json(page([other, patient()])), json(page([other])));
    const found = await getDocumentPatient({ clinicNpi: NPI, patientId: 'P900101', patientRef: null });
    expect(found?.id).toBe(PATIENT_ID);
    expect(requestedUrl(fetchMock).searchParams.get('filter[patientId]')).toBe('P900101');
    expect(await getDocumentPatient({ clinicNpi: NPI, patientId: 'P900101', patientRef: null })).toBeNull();
  });
});
