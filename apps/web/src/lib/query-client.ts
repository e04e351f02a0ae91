import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { CACHE_TTL_MS, HTTP_ERROR_MESSAGE } from './constants';
import { createLogger } from './logger';
import { enqueueSnackbar } from './snackbar/snackbar';

const log = createLogger('app');

declare module '@tanstack/react-query' {
  interface Register {
    // `silent: true` lets a caller report its own error instead of the global snackbar.
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Shows an API failure to the user through notistack (SPEC §9 snackbar) and logs it without PHI. */
export function reportApiError(error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : HTTP_ERROR_MESSAGE;
  if (isApiError(error)) {
    log.error('API call failed', {
      statusCode: error.statusCode,
      reason: error.reason,
      ...(error.code && { code: error.code }),
    });
  } else {
    log.error('Request failed', error);
  }
  // A 401 means the session is gone: the api client is already taking the user to sign in again.
  if (isApiError(error) && error.statusCode === 401) return;
  enqueueSnackbar(message, { variant: 'error', preventDuplicate: true });
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors will not fix themselves; network blips and 5xx get one more try.
  if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) reportApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) reportApiError(error);
      },
    }),
    defaultOptions: {
      queries: { gcTime: CACHE_TTL_MS, staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
