import type { PatientEventsPage } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { queryKeys } from '../../../lib/query-keys';
import { PATIENT_EVENTS_ERROR_MESSAGE } from '../patient-messages';
import { withMessage } from './rename-api-error';

/** GET clinics/{npi}/patients/{id}/events: the timeline, newest first, one page. */
export async function getPatientEvents(
  clinicNpi: string,
  id: string,
  page: { offset: number; limit: number },
  options: { signal?: AbortSignal } = {},
): Promise<PatientEventsPage> {
  try {
    return await apiClient.get<PatientEventsPage>(`${patientApiPath(clinicNpi, id)}/events`, {
      query: { 'page[offset]': page.offset, 'page[limit]': page.limit },
      signal: options.signal,
    });
  } catch (error) {
    throw withMessage(error, PATIENT_EVENTS_ERROR_MESSAGE);
  }
}

export function usePatientEvents(clinicNpi: string, id: string, page: { offset: number; limit: number }) {
  return useQuery({
    queryKey: [...queryKeys.patients.events(clinicNpi, id), page],
    queryFn: ({ signal }) => getPatientEvents(clinicNpi, id, page, { signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
