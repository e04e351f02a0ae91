import { createHash } from 'node:crypto';

// Plausible results that are the same every time for the same study: a small PRNG (mulberry32) seeded
// from the study's id, so a test, a demo and a support engineer all see the same numbers for ZS-1234.

export function seededRandom(seed: string) {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);

  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  }

  return {
    next,
    /** A number in [min, max], rounded to `decimals` places. */
    between(min: number, max: number, decimals = 1): number {
      const factor = 10 ** decimals;
      return Math.round((min + next() * (max - min)) * factor) / factor;
    },
    /** A whole number in [min, max]. */
    integer(min: number, max: number): number {
      return min + Math.floor(next() * (max - min + 1));
    },
    /** True with probability `p`. */
    chance(p: number): boolean {
      return next() < p;
    },
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
