import { USERS_FETCH_ERROR_MESSAGE } from '@portal/domain';
import { type DataTablePage, type DataTableQuery, toListQuery } from '../../../components/data-table';
import { ApiError, apiClient, isApiError } from '../../../lib/api-client';
import type { PagedResponse } from '../../../lib/paged-response';
import type { UserResource } from '../../../lib/user-resource';

/** Which users a list shows: one clinic's (roles filtered to it), or every user the actor may see. */
export type UserListScope = { clinicNpi: string } | 'all';

/** Prefix of every users query; writes invalidate it. */
export const usersQueryKey = ['users'] as const;

export function usersListQueryKey(scope: UserListScope) {
  return [...usersQueryKey, 'list', scope === 'all' ? '*' : scope.clinicNpi] as const;
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
    const body = await apiClient.get<PagedResponse<UserResource>>(path, {
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
