import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPollingWorker } from './polling-worker';

/** A drain that records each run and ends only when the test finishes it. */
function controlledDrain() {
  const runs: { stopping: AbortSignal; finish: () => void }[] = [];
  const drain = vi.fn(
    (stopping: AbortSignal) =>
      new Promise<void>((resolve) => {
        runs.push({ stopping, finish: resolve });
      }),
  );
  return { drain, runs };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a polling worker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs one drain at a time, and once more when woken during a drain (run-again)', async () => {
    const { drain, runs } = controlledDrain();
    const worker = startPollingWorker({ drain, pollMs: 60_000, wakeDuringDrain: 'run-again' });
    worker.wake();
    worker.wake();
    worker.wake();
    expect(drain).toHaveBeenCalledTimes(1);

    runs[0]?.finish();
    await settle();
    expect(drain).toHaveBeenCalledTimes(2);

    runs[1]?.finish();
    await settle();
    expect(drain).toHaveBeenCalledTimes(2);
    await worker.stop();
  });

  it('drops a wake that arrives during a drain (ignore)', async () => {
    const { drain, runs } = controlledDrain();
    const worker = startPollingWorker({ drain, pollMs: 60_000, wakeDuringDrain: 'ignore' });
    worker.wake();
    worker.wake();
    runs[0]?.finish();
    await settle();
    expect(drain).toHaveBeenCalledTimes(1);

    worker.wake();
    expect(drain).toHaveBeenCalledTimes(2);
    runs[1]?.finish();
    await worker.stop();
  });

  it('stops by aborting the running drain, waiting for it, then running onStop', async () => {
    const { drain, runs } = controlledDrain();
    const order: string[] = [];
    const worker = startPollingWorker({
      drain,
      pollMs: 60_000,
      wakeDuringDrain: 'run-again',
      onStop: () => {
        order.push('onStop');
      },
    });
    worker.wake();
    const stopped = worker.stop().then(() => order.push('stopped'));
    await settle();
    expect(runs[0]?.stopping.aborted).toBe(true);
    expect(order).toEqual([]);

    order.push('drain ended');
    runs[0]?.finish();
    await stopped;
    expect(order).toEqual(['drain ended', 'onStop', 'stopped']);
  });

  it('starts no drain after stop: not woken during the last drain, by a wake, or by the timer', async () => {
    vi.useFakeTimers();
    const { drain, runs } = controlledDrain();
    const worker = startPollingWorker({ drain, pollMs: 1000, wakeDuringDrain: 'run-again' });
    worker.wake();
    worker.wake(); // during the drain: would run it again
    const stopped = worker.stop();
    worker.wake();
    runs[0]?.finish();
    await stopped;

    worker.wake();
    await vi.advanceTimersByTimeAsync(5000);
    expect(drain).toHaveBeenCalledTimes(1);
  });

  it('drains on the timer until stopped', async () => {
    vi.useFakeTimers();
    const drain = vi.fn(async () => {});
    const worker = startPollingWorker({ drain, pollMs: 1000, wakeDuringDrain: 'ignore' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(drain).toHaveBeenCalledTimes(3);
    await worker.stop();
    await vi.advanceTimersByTimeAsync(3000);
    expect(drain).toHaveBeenCalledTimes(3);
  });
});
