import { describe, expect, it } from 'vitest';
import { nextPointIndex } from './chart-keys';

describe('nextPointIndex', () => {
  it.each([
    ['ArrowLeft', 3, 2],
    ['ArrowLeft', 0, 0],
    ['ArrowRight', 3, 4],
    ['ArrowRight', 9, 9],
    ['Home', 5, 0],
    ['End', 5, 9],
    ['Enter', 5, undefined],
  ] as const)('%s from %i goes to %s', (key, current, next) => {
    expect(nextPointIndex(key, current, 9)).toBe(next);
  });
});
