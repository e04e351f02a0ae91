import type { TransmissionStatus } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { queryKeys } from '../../../lib/query-keys';

/** GET clinics/{npi}/patients/{id}/transmission-status: the last transmission and whether one is overdue. */
export function useTransmissionStatus(clinicNpi: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.patients.detail(clinicNpi, id), 'transmission-status'],
    queryFn: ({ signal }) =>
      apiClient
        .get<{ data: TransmissionStatus | null }>(`${patientApiPath(clinicNpi, id)}/transmission-status`, {
          signal,
        })
        .then((answer) => answer.data),
    enabled,
    meta: { silent: true },
  });
}
