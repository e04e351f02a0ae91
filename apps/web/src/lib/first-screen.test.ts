// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

// A fresh module per test: whether the first screen has shown is module state.
const load = () => import('./first-screen');

describe('afterFirstScreen', () => {
  it('waits for the first screen, then runs each waiting callback once', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, markFirstScreenShown } = await load();
    const callback = vi.fn();
    afterFirstScreen(callback);
    await vi.advanceTimersByTimeAsync(1000);
    expect(callback).not.toHaveBeenCalled();
    markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(10);
    expect(callback).toHaveBeenCalledTimes(1);
    markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs at once once the first screen has shown', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, markFirstScreenShown } = await load();
    markFirstScreenShown();
    const callback = vi.fn();
    afterFirstScreen(callback);
    await vi.advanceTimersByTimeAsync(10);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs after FIRST_SCREEN_FALLBACK_MS on a page that never says', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, FIRST_SCREEN_FALLBACK_MS } = await load();
    const callback = vi.fn();
    afterFirstScreen(callback);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS - 10);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
