import type { OverdueTransmissions } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { clinicPatientsApiPath } from '../../../lib/patients';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/patients/clinics/{npi}/overdue-transmissions: monitored patients overdue, most overdue first. */
export function getOverdueTransmissions(
  clinicNpi: string,
  options: { signal?: AbortSignal } = {},
): Promise<OverdueTransmissions> {
  return apiClient.get<OverdueTransmissions>(`${clinicPatientsApiPath(clinicNpi)}/overdue-transmissions`, {
    signal: options.signal,
  });
}

/** Only for readers of patients (`patient:read`): finance staff see the count, not the names. */
export function useOverdueTransmissions(clinicNpi: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.patients.overdueTransmissions(clinicNpi),
    queryFn: ({ signal }) => getOverdueTransmissions(clinicNpi, { signal }),
    enabled,
    meta: { silent: true },
  });
}
