import { type DeviceCatalogResponse, ensureDeviceCatalogHasData } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';
import { retryOnServerErrors } from './retry';

/**
 * GET /api/patients/device-catalog, retried on 500, 502, 503 and 504 up to 10 times from 1000 ms doubling
 * (SPEC §8, §9). An answer without models is the error 'Request succeeded but returned no data.'.
 */
export async function getDeviceCatalog(
  options: { signal?: AbortSignal; sleep?: (ms: number) => Promise<void> } = {},
): Promise<DeviceCatalogResponse> {
  const catalog = await retryOnServerErrors(
    () => apiClient.get<DeviceCatalogResponse>('/api/patients/device-catalog', { signal: options.signal }),
    { signal: options.signal, sleep: options.sleep },
  );
  return { ...catalog, data: ensureDeviceCatalogHasData(catalog.data) };
}

/** The catalog changes with a release, not during a session: fetched once, kept while the app is open. */
export function useDeviceCatalog(enabled = true) {
  return useQuery({
    queryKey: queryKeys.patients.deviceCatalog,
    queryFn: ({ signal }) => getDeviceCatalog({ signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    // getDeviceCatalog retries as SPEC §9 says; the query must not multiply that.
    retry: false,
    // The device form says the catalog failed and still takes a typed model.
    meta: { silent: true },
  });
}
