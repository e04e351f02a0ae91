import type { ClinicActivity } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { MetricsParams } from '../metrics-format';

/** GET /api/reports/metrics/clinic-activity/{npi}?from&to&interval. */
export function getClinicActivity(
  clinicNpi: string,
  params: Pick<MetricsParams, 'from' | 'to' | 'interval'>,
  options: { signal?: AbortSignal } = {},
): Promise<ClinicActivity> {
  return apiClient.get<ClinicActivity>(
    `/api/reports/metrics/clinic-activity/${encodeURIComponent(clinicNpi)}`,
    { query: { from: params.from, to: params.to, interval: params.interval }, signal: options.signal },
  );
}

export function clinicActivityQueryOptions(
  clinicNpi: string,
  params: Pick<MetricsParams, 'from' | 'to' | 'interval'>,
) {
  const key = { from: params.from, to: params.to, interval: params.interval };
  return queryOptions({
    queryKey: queryKeys.metrics.clinicActivity(clinicNpi, key),
    queryFn: ({ signal }) => getClinicActivity(clinicNpi, key, { signal }),
    // The screen says why it failed itself.
    meta: { silent: true },
  });
}

/** The charts keep showing the last range while the next one loads. */
export function useClinicActivity(
  clinicNpi: string,
  params: Pick<MetricsParams, 'from' | 'to' | 'interval'>,
) {
  return useQuery({
    ...clinicActivityQueryOptions(clinicNpi, params),
    placeholderData: keepPreviousData,
    enabled: clinicNpi !== '',
  });
}
