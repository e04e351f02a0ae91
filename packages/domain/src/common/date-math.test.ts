import { describe, expect, it } from 'vitest';
import { calculateHoursBetween, getStartOfWeek, START_DATE_NOT_DATE_MESSAGE } from './date-math';

const start = new Date(2024, 0, 1, 8, 0, 0);
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('calculateHoursBetween', () => {
  it.each([
    ['no time at all', 0, 0],
    ['exactly 30 minutes does not round up', 30, 0],
    ['31 minutes rounds up to one hour', 31, 1],
    ['2 h 30 min stays at 2', 150, 2],
    ['2 h 31 min becomes 3', 151, 3],
    ['one day and 5 hours', (24 + 5) * 60, 29],
    ['three days, 1 h 45 min', (3 * 24 + 1) * 60 + 45, 74],
  ])('%s', (_story, minutes, hours) => {
    expect(calculateHoursBetween(start, later(minutes))).toBe(hours);
  });

  it('gives the same answer whichever date comes first', () => {
    expect(calculateHoursBetween(later(151), start)).toBe(3);
  });

  it.each([
    ['a string', '2024-01-01'],
    ['a number', 0],
    ['null', null],
  ])('throws the SPEC message when startDate is %s', (_story, value) => {
    expect(() => calculateHoursBetween(value as unknown as Date, start)).toThrow(
      new Error('startDate is not an instance of Date'),
    );
  });
});

describe('getStartOfWeek', () => {
  it.each([
    ['a Wednesday', new Date(2024, 2, 6, 15, 30), new Date(2024, 2, 4)],
    ['a Monday itself', new Date(2024, 2, 4, 9), new Date(2024, 2, 4)],
    ['a Sunday, which ends the week', new Date(2024, 2, 10, 23), new Date(2024, 2, 4)],
  ])('takes %s back to Monday midnight', (_story, date, monday) => {
    expect(getStartOfWeek(date)).toEqual(monday);
  });

  it('rejects a non-Date with the SPEC message', () => {
    expect(() => getStartOfWeek('2024-03-06' as unknown as Date)).toThrow(START_DATE_NOT_DATE_MESSAGE);
  });
});
