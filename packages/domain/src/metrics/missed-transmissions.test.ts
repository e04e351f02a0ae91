import { describe, expect, it } from 'vitest';
import { backlogBucketOf, daysOverdue, percentile, transmissionScheduleOf } from './missed-transmissions';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

describe('missed transmissions', () => {
  it.each([
    ['PM', 'CIED'],
    ['ICD', 'CIED'],
    ['ILR', 'ILR'],
    ['RPM', 'RPM'],
    ['Sleep', null],
  ])('a %s follows the %s schedule', (deviceType, schedule) => {
    expect(transmissionScheduleOf(deviceType)).toBe(schedule);
  });

  it.each([
    // 91 + 7 days allowed: day 98 is on time, day 99 one day late.
    [0, 98, 0],
    [0, 99, 1],
    [0, 120, 22],
  ])('a CIED that last sent on day %i is overdue on day %i by %i days', (last, today, overdue) => {
    expect(
      daysOverdue({ lastTransmissionAt: day(last), since: day(-500), scheduleDays: 91 }, day(today)),
    ).toBe(overdue);
  });

  it('counts a patient who never sent from when monitoring began, with the clinic’s grace', () => {
    expect(
      daysOverdue({ lastTransmissionAt: null, since: day(0), scheduleDays: 31, graceDays: 3 }, day(40)),
    ).toBe(6);
  });

  it.each([
    [0, '0-1'],
    [1, '0-1'],
    [2, '2-7'],
    [7, '2-7'],
    [8, '8-30'],
    [30, '8-30'],
    [31, '31+'],
  ])('a document %i days old is in the %s bucket', (age, bucket) => {
    expect(backlogBucketOf(age)).toBe(bucket);
  });

  it('takes nearest-rank percentiles', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 90)).toBe(9);
    expect(percentile([], 50)).toBeNull();
  });
});
