import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { UserResource } from '../../../lib/user-resource';
import { userPath } from './user-path';

/** GET /api/users/:id: the user with every role the actor may see (not only the listed clinic's). */
export function getUser(id: string, options: { signal?: AbortSignal } = {}): Promise<UserResource> {
  return apiClient.get<UserResource>(userPath(id), { signal: options.signal });
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.users.detail(id),
    queryFn: ({ signal }) => getUser(id, { signal }),
    // Edit what the server has now, not what was cached a while ago.
    staleTime: 0,
  });
}
