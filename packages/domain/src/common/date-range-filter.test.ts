import { describe, expect, it } from 'vitest';
import { buildDateRangeFilter } from './date-range-filter';

const day = (d: number) => new Date(2024, 2, d);

describe('buildDateRangeFilter', () => {
  it.each([
    [
      'after and a later before: before becomes exclusive the next day',
      { after: day(1), before: day(5) },
      { start: day(1), endExclusive: day(6) },
    ],
    ['only before: an open start', { before: day(5) }, { endExclusive: day(6) }],
    ['only after: an open end', { after: day(1) }, { start: day(1) }],
    ['before earlier than after is ignored', { after: day(5), before: day(1) }, { start: day(5) }],
    [
      'before equal to after is not later, so it is ignored',
      { after: day(5), before: day(5) },
      { start: day(5) },
    ],
    [
      'date strings are read as local days',
      { after: '2024-03-01', before: '2024-03-05' },
      { start: day(1), endExclusive: day(6) },
    ],
    [
      'times of day are dropped',
      { after: new Date(2024, 2, 1, 18), before: new Date(2024, 2, 5, 7) },
      { start: day(1), endExclusive: day(6) },
    ],
    ['empty and unparseable inputs give no bounds', { after: '', before: 'soon' }, {}],
  ])('%s', (_story, input, expected) => {
    expect(buildDateRangeFilter(input)).toEqual(expected);
  });
});
