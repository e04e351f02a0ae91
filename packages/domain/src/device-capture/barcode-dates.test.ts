import { describe, expect, it } from 'vitest';
import { calendarDate, dateOfDayOfYear, fullYearOfTwoDigitYear } from './barcode-dates';

describe('fullYearOfTwoDigitYear (GS1: within -49..+50 years of today)', () => {
  it.each([
    ['2026-06-15', 26, 2026],
    ['2026-06-15', 76, 2076],
    ['2026-06-15', 77, 1977],
    ['2026-06-15', 99, 1999],
    ['2026-06-15', 0, 2000],
    ['2098-01-01', 47, 2147],
    ['2098-01-01', 49, 2049],
    ['2098-01-01', 48, 2148],
    ['2098-01-01', 50, 2050],
    ['1999-12-31', 0, 2000],
    ['1999-12-31', 49, 2049],
    ['1999-12-31', 50, 1950],
  ])('in %s, %i is %i', (today, twoDigits, year) => {
    expect(fullYearOfTwoDigitYear(twoDigits, new Date(`${today}T12:00:00Z`))).toBe(year);
  });
});

describe('calendarDate', () => {
  it.each([
    [2026, 1, 31, false, '2026-01-31'],
    [2028, 2, 29, false, '2028-02-29'],
    [2026, 2, 29, false, null],
    [2026, 13, 1, false, null],
    [2026, 0, 1, false, null],
    [2026, 4, 31, false, null],
    [2026, 4, 0, false, null],
    [2026, 4, 0, true, '2026-04-30'],
    [2028, 2, 0, true, '2028-02-29'],
    [2026, 12, 0, true, '2026-12-31'],
  ])('%i-%i-%i (day 0 ends the month: %s) is %j', (year, month, day, dayZero, date) => {
    expect(calendarDate(year, month, day, { dayZeroIsEndOfMonth: dayZero })).toBe(date);
  });
});

describe('dateOfDayOfYear', () => {
  it.each([
    [2020, 15, '2020-01-15'],
    [2020, 60, '2020-02-29'],
    [2021, 60, '2021-03-01'],
    [2020, 366, '2020-12-31'],
    [2021, 366, null],
    [2021, 0, null],
  ])('%i day %i is %j', (year, day, date) => {
    expect(dateOfDayOfYear(year, day)).toBe(date);
  });
});
