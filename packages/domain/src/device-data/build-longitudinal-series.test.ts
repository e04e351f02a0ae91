import { describe, expect, it } from 'vitest';
import { buildLongitudinalSeries, type StoredMeasurement } from './build-longitudinal-series';
import { DEFAULT_FLAG_THRESHOLDS } from './longitudinal-settings';

const THRESHOLD = 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE';
const point = (
  sessionId: string,
  day: string,
  value: number | string,
  key = THRESHOLD,
): StoredMeasurement => ({
  sessionId,
  key,
  measuredAt: new Date(`${day}T12:00:00Z`),
  value,
  source: 'device-import',
  confirmedBy: null,
});
const options = { comparisonMode: 'difference' as const, thresholds: DEFAULT_FLAG_THRESHOLDS };

describe('buildLongitudinalSeries', () => {
  it('sorts by time and compares each value with the one before and with the first', () => {
    const [series] = buildLongitudinalSeries(
      [THRESHOLD],
      [point('c', '2025-07-01', 1.75), point('a', '2025-01-01', 0.5), point('b', '2025-04-01', 0.75)],
      options,
    );
    expect(series?.label).toBe('RV pacing threshold');
    expect(series?.unit).toBe('V');
    expect(series?.values.map((value) => [value.sessionId, value.vsPrevious, value.vsBaseline])).toEqual([
      ['a', null, null],
      ['b', 0.25, 0.25],
      ['c', 1, 1.25],
    ]);
    // 1.75 V is above 1.5 V, and 1.25 V above the baseline.
    expect(series?.values[2]?.flags.map((flag) => flag.rule)).toEqual([
      'pacing-threshold-high',
      'pacing-threshold-rise',
    ]);
  });

  it('compares with a chosen baseline session instead of the first', () => {
    const [series] = buildLongitudinalSeries(
      [THRESHOLD],
      [point('a', '2025-01-01', 0.5), point('b', '2025-04-01', 1), point('c', '2025-07-01', 1.25)],
      { ...options, comparisonMode: 'percentage', baselineSessionId: 'b' },
    );
    expect(series?.values.map((value) => value.vsBaseline)).toEqual([-50, null, 25]);
  });

  it('keeps the order of the keys asked for, with an empty series for a key without values', () => {
    const series = buildLongitudinalSeries(
      ['MDC_IDC_MSMT_BATTERY_STATUS', THRESHOLD],
      [point('a', '2025-01-01', 'ERI', 'MDC_IDC_MSMT_BATTERY_STATUS')],
      options,
    );
    expect(series.map((entry) => [entry.key, entry.values.length])).toEqual([
      ['MDC_IDC_MSMT_BATTERY_STATUS', 1],
      [THRESHOLD, 0],
    ]);
    expect(series[0]?.unit).toBeNull();
    expect(series[0]?.values[0]?.flags.map((flag) => flag.level)).toEqual(['critical']);
  });
});

describe('buildLongitudinalSeries with daily values', () => {
  const AF = 'MDC_IDC_STAT_AT_BURDEN_PERCENT';
  const sessionDates = new Map([
    ['q1', new Date('2025-04-01T12:00:00Z')],
    ['q2', new Date('2025-07-01T12:00:00Z')],
  ]);

  it('keeps daily values apart, compact, with their flag levels, and sums up a session that has only those', () => {
    const [series] = buildLongitudinalSeries(
      [AF],
      [
        point('q1', '2025-04-01', 0.5, AF),
        point('q2', '2025-06-29', 1, AF),
        point('q2', '2025-06-30', 2, AF),
        point('q2', '2025-06-28', 6, AF),
      ].map((value) =>
        // The daily ones are measured at midnight, the session's own at its time.
        value.sessionId === 'q2'
          ? { ...value, measuredAt: new Date(value.measuredAt.getTime() - 12 * 3600_000) }
          : value,
      ),
      { ...options, sessionDates },
    );
    expect(
      series?.values.map((value) => [value.sessionId, value.measuredAt, value.value, value.vsPrevious]),
    ).toEqual([
      ['q1', '2025-04-01T12:00:00.000Z', 0.5, null],
      ['q2', '2025-07-01T12:00:00.000Z', 3, 2.5],
    ]);
    expect(series?.daily).toEqual({
      measuredAt: [
        Date.parse('2025-06-28T00:00:00Z'),
        Date.parse('2025-06-29T00:00:00Z'),
        Date.parse('2025-06-30T00:00:00Z'),
      ],
      value: [6, 1, 2],
      flagLevel: ['critical', null, 'warning'],
    });
  });

  it('has no daily arrays when every value is its session’s own', () => {
    const [series] = buildLongitudinalSeries([AF], [point('q1', '2025-04-01', 0.5, AF)], {
      ...options,
      sessionDates,
    });
    expect(series?.daily).toBeNull();
  });
});
