import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { UserResource } from '../../../lib/user-resource';

/** GET /api/users/clinics/:npi/providers: the clinic's providers, to name who signed a document. */
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

/** Only for users who may read users (user:read); others see the signer's id. Failures stay quiet. */
export function useClinicProviders(npi: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'providers', npi],
    queryFn: ({ signal }) => getClinicProviders(npi ?? '', { signal }),
    enabled: enabled && Boolean(npi),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
}
