import { describe, expect, it } from 'vitest';
import { createKeyboardWedgeDetector, type KeyboardWedgeOptions } from './keyboard-wedge';

type Key = readonly [key: string, gapMs: number];

/** Keys typed one after another: each with its gap after the previous key, from t = 1000 ms. */
function typed(text: string, gapMs: number): Key[] {
  return [...text].map((key) => [key, gapMs] as const);
}

/** Feeds keys to a fresh detector; every scan it answers, and the time of the last key. */
function feed(keys: readonly Key[], options?: KeyboardWedgeOptions) {
  const detector = createKeyboardWedgeDetector(options);
  const scans: string[] = [];
  let time = 1000;
  for (const [key, gap] of keys) {
    time += gap;
    const scan = detector.push(key, time);
    if (scan) scans.push(scan.text);
  }
  return { detector, scans, time };
}

const GTIN_SCAN = '0109527700000013';
/** A scanner: 5–15 ms between keys (varied, as USB polling makes it), its first key `pauseMs` after the last. */
const scanner = (text: string, pauseMs = 5): Key[] =>
  [...text].map((key, index) => [key, index === 0 ? pauseMs : 5 + ((index * 7) % 11)] as const);

describe('createKeyboardWedgeDetector', () => {
  it('answers a scanner burst ended by Enter as a scan', () => {
    const { scans } = feed([...scanner(GTIN_SCAN), ['Enter', 8]]);
    expect(scans).toEqual([GTIN_SCAN]);
  });

  it('answers a burst ended by Tab (the other default end key)', () => {
    expect(feed([...scanner('+A123BJC5D6E71G'), ['Tab', 6]]).scans).toEqual(['+A123BJC5D6E71G']);
  });

  it('turns the group separator keys into ASCII 29 and ignores the Shift a scanner presses for capitals', () => {
    const keys: Key[] = [
      ...scanner(GTIN_SCAN),
      ['Shift', 3],
      ...scanner('10LOT'),
      ['GroupSeparator', 7],
      ...scanner('21S'),
      ['\u001d', 6],
      ['Shift', 2],
      ...scanner('X'),
      ['Enter', 9],
    ];
    expect(feed(keys).scans).toEqual([`${GTIN_SCAN}10LOT\u001d21S\u001dX`]);
  });

  it.each([
    ['80 ms, a fast typist', 80],
    ['150 ms', 150],
    ['250 ms, a slow typist', 250],
    ['51 ms, just over the limit', 51],
  ])('never takes typing for a scan: every key %s apart', (_story, gap) => {
    expect(feed([...typed(GTIN_SCAN, gap), ['Enter', gap]]).scans).toEqual([]);
  });

  it('does not take a short burst for a scan (fewer than 8 characters)', () => {
    expect(feed([...scanner('1234567'), ['Enter', 8]]).scans).toEqual([]);
  });

  it('takes a burst of exactly minLength', () => {
    expect(feed([...scanner('12345678'), ['Enter', 8]]).scans).toEqual(['12345678']);
  });

  it('keeps only the scan when a person typed before it', () => {
    const keys: Key[] = [...typed('note: x', 180), ...scanner(GTIN_SCAN, 400), ['Enter', 10]];
    expect(feed(keys).scans).toEqual([GTIN_SCAN]);
  });

  it('does not end a scan with an Enter pressed after a pause', () => {
    expect(feed([...scanner(GTIN_SCAN), ['Enter', 300]]).scans).toEqual([]);
  });

  it('drops a burst broken by a non-printable key (Backspace)', () => {
    const keys: Key[] = [...scanner('01095277'), ['Backspace', 8], ...scanner('000'), ['Enter', 8]];
    expect(feed(keys).scans).toEqual([]);
  });

  it('drops a burst a pause splits, keeping the part after it when that is long enough', () => {
    const keys: Key[] = [...scanner('0109'), ...typed('5', 120), ...scanner('27700000013'), ['Enter', 8]];
    expect(feed(keys).scans).toEqual(['527700000013']);
  });

  it('answers two scans one after the other', () => {
    const keys: Key[] = [
      ...scanner(GTIN_SCAN),
      ['Enter', 8],
      ...scanner('17261231\u001d10L', 600),
      ['Enter', 8],
    ];
    expect(feed(keys).scans).toEqual([GTIN_SCAN, '17261231\u001d10L']);
  });

  it('ends a scan without an end key at a pause, through flush', () => {
    const { detector, time } = feed(scanner(GTIN_SCAN));
    expect(detector.flush(time + 20)).toBeNull();
    expect(detector.flush(time + 60)).toEqual({ kind: 'scan', text: GTIN_SCAN });
    expect(detector.flush(time + 120)).toBeNull();
  });

  it('flushes nothing after typing', () => {
    const { detector, time } = feed(typed('abc', 150));
    expect(detector.flush(time + 500)).toBeNull();
  });

  it('forgets the keys so far on reset', () => {
    const { detector, time } = feed(scanner('01095277000'));
    detector.reset();
    expect(detector.push('Enter', time + 5)).toBeNull();
  });

  it('takes its options: a longer gap, a shorter scan, its own end key', () => {
    const options = { maxInterKeyMs: 100, minLength: 4, endKeys: ['F12'] };
    expect(feed([...typed('ABCD', 90), ['F12', 90]], options).scans).toEqual(['ABCD']);
    expect(feed([...typed('ABCD', 90), ['Enter', 90]], options).scans).toEqual([]);
    expect(feed([...typed('ABC', 90), ['F12', 90]], options).scans).toEqual([]);
  });
});
