import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from './with-timeout';

describe('withTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a call slower than the limit is rejected with the SPEC message', async () => {
    const slow = new Promise((resolve) => setTimeout(() => resolve('late'), 5000));
    const raced = withTimeout(slow, 1000);
    const assertion = expect(raced).rejects.toThrow(new Error('Operation has timed out.'));
    await vi.advanceTimersByTimeAsync(1000);
    await assertion;
  });

  it('a fast call that resolves passes its result through and leaves no timer behind', async () => {
    await expect(withTimeout(Promise.resolve('done'), 1000)).resolves.toBe('done');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a fast call that rejects passes its own error through', async () => {
    const boom = new Error('boom');
    await expect(withTimeout(Promise.reject(boom), 1000)).rejects.toBe(boom);
    expect(vi.getTimerCount()).toBe(0);
  });
});
