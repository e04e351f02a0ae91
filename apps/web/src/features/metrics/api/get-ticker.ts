import type { Ticker } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The overdue count follows the clock, not only document changes: the ticker asks again this often. */
export const TICKER_REFRESH_MS = 60_000;

/** GET /api/reports/metrics/ticker?clinicNpi=: one clinic's unsigned documents, alerts and overdue now. */
export function getTicker(clinicNpi: string, options: { signal?: AbortSignal } = {}): Promise<Ticker> {
  return apiClient.get<Ticker>('/api/reports/metrics/ticker', {
    query: { clinicNpi },
    signal: options.signal,
  });
}

export function tickerQueryOptions(clinicNpi: string) {
  return queryOptions({
    queryKey: queryKeys.metrics.ticker(clinicNpi),
    queryFn: ({ signal }) => getTicker(clinicNpi, { signal }),
    refetchInterval: TICKER_REFRESH_MS,
    // The header is on every screen: a failure leaves the ticker out rather than raise a snackbar.
    meta: { silent: true },
  });
}
