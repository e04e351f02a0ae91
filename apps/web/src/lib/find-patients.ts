import type { PatientSearchPage } from '@portal/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { clinicPatientsApiPath } from './patients';
import { queryKeys } from './query-keys';

/** The clinic's patients matching a name, patient ID or device serial: the first ten, by last name. */
export function findPatientsQueryOptions(clinicNpi: string, search: string) {
  return queryOptions({
    queryKey: [...queryKeys.patients.search(clinicNpi), 'picker', search] as const,
    queryFn: ({ signal }) =>
      apiClient.get<PatientSearchPage>(`${clinicPatientsApiPath(clinicNpi)}/search`, {
        query: { 'filter[search]': search, 'page[limit]': 10, sort: 'lastName,firstName' },
        signal,
      }),
    select: (page) => page.data,
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
