import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, nestsDeeperThan } from './input-depth';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { next: value };
  return value;
}

describe('the input depth limit (issue 31 §3)', () => {
  it('allows a body exactly as deep as the limit and refuses one level more', () => {
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH + 1))).toBe(true);
  });

  it('walks a 100,000-level body without overflowing the stack', () => {
    expect(nestsDeeperThan(nested(100_000))).toBe(true);
  });

  it('counts only arrays and objects: scalars and wide bodies are not deep', () => {
    expect(nestsDeeperThan('text')).toBe(false);
    expect(nestsDeeperThan(null)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: [1, 2, { c: null }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: [1, 2, { c: [] }] }, 3)).toBe(true);
    expect(
      nestsDeeperThan(
        Array.from({ length: 10_000 }, () => ({ x: 1 })),
        2,
      ),
    ).toBe(false);
  });
});
