import type { ClinicActivity, ClinicSummary } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  describeActivity,
  describeBacklog,
  describeTimeToSign,
  formatHours,
  formatPeriod,
  formatPeriodTick,
  nextClinicSort,
  readClinicSort,
  readMetricsParams,
  sortClinicSummaries,
  toActivityData,
  toBacklogData,
  toMetricsSearchParams,
  toTimeToSignData,
  writeClinicSort,
} from './metrics-format';

const TODAY = '2026-06-01';
const read = (query: Record<string, string>) => readMetricsParams(new URLSearchParams(query), TODAY);

describe("the metrics screen's range and interval in the address", () => {
  it('a bare address shows the last 90 days (today included) by week, at the current clinic', () => {
    expect(read({})).toEqual({ from: '2026-03-04', to: TODAY, interval: 'week', clinicNpi: undefined });
  });

  it('reads what the address says, and writes it back the same', () => {
    const params = read({ from: '2026-01-01', to: '2026-01-31', interval: 'day', clinicNpi: '1655154049' });
    expect(params).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      interval: 'day',
      clinicNpi: '1655154049',
    });
    expect(readMetricsParams(toMetricsSearchParams(params), TODAY)).toEqual(params);
    expect(toMetricsSearchParams({ ...params, clinicNpi: undefined }).has('clinicNpi')).toBe(false);
  });

  it('unreadable values take the defaults, and a range the server refuses is brought back within it', () => {
    expect(read({ from: 'last year', interval: 'hour', clinicNpi: 'abc' })).toEqual(read({}));
    // From after to: one day.
    expect(read({ from: '2026-05-10', to: '2026-05-01' })).toMatchObject({
      from: '2026-05-01',
      to: '2026-05-01',
    });
    // Longer than two years: from 730 days before `to` (the route refuses 731; 2024 is a leap year).
    expect(read({ from: '2020-01-01', to: '2026-01-01' })).toMatchObject({
      from: '2024-01-02',
      to: '2026-01-01',
    });
  });
});

const activity: ClinicActivity = {
  clinicNpi: '1209945553',
  clinicName: 'Aspen Hollow Cardiology',
  from: '2026-05-04',
  to: '2026-05-17',
  interval: 'week',
  periods: [
    {
      start: '2026-05-04',
      received: 12,
      signed: 9,
      acknowledged: 2,
      trashed: 1,
      byServiceLine: [],
      byType: [],
    },
    {
      start: '2026-05-11',
      received: 8,
      signed: 10,
      acknowledged: 0,
      trashed: 0,
      byServiceLine: [],
      byType: [],
    },
  ],
  totals: { received: 20, signed: 19, acknowledged: 2, trashed: 1 },
  timeToSign: [
    { level: 'routine', count: 10, medianHours: 30.25, p90Hours: 120 },
    { level: 'high', count: 4, medianHours: 0.5, p90Hours: 3.5 },
  ],
  backlog: [
    { bucket: '31+', count: 2 },
    { bucket: '0-1', count: 5 },
  ],
  deadlines: { met: 9, missed: 1, overdueUnsigned: 0, metPercent: 90 },
  overduePatients: { count: 1, monitoredCount: 40 },
};

