import { ApiError, isApiError } from '../../../lib/api-client';

/**
 * The same failure under the screen's own words (SPEC §8: 'Error fetching …'), keeping its status, code
 * and field details; the server's own message stays on as the cause.
 */
export function withMessage(error: unknown, message: string): unknown {
  if (!isApiError(error)) return error;
  return new ApiError({
    statusCode: error.statusCode,
    reason: error.reason,
    message,
    details: error.details,
    code: error.code,
    body: error.body,
    cause: error,
  });
}
