import { SET_USER_LOCK_ERROR_MESSAGE } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { createLogger } from '../../../lib/logger';
import { queryKeys } from '../../../lib/query-keys';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import type { UserResource } from '../../../lib/user-resource';
import { userPath } from './user-path';

const log = createLogger('app');

/** POST /api/users/:id/lock-state: a locked user cannot sign in, and their sign-ins are revoked. */
export function setUserLock({ id, isLocked }: { id: string; isLocked: boolean }): Promise<UserResource> {
  return apiClient.post<UserResource>(userPath(id, '/lock-state'), { isLocked });
}

/** A failure says 'Unexpected error in postSetUserLock' (SPEC §8). */
export function useSetUserLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserLock,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
    onError: (error) => {
      log.error('postSetUserLock failed', isApiError(error) ? { statusCode: error.statusCode } : error);
      if (isApiError(error) && error.statusCode === 401) return;
      enqueueSnackbar(SET_USER_LOCK_ERROR_MESSAGE, { variant: 'error' });
    },
  });
}
