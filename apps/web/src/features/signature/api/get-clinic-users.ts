import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { retryOnServerErrors } from '../../../lib/retry';
import type { UserResource } from '../../../lib/user-resource';

/**
 * GET /api/users/clinics/:npi (first 100 by name): to name the authors of comments. Retried on 500, 502,
 * 503 and 504 up to 10 times from 1000 ms doubling (SPEC §9: the clinic-users fetch).
 */
export function getClinicUsers(
  npi: string,
  options: { signal?: AbortSignal; sleep?: (ms: number) => Promise<void> } = {},
): Promise<UserResource[]> {
  return retryOnServerErrors(
    () =>
      apiClient.get<{ data: UserResource[] }>(`/api/users/clinics/${encodeURIComponent(npi)}`, {
        query: { rows: 100 },
        signal: options.signal,
      }),
    { signal: options.signal, sleep: options.sleep },
  ).then((body) => body.data);
}

/** Only for users who may read users (user:read); failures stay quiet (authors are then unnamed). */
export function useClinicUsers(npi: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.users.ofClinic(npi ?? ''),
    queryFn: ({ signal }) => getClinicUsers(npi ?? '', { signal }),
    enabled: enabled && Boolean(npi),
    staleTime: 10 * 60_000,
    // getClinicUsers retries as SPEC §9 says; the query must not multiply that.
    retry: false,
    meta: { silent: true },
  });
}
