import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from './date-formats';
import {
  formatDateValue,
  formatFilenameTimestamp,
  formatTimeline,
  formatTimestamp,
  formatUsDate,
  formatUsDateTime,
  formatUsDateTimeToMinute,
  INVALID_DATE_TEXT,
} from './format-date';

// Built in local time so the expectations hold in any time zone.
const afternoon = new Date(2024, 2, 5, 14, 7, 9);

describe('date formats of SPEC §9', () => {
  it.each([
    ['US date and time', formatUsDateTime, '03/05/2024 02:07:09 pm'],
    ['US date and time to the minute', formatUsDateTimeToMinute, '03/05/2024 02:07 pm'],
    ['US date', formatUsDate, '03/05/2024'],
    ['timestamp', formatTimestamp, '2024/03/05 02:07:09 pm'],
    ['timeline', formatTimeline, 'March 5, 2024 at 02:07 PM'],
    ['file name', formatFilenameTimestamp, '2024-03-05_14-07-09'],
  ])('the %s helper renders an afternoon', (_name, helper, expected) => {
    expect(helper(afternoon)).toBe(expected);
  });
});

describe('formatDateValue', () => {
  it.each([
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['an empty string', '', ''],
    ['a blank string', '   ', ''],
    ['garbage text', 'not a date', INVALID_DATE_TEXT],
    ['an invalid Date', new Date(Number.NaN), INVALID_DATE_TEXT],
    ['a date-only ISO string, read as that local day', '2024-03-05', '03/05/2024'],
    ['a local ISO timestamp', '2024-03-05T23:59:00', '03/05/2024'],
    ['epoch milliseconds', afternoon.getTime(), '03/05/2024'],
  ])('given %s it returns the expected text', (_story, input, expected) => {
    expect(formatDateValue(input, 'MM/dd/yyyy')).toBe(expected);
  });

  it('shows (invalid date) exactly as SPEC words it', () => {
    expect(INVALID_DATE_TEXT).toBe('(invalid date)');
  });
});

describe('the formats without date-fns', () => {
  // Midnight, the hour before noon, noon, the evening; single- and double-digit days and months.
  const moments = [
    new Date(2024, 0, 1, 0, 0, 0),
    new Date(2024, 8, 9, 11, 59, 59),
    new Date(2025, 11, 31, 12, 0, 5),
    new Date(1999, 6, 4, 23, 30, 1),
  ];
  it.each(Object.entries(DATE_FORMATS))('%s renders as date-fns format does', (_name, pattern) => {
    for (const moment of moments) expect(formatDateValue(moment, pattern)).toBe(format(moment, pattern));
  });
});
