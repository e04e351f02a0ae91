import { ApiError, isApiError } from '../../../lib/api-client';

/** The failure with the SPEC §8 message the user sees, keeping the status and cause. */
export function withMessage(error: unknown, message: string): unknown {
  if (!isApiError(error)) return error;
  return new ApiError({
    statusCode: error.statusCode,
    reason: error.reason,
    message,
    code: error.code,
    cause: error,
  });
}
