// A patient as more than one screen needs it: the Patients screens and the inbox's document panel (which
// shows the patient's OAC status, flag and advisories beside their document) share these calls and keys.
import type {
  DocumentAttributes,
  ManufacturerAdvisoryList,
  PatientResource,
  PatientSearchPage,
} from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/** The Patients screen; one patient's page is under it (patientPagePath). */
export const PATIENTS_PATH = '/patients';

export const PATIENT_PAGE_TABS = ['overview', 'documents', 'timeline', 'trends', 'studies'] as const;
export type PatientPageTab = (typeof PATIENT_PAGE_TABS)[number];

/** The patient page: /patients/{clinic NPI}/{patient record id}, with the tab when it is not the first. */
export function patientPagePath(clinicNpi: string, id: string, tab: PatientPageTab = 'overview'): string {
  const path = `${PATIENTS_PATH}/${encodeURIComponent(clinicNpi)}/${encodeURIComponent(id)}`;
  return tab === 'overview' ? path : `${path}?tab=${tab}`;
}

/** /api/patients/clinics/{npi}: where every call about one clinic's patients starts. */
export function clinicPatientsApiPath(clinicNpi: string): string {
  return `/api/patients/clinics/${encodeURIComponent(clinicNpi)}`;
}

/** /api/patients/clinics/{npi}/patients/{id}: one patient, and the calls under it. */
export function patientApiPath(clinicNpi: string, id: string): string {
  return `${clinicPatientsApiPath(clinicNpi)}/patients/${encodeURIComponent(id)}`;
}

/** GET /api/patients/clinics/:npi/patients/:id. */
export function getPatient(
  clinicNpi: string,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<PatientResource> {
  return apiClient.get<PatientResource>(patientApiPath(clinicNpi, id), { signal: options.signal });
}

export function patientQueryOptions(clinicNpi: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.patients.detail(clinicNpi, id),
    queryFn: ({ signal }) => getPatient(clinicNpi, id, { signal }),
  });
}

/** GET /api/patients/clinics/:npi/patients/:id/advisories: the advisories that touch the patient's device. */
export function getPatientAdvisories(
  clinicNpi: string,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ManufacturerAdvisoryList> {
  return apiClient.get<ManufacturerAdvisoryList>(`${patientApiPath(clinicNpi, id)}/advisories`, {
    signal: options.signal,
  });
}

/** Only for users who may read advisories at the patient's clinic (its 'manufacturerAdvisories' flag on). */
export function patientAdvisoriesQueryOptions(clinicNpi: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.patients.advisories(clinicNpi, id),
    queryFn: ({ signal }) => getPatientAdvisories(clinicNpi, id, { signal }),
    select: (list) => list.data,
  });
}

/** The patient record a document belongs to (its `patientRef`), or null while ingest has linked none. */
export function documentPatientRef(attributes: Pick<DocumentAttributes, 'patientRef'>): string | null {
  return attributes.patientRef || null;
}

/**
 * The patient a document belongs to: by its patient record id when the document carries one, else the
 * clinic's patient with the document's patientId (the identifier ingest links them by); null when none.
 */
export async function getDocumentPatient(
  attributes: Pick<DocumentAttributes, 'clinicNpi' | 'patientId'> & { patientRef: string | null },
  options: { signal?: AbortSignal } = {},
): Promise<PatientResource | null> {
  if (attributes.patientRef) return getPatient(attributes.clinicNpi, attributes.patientRef, options);
  const page = await apiClient.get<PatientSearchPage>(
    `${clinicPatientsApiPath(attributes.clinicNpi)}/search`,
    {
      query: { 'filter[patientId]': attributes.patientId, 'page[limit]': 5 },
      signal: options.signal,
    },
  );
  return page.data.find((patient) => patient.attributes.patientId === attributes.patientId) ?? null;
}

export function documentPatientQueryOptions(attributes: DocumentAttributes) {
  const patientRef = documentPatientRef(attributes);
  return queryOptions({
    queryKey: patientRef
      ? queryKeys.patients.detail(attributes.clinicNpi, patientRef)
      : queryKeys.patients.byPatientId(attributes.clinicNpi, attributes.patientId),
    queryFn: async ({ signal }): Promise<PatientResource | null> =>
      getDocumentPatient(
        { clinicNpi: attributes.clinicNpi, patientId: attributes.patientId, patientRef },
        { signal },
      ),
  });
}

/** The in-person device check page (issue 14 §4); `?patient=<id>` (and its clinic) preselects a patient. */
export const DEVICE_CHECK_PATH = '/device-check';

export function deviceCheckPath(patient?: { clinicNpi: string; id: string }): string {
  if (!patient) return DEVICE_CHECK_PATH;
  return `${DEVICE_CHECK_PATH}?${new URLSearchParams({ patient: patient.id, clinic: patient.clinicNpi })}`;
}

/** The barcode scanner page (issue 15 §1): a device label scanned into a patient's device. */
export const BARCODE_SCANNER_PATH = '/barcode-scanner';
/** Its test page, for support staff checking a scanner or a label. */
export const BARCODE_SCANNER_TEST_PATH = '/barcode-scanner/test';
