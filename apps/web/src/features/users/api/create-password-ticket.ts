import { PASSWORD_RESET_ERROR_MESSAGE, type PasswordTicket } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { createLogger } from '../../../lib/logger';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { userPath } from './user-path';

const log = createLogger('app');

export type { PasswordTicket };

/**
 * POST /api/users/:id/tickets/password-change → 201: a one-time link, valid a day, where the user sets a
 * new password. Afterwards they are sent to returnUrl, which must be on the portal's origin.
 */
export function createPasswordTicket({
  id,
  returnUrl,
}: {
  id: string;
  returnUrl: string;
}): Promise<PasswordTicket> {
  return apiClient.post<PasswordTicket>(userPath(id, '/tickets/password-change'), { returnUrl });
}

/** A failure says 'Unexpected error in postGetPasswordResetRedirectUrl' (SPEC §8). */
export function useCreatePasswordTicket() {
  return useMutation({
    mutationFn: createPasswordTicket,
    meta: { silent: true },
    onError: (error) => {
      log.error(
        'postGetPasswordResetRedirectUrl failed',
        isApiError(error) ? { statusCode: error.statusCode } : error,
      );
      if (isApiError(error) && error.statusCode === 401) return;
      enqueueSnackbar(PASSWORD_RESET_ERROR_MESSAGE, { variant: 'error' });
    },
  });
}
