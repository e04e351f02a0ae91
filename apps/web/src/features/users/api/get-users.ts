import { USERS_FETCH_ERROR_MESSAGE, type UserList } from '@portal/domain';
import { type DataTablePage, type DataTableQuery, toListQuery } from '../../../components/data-table';
import { ApiError, apiClient, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { UserResource } from '../../../lib/user-resource';

/** Which users a list shows: one clinic's (roles filtered to it), or every user the actor may see. */
export type UserListScope = { clinicNpi: string } | 'all';

/** Under the users prefix (queryKeys.users.all), which every user write invalidates. */
export function usersListQueryKey(scope: UserListScope) {
  return queryKeys.users.list(scope === 'all' ? '*' : scope.clinicNpi);
}

/**
 * GET /api/users/clinics/:npi or GET /api/users: one page, sorted, searched and filtered on the
 * server (filter[role], filter[isLocked]). A failure says 'Error fetching list of users' (SPEC §8).
 */
export async function getUsers(
  scope: UserListScope,
  query: DataTableQuery,
  options: { signal?: AbortSignal } = {},
): Promise<DataTablePage<UserResource>> {
  const path = scope === 'all' ? '/api/users' : `/api/users/clinics/${encodeURIComponent(scope.clinicNpi)}`;
  try {
    const body = await apiClient.get<UserList>(path, {
      query: toListQuery(query),
      signal: options.signal,
    });
    return { rows: body.data, totalCount: body.metadata.totalCount };
  } catch (error) {
    if (!isApiError(error)) throw error;
    throw new ApiError({
      statusCode: error.statusCode,
      reason: error.reason,
      message: USERS_FETCH_ERROR_MESSAGE,
      details: error.details,
      code: error.code,
      cause: error,
    });
  }
}
