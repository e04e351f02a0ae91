// @vitest-environment node
import type { LongitudinalSeries } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { describeChart, nearestSession, toChartData } from './measurement-chart';

const point = (measuredAt: string, value: number) => ({
  sessionId: measuredAt,
  measuredAt,
  value,
  vsPrevious: null,
  vsBaseline: null,
  flags: [],
  source: 'device-import' as const,
  confirmedBy: null,
});
const burden: LongitudinalSeries = {
  key: 'MDC_IDC_STAT_AT_BURDEN_PERCENT',
  label: 'AT/AF burden',
  unit: '%',
  values: [point('2025-04-01T12:00:00.000Z', 0.5), point('2025-07-01T12:00:00.000Z', 3)],
  daily: {
    measuredAt: [Date.parse('2025-06-29T00:00:00Z'), Date.parse('2025-06-30T00:00:00Z')],
    value: [1, 6],
    flagLevel: [null, 'critical'],
  },
};
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('the measurement chart with daily values', () => {
  it('puts the sessions and the days on one time axis, each line with gaps where it has no value', () => {
    expect(toChartData(burden)).toEqual([
      [
        seconds('2025-04-01T12:00:00Z'),
        seconds('2025-06-29T00:00:00Z'),
        seconds('2025-06-30T00:00:00Z'),
        seconds('2025-07-01T12:00:00Z'),
      ],
      [0.5, null, null, 3],
      [null, 1, 6, null],
    ]);
    expect(toChartData({ ...burden, daily: null })).toEqual([
      [seconds('2025-04-01T12:00:00Z'), seconds('2025-07-01T12:00:00Z')],
      [0.5, 3],
    ]);
  });

  it('says how many daily values there are, and reads out the session nearest the cursor', () => {
    expect(describeChart(burden)).toMatch(/^AT\/AF burden over 2 sessions and 2 daily values; latest 3/);
    expect(nearestSession(burden.values, seconds('2025-06-30T00:00:00Z'))).toBe(1);
    expect(nearestSession(burden.values, seconds('2025-04-20T00:00:00Z'))).toBe(0);
    expect(nearestSession([], 0)).toBeNull();
  });
});
