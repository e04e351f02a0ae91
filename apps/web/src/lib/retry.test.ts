import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { retryOnServerErrors } from './retry';

const failure = (statusCode: number) =>
  new ApiError({ statusCode, reason: 'Server', message: `HTTP ${statusCode}` });

function recordSleeps() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('retryOnServerErrors (SPEC §8, §9)', () => {
  it('tries again on 500, 502, 503 and 504, waiting 1000 ms and doubling, until an answer comes', async () => {
    const { waits, sleep } = recordSleeps();
    const call = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(failure(500))
      .mockRejectedValueOnce(failure(502))
      .mockRejectedValueOnce(failure(503))
      .mockRejectedValueOnce(failure(504))
      .mockResolvedValue('catalog');
    await expect(retryOnServerErrors(call, { sleep })).resolves.toBe('catalog');
    expect(call).toHaveBeenCalledTimes(5);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it('gives up after 10 tries with the SPEC message, the last failure as its cause', async () => {
    const { waits, sleep } = recordSleeps();
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(failure(503));
    const error = await retryOnServerErrors(call, { sleep }).catch((e: unknown) => e);
    expect(call).toHaveBeenCalledTimes(10);
    expect(waits).toHaveLength(9);
    expect(waits.at(-1)).toBe(256_000);
    expect((error as Error).message).toBe('Max 10 retries exceeded.');
    expect(((error as Error).cause as ApiError).statusCode).toBe(503);
  });

  it('does not retry a refusal or a network failure: they end at once', async () => {
    const { waits, sleep } = recordSleeps();
    const refused = vi.fn<() => Promise<string>>().mockRejectedValue(failure(404));
    await expect(retryOnServerErrors(refused, { sleep })).rejects.toMatchObject({ statusCode: 404 });
    expect(refused).toHaveBeenCalledTimes(1);
    const offline = vi
      .fn<() => Promise<string>>()
      .mockRejectedValue(new ApiError({ statusCode: 0, reason: 'Network Error' }));
    await expect(retryOnServerErrors(offline, { sleep })).rejects.toMatchObject({ statusCode: 0 });
    expect(offline).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('stops waiting when the caller aborts', async () => {
    const controller = new AbortController();
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(failure(500));
    const pending = retryOnServerErrors(call, { signal: controller.signal });
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    controller.abort(new DOMException('cancelled', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(call).toHaveBeenCalledTimes(1);
  });
});
