import type { CurrentUser } from '@portal/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { CACHE_TTL_MS } from '../constants';
import { queryKeys } from '../query-keys';

export type { CurrentUser };

/** GET /api/users/me: the signed-in user with every role, and the active clinics they may open. */
export function getCurrentUser(options: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  return apiClient.get<CurrentUser>('/api/users/me', { signal: options.signal });
}

/**
 * Keyed by the signed-in subject and the ID token's updated_at: a silent renewal reloads the user only
 * when the profile changed (SPEC §4), and a different user never sees the previous one's data.
 */
export function currentUserQueryOptions(subject: string, profileVersion: number | undefined) {
  return queryOptions({
    queryKey: queryKeys.currentUser.of(subject, profileVersion ?? null),
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    staleTime: CACHE_TTL_MS,
    // A reload after a profile change keeps the page on screen instead of the loading screen.
    placeholderData: keepPreviousData,
    // The profile screen shows this failure itself.
    meta: { silent: true },
  });
}