describe("the charts' data and what a screen reader hears of them", () => {
  it('activity: the periods at UTC midnight on x, one series per count', () => {
    expect(toActivityData(activity.periods)).toEqual([
      [Date.parse('2026-05-04T00:00:00Z') / 1000, Date.parse('2026-05-11T00:00:00Z') / 1000],
      [12, 8],
      [9, 10],
      [2, 0],
      [1, 0],
    ]);
    expect(describeActivity(activity)).toBe(
      'Week by week from 05/04/2026 to 05/17/2026: 20 received, 19 signed, 2 acknowledged, 1 trashed.',
    );
  });

  it('time to sign: every level in order, high first, a missing level as no bars', () => {
    expect(toTimeToSignData(activity.timeToSign)).toEqual([
      [0, 1, 2, 3],
      [0.5, null, null, 30.25],
      [3.5, null, null, 120],
    ]);
    expect(describeTimeToSign(activity.timeToSign)).toBe(
      'Time from arrival to signature by alert level. High alert: median 30 min, 90th percentile 3.5 h (4 reviewed); Medium alert: none reviewed; Low alert: none reviewed; Routine: median 30.3 h, 90th percentile 5 d (10 reviewed).',
    );
  });

  it('backlog: the four age buckets in order, empty ones as zero', () => {
    expect(toBacklogData(activity.backlog)).toEqual([
      [0, 1, 2, 3],
      [5, 0, 0, 2],
    ]);
    expect(describeBacklog(activity.backlog)).toBe(
      '7 unsigned documents by days waiting: 0–1 days 5, 2–7 days 0, 8–30 days 0, Over 30 days 2.',
    );
    expect(describeBacklog([])).toBe('No unsigned documents waiting.');
  });

  it('hours read as minutes, hours or days; periods by their first day or month', () => {
    expect([
      formatHours(null),
      formatHours(0),
      formatHours(0.01),
      formatHours(0.75),
      formatHours(5.04),
      formatHours(72),
    ]).toEqual(['—', '0', '1 min', '45 min', '5 h', '3 d']);
    expect(formatPeriod('2026-05-04', 'week')).toBe('Week of 05/04/2026');
    expect(formatPeriod('2026-05-04', 'day')).toBe('05/04/2026');
    expect(formatPeriod('2026-05-01', 'month')).toBe('May 2026');
    // The activity chart's x-axis marks, whatever the browser's time zone.
    expect(formatPeriodTick(Date.parse('2026-05-04T00:00:00Z') / 1000, 'week')).toBe('05/04');
    expect(formatPeriodTick(Date.parse('2026-05-01T00:00:00Z') / 1000, 'month')).toBe('May 2026');
  });
});

const summary = (name: string, unsigned: number, overdue: number, high = 0): ClinicSummary => ({
  clinicNpi: String(1_000_000_000 + unsigned * 10 + overdue),
  clinicName: name,
  unsigned,
  alerts: { high, medium: 0, low: 0 },
  overdue,
  dueToday: 0,
  backlog: [],
});

describe("the clinics table's order", () => {
  const rows = [summary('Birch', 5, 9), summary('Aspen', 40, 1, 2), summary('Cedar', 5, 0)];

  it('opens on the largest backlog first; ties by name, so the order never jumps', () => {
    const sort = readClinicSort(null);
    expect(sort).toEqual({ key: 'unsigned', direction: 'desc' });
    expect(sortClinicSummaries(rows, sort).map((row) => row.clinicName)).toEqual(['Aspen', 'Birch', 'Cedar']);
  });

  it('a header sorts its numbers largest first, then the other way; names A to Z first', () => {
    const overdue = nextClinicSort(readClinicSort(null), 'overdue');
    expect(overdue).toEqual({ key: 'overdue', direction: 'desc' });
    expect(sortClinicSummaries(rows, overdue).map((row) => row.clinicName)).toEqual([
      'Birch',
      'Aspen',
      'Cedar',
    ]);
    expect(nextClinicSort(overdue, 'overdue')).toEqual({ key: 'overdue', direction: 'asc' });
    expect(nextClinicSort(overdue, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(sortClinicSummaries(rows, { key: 'high', direction: 'desc' })[0]?.clinicName).toBe('Aspen');
  });

  it('is kept in the address as -column or column; an unknown one is the default', () => {
    expect(writeClinicSort({ key: 'overdue', direction: 'desc' })).toBe('-overdue');
    expect(readClinicSort('-overdue')).toEqual({ key: 'overdue', direction: 'desc' });
    expect(readClinicSort('name')).toEqual({ key: 'name', direction: 'asc' });
    expect(readClinicSort('-colour')).toEqual({ key: 'unsigned', direction: 'desc' });
  });
});
