import { describe, expect, it } from 'vitest';
import {
  type AbpmReading,
  classifyDipping,
  isAboveAbpmThreshold,
  summarizeAbpmReadings,
} from './abpm-results';

describe('ABPM results', () => {
  it.each([
    // day mean, night mean → percent, category (the category limits and both sides of each)
    [140, 112, 20, 'dipper'],
    [140, 111.9, 20.1, 'extreme-dipper'],
    [150, 100, 33.3, 'extreme-dipper'],
    [130, 117, 10, 'dipper'],
    [130, 117.1, 9.9, 'non-dipper'],
    [130, 130, 0, 'non-dipper'],
    [130, 130.2, -0.2, 'riser'],
    [120, 135, -12.5, 'riser'],
  ] as const)('day %d, night %d: %d %% %s', (day, night, percent, category) => {
    expect(classifyDipping(day, night)).toEqual({ percent, category });
  });

  it('refuses a day mean that is not a pressure', () => {
    expect(() => classifyDipping(0, 110)).toThrow(RangeError);
    expect(() => classifyDipping(Number.NaN, 110)).toThrow(RangeError);
  });

  it.each([
    ['day', 135, 80, true],
    ['day', 134, 85, true],
    ['day', 134, 84, false],
    ['night', 120, 60, true],
    ['night', 119, 70, true],
    ['night', 119, 69, false],
    ['24h', 130, 70, true],
    ['24h', 129, 80, true],
    ['24h', 129, 79, false],
  ] as const)('%s %d/%d is high: %s', (period, systolic, diastolic, high) => {
    expect(isAboveAbpmThreshold(period, { systolic, diastolic })).toBe(high);
  });

  describe('summarizeAbpmReadings', () => {
    const reading = (period: 'day' | 'night', systolic: number, diastolic: number): AbpmReading => ({
      at: '2026-11-24T10:00:00Z',
      period,
      systolic,
      diastolic,
      heartRate: 70,
    });

    it('averages each period, counts readings over its limit and classifies the dip', () => {
      const summary = summarizeAbpmReadings([
        reading('day', 130, 80),
        reading('day', 140, 90),
        reading('night', 110, 65),
        reading('night', 121, 71),
      ]);
      expect(summary.periods.day).toEqual({
        mean: { systolic: 135, diastolic: 85 },
        readingCount: 2,
        aboveThresholdCount: 1,
      });
      expect(summary.periods.night).toEqual({
        mean: { systolic: 116, diastolic: 68 },
        readingCount: 2,
        aboveThresholdCount: 1,
      });
      expect(summary.periods['24h']).toEqual({
        mean: { systolic: 125, diastolic: 77 },
        readingCount: 4,
        aboveThresholdCount: 2,
      });
      // (135 − 115.5) / 135 = 14.4 %: a dipper.
      expect(summary.dipping).toEqual({ percent: 14.4, category: 'dipper' });
    });

    it('has no dipping without night readings, and no mean for an empty period', () => {
      const summary = summarizeAbpmReadings([reading('day', 120, 70)]);
      expect(summary.dipping).toBeNull();
      expect(summary.periods.night).toEqual({ mean: null, readingCount: 0, aboveThresholdCount: 0 });
    });
  });
});
