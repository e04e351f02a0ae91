import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type MetricsParams, readMetricsParams, todayUtc, toMetricsSearchParams } from '../metrics-format';

/** The metrics screen's range, interval and clinic, kept in the address (replaced, not pushed, on change). */
export function useMetricsParams(): [MetricsParams, (change: Partial<MetricsParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readMetricsParams(searchParams, todayUtc()), [searchParams]);
  const change = useCallback(
    (next: Partial<MetricsParams>) =>
      setSearchParams(toMetricsSearchParams({ ...params, ...next }), { replace: true }),
    [params, setSearchParams],
  );
  return [params, change];
}
