import type { StudyList, StudyResource } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { queryKeys } from '../../../lib/query-keys';

/** Newest first: the order the Studies tab lists them in, by when each was ordered. */
export function sortNewestFirst(studies: readonly StudyResource[]): StudyResource[] {
  return [...studies].sort((a, b) => b.attributes.createdAt.localeCompare(a.attributes.createdAt));
}

/** GET clinics/{npi}/patients/{id}/studies: every study of the patient, of every suite. */
export function getPatientStudies(
  clinicNpi: string,
  patientRef: string,
  options: { signal?: AbortSignal } = {},
): Promise<StudyList> {
  return apiClient.get<StudyList>(`${patientApiPath(clinicNpi, patientRef)}/studies`, {
    signal: options.signal,
  });
}

export function patientStudiesQueryOptions(clinicNpi: string, patientRef: string) {
  return queryOptions({
    queryKey: queryKeys.studies.ofPatient(clinicNpi, patientRef),
    queryFn: ({ signal }) => getPatientStudies(clinicNpi, patientRef, { signal }),
    select: (list) => sortNewestFirst(list.data),
  });
}
