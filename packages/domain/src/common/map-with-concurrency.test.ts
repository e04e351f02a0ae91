import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from './map-with-concurrency';
import { MultiError } from './multi-error';

/** A task runner that records how many calls are in flight at once. */
function buildTracker() {
  let inFlight = 0;
  let maxInFlight = 0;
  const started: number[] = [];
  const run = async (item: number) => {
    started.push(item);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Uneven durations so workers overtake each other.
    await new Promise((resolve) => setTimeout(resolve, (Math.abs(item) % 3) + 1));
    inFlight--;
    if (item < 0) throw new Error(`item ${item} failed`);
    return item * 10;
  };
  return { run, started, maxInFlight: () => maxInFlight };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('mapWithConcurrency', () => {
  it.each([
    ['the default limit of 5 over 20 items', 20, undefined, 5],
    ['a limit of 2', 10, 2, 2],
    ['a limit of 1 runs one at a time', 6, 1, 1],
    ['a limit larger than the list', 3, 5, 3],
  ])('%s never has more in flight than allowed', async (_story, count, limit, expectedMax) => {
    const tracker = buildTracker();
    const results = await mapWithConcurrency(range(count), tracker.run, limit);
    expect(tracker.maxInFlight()).toBe(expectedMax);
    expect(results).toEqual(range(count).map((i) => i * 10));
  });

  it('returns [] for no items without calling fn', async () => {
    const tracker = buildTracker();
    await expect(mapWithConcurrency([], tracker.run)).resolves.toEqual([]);
    expect(tracker.started).toEqual([]);
  });

  it('lets every task settle, then throws one MultiError listing the failures', async () => {
    const tracker = buildTracker();
    const items = [1, -1, 2, -2, 3];
    const failure = mapWithConcurrency(items, tracker.run, 2);
    await expect(failure).rejects.toBeInstanceOf(MultiError);
    await expect(failure).rejects.toMatchObject({
      message: '2 errors occurred.',
      messages: ['item -1 failed', 'item -2 failed'],
    });
    expect([...tracker.started].sort()).toEqual([...items].sort());
  });

  it.each([0, -1, 1.5])('rejects a limit of %s', async (limit) => {
    await expect(mapWithConcurrency([1], async (x) => x, limit)).rejects.toThrow(RangeError);
  });
});

describe('MultiError', () => {
  it.each([
    ['Errors keep their message', [new Error('a'), new Error('b')], '2 errors occurred.', ['a', 'b']],
    ['non-Error values are turned into text', ['plain', 42], '2 errors occurred.', ['plain', '42']],
    ['a single failure keeps the SPEC wording', [new Error('only')], '1 errors occurred.', ['only']],
  ])('%s', (_story, errors, message, messages) => {
    const error = new MultiError(errors);
    expect(error.message).toBe(message);
    expect(error.messages).toEqual(messages);
    expect(error.errors).toBe(errors);
    expect(error.name).toBe('MultiError');
  });
});
