import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { UserResource } from '../../../lib/user-resource';

/** GET /api/users/clinics/:npi (first 100 by name): to name the authors of comments. */
export function getClinicUsers(npi: string, options: { signal?: AbortSignal } = {}): Promise<UserResource[]> {
  return apiClient
    .get<{ data: UserResource[] }>(`/api/users/clinics/${encodeURIComponent(npi)}`, {
      query: { rows: 100 },
      signal: options.signal,
    })
    .then((body) => body.data);
}

/** Only for users who may read users (user:read); failures stay quiet (authors are then unnamed). */
export function useClinicUsers(npi: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.users.ofClinic(npi ?? ''),
    queryFn: ({ signal }) => getClinicUsers(npi ?? '', { signal }),
    enabled: enabled && Boolean(npi),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
}
