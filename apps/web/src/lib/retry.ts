import {
  isRetryableStatus,
  RETRY_INITIAL_DELAY_MS,
  RETRY_MAX_RETRIES,
  retryWithBackoff,
} from '@portal/domain';
import { isApiError } from './api-client';
import { createLogger } from './logger';

const log = createLogger('app');

export type ServerErrorRetryOptions = {
  signal?: AbortSignal | undefined;
  /** Injectable so tests need not wait for real time. */
  sleep?: (ms: number) => Promise<void>;
  retries?: number;
  initialDelayMs?: number;
};

/** Waits, or stops waiting with the abort's reason when the caller gives up (a query cancelled). */
function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * SPEC §8 and §9: the calls that retry (the clinic users and the device catalog) try again on 500, 502,
 * 503 and 504, up to 10 times, waiting 1000 ms and doubling. Any other failure, an abort included, ends
 * at once; when every try failed the error says 'Max 10 retries exceeded.' with the last failure as its
 * cause. Queries that use it turn TanStack's own retry off, so the two do not multiply.
 */
export function retryOnServerErrors<T>(
  call: () => Promise<T>,
  {
    signal,
    sleep,
    retries = RETRY_MAX_RETRIES,
    initialDelayMs = RETRY_INITIAL_DELAY_MS,
  }: ServerErrorRetryOptions = {},
): Promise<T> {
  return retryWithBackoff(() => call(), {
    retries,
    initialDelayMs,
    shouldRetry: (error) => isApiError(error) && isRetryableStatus(error.statusCode),
    sleep: sleep ?? ((ms) => sleepUnlessAborted(ms, signal)),
    log: (message) => log.warn(message),
  });
}
