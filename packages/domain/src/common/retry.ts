import { RETRY_INITIAL_DELAY_MS, RETRY_MAX_RETRIES } from './time-constants';

/** Server statuses worth retrying (SPEC §8: clinic users and device catalog). */
export const RETRYABLE_STATUS_CODES = [500, 502, 503, 504] as const;

export function isRetryableStatus(status: number | null | undefined): boolean {
  return (RETRYABLE_STATUS_CODES as readonly (number | null | undefined)[]).includes(status);
}

export function formatRetryAttemptMessage(attempt: number, delayMs: number): string {
  return `Retry attempt #${attempt} failed.  Sleeping ${delayMs}ms...`;
}

export function formatMaxRetriesMessage(retries: number): string {
  return `Max ${retries} retries exceeded.`;
}

export type RetryOptions = {
  /** Maximum number of attempts. */
  retries?: number;
  initialDelayMs?: number;
  /** An error this rejects is rethrown at once; by default every error is retried. */
  shouldRetry?: (error: unknown) => boolean;
  /** Injectable so tests need not wait for real time. */
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
};

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Calls fn up to `retries` times (the attempt number is passed to it). After each failed attempt but
 * the last it logs 'Retry attempt #N failed.  Sleeping Xms...' and waits, starting at initialDelayMs
 * and doubling. When every attempt failed it throws 'Max N retries exceeded.' with the last error as cause.
 */
export async function retryWithBackoff<T>(
  fn: (attempt: number) => Promise<T>,
  {
    retries = RETRY_MAX_RETRIES,
    initialDelayMs = RETRY_INITIAL_DELAY_MS,
    shouldRetry = () => true,
    sleep: wait = sleep,
    log = () => {},
  }: RetryOptions = {},
): Promise<T> {
  let delayMs = initialDelayMs;
  let lastError: unknown;
  for (let attempt = 1; attempt <= retries; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (!shouldRetry(error)) throw error;
      lastError = error;
      if (attempt === retries) break;
      log(formatRetryAttemptMessage(attempt, delayMs));
      await wait(delayMs);
      delayMs *= 2;
    }
  }
  throw new Error(formatMaxRetriesMessage(retries), { cause: lastError });
}
