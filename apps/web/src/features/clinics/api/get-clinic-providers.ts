import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { UserResource } from '../../../lib/user-resource';

/** GET /api/users/clinics/:npi/providers: the clinic's providers (with an NPI, not locked), by name. */
export function getClinicProviders(
  npi: string,
  options: { signal?: AbortSignal } = {},
): Promise<UserResource[]> {
  return apiClient
    .get<{ data: UserResource[] }>(`/api/users/clinics/${encodeURIComponent(npi)}/providers`, {
      signal: options.signal,
    })
    .then((body) => body.data);
}

export function clinicProvidersQueryOptions(npi: string) {
  return queryOptions({
    queryKey: ['clinics', 'providers', npi],
    queryFn: ({ signal }) => getClinicProviders(npi, { signal }),
  });
}
