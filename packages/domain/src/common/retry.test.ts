import { describe, expect, it } from 'vitest';
import { isRetryableStatus, retryWithBackoff } from './retry';

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** A fake clock: records each requested sleep and returns at once. */
function buildHarness(failures: number, error: Error = new HttpError(503)) {
  const sleeps: number[] = [];
  const logs: string[] = [];
  let calls = 0;
  const fn = async (attempt: number) => {
    calls++;
    if (attempt <= failures) throw error;
    return `ok on attempt ${attempt}`;
  };
  return {
    fn,
    sleeps,
    logs,
    calls: () => calls,
    options: {
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
      log: (message: string) => logs.push(message),
    },
  };
}

describe('retryWithBackoff', () => {
  it('returns at once when the first attempt succeeds, without sleeping', async () => {
    const h = buildHarness(0);
    await expect(retryWithBackoff(h.fn, h.options)).resolves.toBe('ok on attempt 1');
    expect(h.sleeps).toEqual([]);
    expect(h.logs).toEqual([]);
  });

  it('a flaky catalog succeeds on the third try after waiting 1000 then 2000 ms', async () => {
    const h = buildHarness(2);
    await expect(retryWithBackoff(h.fn, h.options)).resolves.toBe('ok on attempt 3');
    expect(h.sleeps).toEqual([1000, 2000]);
    expect(h.logs).toEqual([
      'Retry attempt #1 failed.  Sleeping 1000ms...',
      'Retry attempt #2 failed.  Sleeping 2000ms...',
    ]);
  });

  it('gives up after 10 attempts by default with the SPEC message and the last error as cause', async () => {
    const h = buildHarness(Number.POSITIVE_INFINITY);
    const failure = retryWithBackoff(h.fn, h.options);
    await expect(failure).rejects.toThrow(new Error('Max 10 retries exceeded.'));
    await expect(failure).rejects.toMatchObject({ cause: { status: 503 } });
    expect(h.calls()).toBe(10);
    expect(h.sleeps).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000]);
  });

  it.each([
    [1, 100, [], 'Max 1 retries exceeded.'],
    [3, 100, [100, 200], 'Max 3 retries exceeded.'],
  ])(
    'with retries=%i and initialDelayMs=%i it sleeps %j then fails',
    async (retries, initialDelayMs, sleeps, message) => {
      const h = buildHarness(Number.POSITIVE_INFINITY);
      await expect(retryWithBackoff(h.fn, { ...h.options, retries, initialDelayMs })).rejects.toThrow(
        message,
      );
      expect(h.sleeps).toEqual(sleeps);
    },
  );

  it('rethrows an error shouldRetry rejects, without retrying', async () => {
    const notFound = new HttpError(404);
    const h = buildHarness(Number.POSITIVE_INFINITY, notFound);
    const shouldRetry = (e: unknown) => e instanceof HttpError && isRetryableStatus(e.status);
    await expect(retryWithBackoff(h.fn, { ...h.options, shouldRetry })).rejects.toBe(notFound);
    expect(h.calls()).toBe(1);
  });
});

describe('isRetryableStatus', () => {
  it.each([
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [501, false],
    [404, false],
    [429, false],
    [200, false],
    [undefined, false],
  ])('status %s → %s', (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});
