import type { ProviderList, UserResource } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/users/clinics/:npi/providers: the clinic's providers (with an NPI, not locked), by name. */
export function getClinicProviders(
  npi: string,
  options: { signal?: AbortSignal } = {},
): Promise<UserResource[]> {
  return apiClient
    .get<ProviderList>(`/api/users/clinics/${encodeURIComponent(npi)}/providers`, {
      signal: options.signal,
    })
    .then((body) => body.data);
}

/** One cache entry per clinic, shared by every screen that lists its providers. */
export function clinicProvidersQueryOptions(npi: string) {
  return queryOptions({
    queryKey: queryKeys.users.providersOf(npi),
    queryFn: ({ signal }) => getClinicProviders(npi, { signal }),
  });
}
