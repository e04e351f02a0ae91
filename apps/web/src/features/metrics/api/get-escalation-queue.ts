import type { EscalationQueue } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type EscalationParams, toEscalationQuery } from '../escalation-params';

/** GET /api/reports/metrics/alert-escalation: a page of documents overdue or soon due, with counts by level. */
export function getEscalationQueue(
  params: EscalationParams,
  options: { signal?: AbortSignal } = {},
): Promise<EscalationQueue> {
  return apiClient.get<EscalationQueue>('/api/reports/metrics/alert-escalation', {
    query: toEscalationQuery(params),
    signal: options.signal,
  });
}

export function useEscalationQueue(params: EscalationParams) {
  return useQuery({
    queryKey: queryKeys.metrics.escalations({ ...params }),
    queryFn: ({ signal }) => getEscalationQueue(params, { signal }),
    placeholderData: keepPreviousData,
    // Due and overdue follow the clock.
    refetchInterval: 60_000,
    meta: { silent: true },
  });
}
