// @vitest-environment jsdom
import { SIGN_ALL_PAGE_SIZE, SIGN_ALL_PAUSE_MS } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSignAll, type SignAllProgress } from './sign-all';

/** A fake server: `unsigned` ids newest first; ids in `refuse` never sign. */
function fakeServer(count: number, refuse: ReadonlySet<string> = new Set()) {
  let unsigned = Array.from({ length: count }, (_, index) => `doc-${index}`);
  const fetchUnsigned = vi.fn(async (limit: number) => ({
    ids: unsigned.slice(0, limit),
    totalCount: unsigned.length,
  }));
  const bulkSign = vi.fn(async (ids: string[]) => {
    const results = ids.map((id) => ({ reportId: id, success: !refuse.has(id) }));
    unsigned = unsigned.filter((id) => !ids.includes(id) || refuse.has(id));
    return results;
  });
  return { fetchUnsigned, bulkSign, remaining: () => unsigned.length };
}

describe('the sign-all loop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs 120 documents in batches of 50, pausing 1 s between batches, until none remain', async () => {
    const server = fakeServer(120);
    const progress: SignAllProgress[] = [];
    const run = runSignAll({ ...server, onProgress: (value) => progress.push(value) });

    await vi.advanceTimersByTimeAsync(0);
    expect(server.bulkSign).toHaveBeenCalledTimes(1);
    expect(server.fetchUnsigned).toHaveBeenLastCalledWith(SIGN_ALL_PAGE_SIZE);
    expect(server.bulkSign.mock.calls[0]?.[0]).toHaveLength(50);
    // The next batch waits for the pause.
    await vi.advanceTimersByTimeAsync(SIGN_ALL_PAUSE_MS - 1);
    expect(server.bulkSign).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.bulkSign).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SIGN_ALL_PAUSE_MS * 2);

    const result = await run;
    expect(server.bulkSign.mock.calls.map(([ids]) => ids.length)).toEqual([50, 50, 20]);
    expect(server.remaining()).toBe(0);
    expect(result).toEqual({ success: 120, fail: 0, cancelled: 0, total: 120, processed: 120, done: true });
    expect(progress.at(0)).toMatchObject({ total: 120, processed: 0, done: false });
  });

  it('counts failures, and stops when only documents that failed remain', async () => {
    const server = fakeServer(60, new Set(['doc-3', 'doc-55']));
    const run = runSignAll(server);
    await vi.runAllTimersAsync();
    const result = await run;
    expect(server.bulkSign.mock.calls.map(([ids]) => ids.length)).toEqual([50, 10]);
    expect(result).toMatchObject({ success: 58, fail: 2, cancelled: 0, total: 60, done: true });
  });

  it('counts a refused bulk-sign call as a failed batch', async () => {
    const server = fakeServer(10);
    server.bulkSign.mockRejectedValueOnce(new Error('HTTP error. Unable to fetch'));
    const run = runSignAll(server);
    await vi.runAllTimersAsync();
    expect(await run).toMatchObject({ success: 0, fail: 10, cancelled: 0, total: 10, done: true });
  });

  it('stops when cancelled during the pause: the rest counts as cancelled', async () => {
    const server = fakeServer(130);
    const controller = new AbortController();
    const run = runSignAll({ ...server, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.bulkSign).toHaveBeenCalledTimes(1);
    controller.abort();
    await vi.advanceTimersByTimeAsync(SIGN_ALL_PAUSE_MS * 5);
    const result = await run;
    expect(server.bulkSign).toHaveBeenCalledTimes(1);
    expect(result).toEqual({ success: 50, fail: 0, cancelled: 80, total: 130, processed: 50, done: true });
  });

  it('does nothing when no documents are unsigned', async () => {
    const server = fakeServer(0);
    expect(await runSignAll(server)).toMatchObject({
      success: 0,
      fail: 0,
      cancelled: 0,
      total: 0,
      done: true,
    });
    expect(server.bulkSign).not.toHaveBeenCalled();
  });
});
