import type { PatientResource, PatientSearchPage, PatientSearchQueryInput } from '@portal/domain';
import { type DataTablePage, type DataTableQuery, toOrderParam } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';
import { clinicPatientsApiPath } from '../../../lib/patients';
import { queryKeys } from '../../../lib/query-keys';
import { PATIENTS_FETCH_ERROR_MESSAGE } from '../patient-messages';
import { withMessage } from './rename-api-error';

/** The table's filters that the search route knows, by the column filter key. */
export const PATIENT_FILTER_KEYS = ['lastName', 'firstName', 'dob', 'patientId', 'deviceSerial'] as const;
export type PatientFilterKey = (typeof PATIENT_FILTER_KEYS)[number];

export function patientSearchQueryKey(clinicNpi: string) {
  return queryKeys.patients.search(clinicNpi);
}

/**
 * The table's order as the route's `sort`: the column first, then last and first name so that equal
 * values (the same dob, the same day of update) keep a stable order from page to page.
 */
export function toPatientSort(query: Pick<DataTableQuery, 'order'>): string {
  const first = toOrderParam(query.order);
  const tieBreakers = ['lastName', 'firstName'].filter((field) => field !== query.order.field);
  return [first, ...tieBreakers].join(',');
}

/**
 * GET clinics/{npi}/search/ parameters from the table's state: free text, the column filters, the page as
 * offset and limit, and the order. Empty values are left out (SPEC §5), as the api client drops them.
 */
export function toPatientSearchQuery(query: DataTableQuery): PatientSearchQueryInput {
  const params: PatientSearchQueryInput = {
    'filter[search]': query.search.trim(),
    'page[offset]': String((query.page - 1) * query.rows),
    'page[limit]': String(query.rows),
    sort: toPatientSort(query),
  };
  for (const key of PATIENT_FILTER_KEYS) {
    const value = query.filters[key]?.trim();
    if (value) params[`filter[${key}]`] = value;
  }
  return params;
}

/** One page of the clinic's patients; a failure says 'Error fetching patients' (SPEC §8 style). */
export async function searchPatients(
  clinicNpi: string,
  query: DataTableQuery,
  options: { signal?: AbortSignal } = {},
): Promise<DataTablePage<PatientResource>> {
  try {
    const page = await apiClient.get<PatientSearchPage>(`${clinicPatientsApiPath(clinicNpi)}/search`, {
      query: toPatientSearchQuery(query),
      signal: options.signal,
    });
    return { rows: page.data, totalCount: page.metadata.totalCount };
  } catch (error) {
    throw withMessage(error, PATIENTS_FETCH_ERROR_MESSAGE);
  }
}
