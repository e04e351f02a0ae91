import { describe, expect, it } from 'vitest';
import {
  abpmOverLimit,
  formatAbpmLimit,
  formatDecimal,
  formatDipping,
  formatHoursMinutes,
  formatPercent,
  sleepApneaSeverity,
} from './study-results-format';

describe('the sleep apnea severity of an AHI', () => {
  it.each([
    [0, 'normal'],
    [4.9, 'normal'],
    [4.99, 'normal'],
    [5, 'mild'],
    [14.9, 'mild'],
    [14.99, 'mild'],
    [15, 'moderate'],
    [29.9, 'moderate'],
    [30, 'severe'],
    [72.5, 'severe'],
  ] as const)('AHI %s is %s', (ahi, severity) => {
    expect(sleepApneaSeverity(ahi)).toBe(severity);
  });
});

describe('a sleep time as h:mm', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.4, '0:59'],
    [59.6, '1:00'],
    [60, '1:00'],
    [125, '2:05'],
    [412, '6:52'],
    [600, '10:00'],
  ])('%s minutes read %s', (minutes, text) => {
    expect(formatHoursMinutes(minutes)).toBe(text);
  });

  it('reads no time for a value that is none', () => {
    expect(formatHoursMinutes(Number.NaN)).toBe('–');
    expect(formatHoursMinutes(-3)).toBe('–');
  });
});

describe('ABPM means against their limits (day 135/85, night 120/70, 24 h 130/80)', () => {
  it('marks a mean at or over its limit, pressure by pressure', () => {
    expect(abpmOverLimit('day', { systolic: 135, diastolic: 70 })).toEqual({
      systolic: true,
      diastolic: false,
      either: true,
    });
    expect(abpmOverLimit('day', { systolic: 134, diastolic: 85 })).toEqual({
      systolic: false,
      diastolic: true,
      either: true,
    });
    expect(abpmOverLimit('day', { systolic: 134, diastolic: 84 }).either).toBe(false);
  });

  it("judges each period by its own limit: a night's 125/72 is high, a day's is not", () => {
    expect(abpmOverLimit('night', { systolic: 125, diastolic: 72 })).toEqual({
      systolic: true,
      diastolic: true,
      either: true,
    });
    expect(abpmOverLimit('day', { systolic: 125, diastolic: 72 }).either).toBe(false);
    expect(abpmOverLimit('24h', { systolic: 129, diastolic: 80 })).toEqual({
      systolic: false,
      diastolic: true,
      either: true,
    });
  });

  it('marks nothing for a period without readings', () => {
    expect(abpmOverLimit('night', null)).toEqual({ systolic: false, diastolic: false, either: false });
  });

  it('writes the limits as they are read', () => {
    expect([formatAbpmLimit('day'), formatAbpmLimit('night'), formatAbpmLimit('24h')]).toEqual([
      '135/85',
      '120/70',
      '130/80',
    ]);
  });
});

describe('numbers', () => {
  it('keeps one decimal, and none for a whole number', () => {
    expect([formatDecimal(18.24), formatDecimal(18.25), formatDecimal(7), formatDecimal(6.96)]).toEqual([
      '18.2',
      '18.3',
      '7',
      '7',
    ]);
    expect(formatPercent(4.26)).toBe('4.3%');
  });

  it('says the dipping with its category', () => {
    expect(formatDipping({ percent: 8.34, category: 'non-dipper' })).toBe('8.3% · Non-dipper');
    expect(formatDipping({ percent: -2, category: 'riser' })).toBe('-2% · Riser');
  });
});
