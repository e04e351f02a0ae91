import type { ClinicSummaryList } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/reports/metrics/clinics: every clinic the user may read metrics of, with its queue now. */
export function getClinicSummaries(options: { signal?: AbortSignal } = {}): Promise<ClinicSummaryList> {
  return apiClient.get<ClinicSummaryList>('/api/reports/metrics/clinics', { signal: options.signal });
}

export function useClinicSummaries() {
  return useQuery({
    queryKey: queryKeys.metrics.clinics,
    queryFn: ({ signal }) => getClinicSummaries({ signal }),
    // The overdue counts follow the clock.
    refetchInterval: 60_000,
    meta: { silent: true },
  });
}
