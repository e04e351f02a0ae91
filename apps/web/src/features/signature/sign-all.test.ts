// @vitest-environment jsdom
import { SIGN_ALL_PAGE_SIZE, SIGN_ALL_PAUSE_MS } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSignAll, type SignAllProgress } from './sign-all';

/** A fake server: ids in `refuse` never sign. */
function fakeServer(count: number, refuse: ReadonlySet<string> = new Set()) {
  const ids = Array.from({ length: count }, (_, index) => `doc-${index}`);
  const signed: string[] = [];
  const bulkSign = vi.fn(async (batch: string[]) => {
    signed.push(...batch.filter((id) => !refuse.has(id)));
    return batch.map((id) => ({ reportId: id, success: !refuse.has(id) }));
  });
  return { ids, bulkSign, signed };
}

describe('the sign-all loop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs 120 confirmed documents in batches of 50, pausing 1 s between batches, in the order given', async () => {
    const server = fakeServer(120);
    const progress: SignAllProgress[] = [];
    const run = runSignAll({ ...server, onProgress: (value) => progress.push(value) });

    await vi.advanceTimersByTimeAsync(0);
    expect(server.bulkSign).toHaveBeenCalledTimes(1);
    expect(server.bulkSign.mock.calls[0]?.[0]).toHaveLength(SIGN_ALL_PAGE_SIZE);
    // The next batch waits for the pause.
    await vi.advanceTimersByTimeAsync(SIGN_ALL_PAUSE_MS - 1);
    expect(server.bulkSign).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.bulkSign).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SIGN_ALL_PAUSE_MS * 2);

    const result = await run;
    expect(server.bulkSign.mock.calls.map(([ids]) => ids.length)).toEqual([50, 50, 20]);
    expect(server.signed).toEqual(server.ids);
    expect(result).toEqual({ success: 120, fail: 0, cancelled: 0, total: 120, processed: 120, done: true });
    expect(progress.at(0)).toMatchObject({ total: 120, processed: 0, done: false });
    expect(progress.map((value) => value.processed)).toEqual([0, 50, 100, 120, 120]);
  });

  it('counts the documents the server refused as failed, and goes on', async () => {
    const server = fakeServer(60, new Set(['doc-3', 'doc-55']));
    const run = runSignAll(server);
    await vi.runAllTimersAsync();
    expect(await run).toMatchObject({ success: 58, fail: 2, cancelled: 0, total: 60, done: true });
  });

  it('counts a refused bulk-sign call as a failed batch', async () => {
    const server = fakeServer(60);
    server.bulkSign.mockRejectedValueOnce(new Error('HTTP error. Unable to fetch'));
    const run = runSignAll(server);
    await vi.runAllTimersAsync();
    expect(await run).toMatchObject({ success: 10, fail: 50, cancelled: 0, total: 60, done: true });
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

  it('bulk sign runs the same way without pauses, in its own batch size', async () => {
    const server = fakeServer(60);
    const run = runSignAll({ ...server, pageSize: 25, pauseMs: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.bulkSign.mock.calls.map(([ids]) => ids.length)).toEqual([25, 25, 10]);
    expect(await run).toMatchObject({ success: 60, total: 60, done: true });
  });

  it('does nothing when no documents are confirmed', async () => {
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
