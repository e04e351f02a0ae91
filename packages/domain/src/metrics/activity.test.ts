import { describe, expect, it } from 'vitest';
import {
  backlogByAge,
  metPercentOf,
  percentileFromHistogram,
  periodStartOf,
  periodStartsBetween,
  REVIEW_TIME_EDGES_MINUTES,
} from './activity';

function histogram(entries: Record<number, number>): number[] {
  const counts = new Array(REVIEW_TIME_EDGES_MINUTES.length + 1).fill(0);
  for (const [bucket, count] of Object.entries(entries)) counts[Number(bucket)] = count;
  return counts;
}

describe('percentileFromHistogram', () => {
  it('is null without reviews', () => {
    expect(percentileFromHistogram(histogram({}), 50)).toBeNull();
  });
  it('interpolates within the bucket holding the rank', () => {
    // Four reviews between 60 and 120 minutes: the median is half-way, 90 minutes = 1.5 h.
    expect(percentileFromHistogram(histogram({ 3: 4 }), 50)).toBe(1.5);
    // One fast review (under 15 min) and nine between 24 h and 36 h: rank 9 is the 8th of those nine,
    // 8/9 of the way from 24 h to 36 h.
    expect(percentileFromHistogram(histogram({ 0: 1, 10: 9 }), 90)).toBe(34.67);
    expect(percentileFromHistogram(histogram({ 0: 1, 10: 9 }), 10)).toBe(0.25);
  });
  it('answers the lower edge of the open-ended last bucket', () => {
    expect(percentileFromHistogram(histogram({ 20: 2 }), 50)).toBe(720);
  });
});

describe('periods', () => {
  it.each([
    ['2026-11-25', 'day', '2026-11-25'],
    ['2026-11-25', 'week', '2026-11-23'],
    ['2026-11-23', 'week', '2026-11-23'],
    ['2026-11-29', 'week', '2026-11-23'],
    ['2026-11-25', 'month', '2026-11-01'],
  ] as const)('%s by %s starts %s', (day, interval, start) => {
    expect(periodStartOf(day, interval)).toBe(start);
  });
  it('lists every interval, the first one holding from', () => {
    expect(periodStartsBetween('2026-11-25', '2026-12-08', 'week')).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ]);
    expect(periodStartsBetween('2026-01-31', '2026-03-01', 'month')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(periodStartsBetween('2026-02-27', '2026-03-01', 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});

describe('metPercentOf', () => {
  it('is null for nothing reviewed, else one decimal', () => {
    expect(metPercentOf(0, 0)).toBeNull();
    expect(metPercentOf(2, 1)).toBe(66.7);
  });
});

describe('backlogByAge', () => {
  it('puts each day of arrival in its age bucket at now', () => {
    const now = new Date('2026-11-25T15:00:00Z');
    expect(
      backlogByAge(
        [
          { receivedDay: '2026-11-25', open: 2 },
          { receivedDay: '2026-11-24', open: 1 },
          { receivedDay: '2026-11-23', open: 4 },
          { receivedDay: '2026-11-18', open: 1 },
          { receivedDay: '2026-11-17', open: 3 },
          { receivedDay: '2026-10-26', open: 5 },
          { receivedDay: '2026-10-25', open: 6 },
        ],
        now,
      ),
    ).toEqual([
      { bucket: '0-1', count: 3 },
      { bucket: '2-7', count: 5 },
      { bucket: '8-30', count: 8 },
      { bucket: '31+', count: 6 },
    ]);
  });
});
