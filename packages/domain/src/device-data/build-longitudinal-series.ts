// One patient's measurements as series, each value compared with the previous one and the baseline and
// flagged under the thresholds (issue 14 §3). The longitudinal API, the coversheet and the inbox's trend
// strip all build their series here, so they cannot disagree.

import type { ComparisonMode } from '../reports/comparison-modes';
import type { FlagThresholds } from './longitudinal-settings';
import {
  compareMeasurement,
  type FlagLevel,
  flagMeasurement,
  type MeasurementFlag,
  worstFlagLevel,
} from './measurement-flags';
import { findMeasurement, type MeasurementSource } from './measurements';

export type StoredMeasurement = {
  sessionId: string;
  key: string;
  measuredAt: Date;
  value: number | string;
  source: MeasurementSource;
  confirmedBy: string | null;
};

export type SeriesPoint = {
  sessionId: string;
  measuredAt: string;
  value: number | string;
  vsPrevious: number | null;
  vsBaseline: number | null;
  flags: MeasurementFlag[];
  source: MeasurementSource;
  confirmedBy: string | null;
};

export type DailySeries = { measuredAt: number[]; value: number[]; flagLevel: (FlagLevel | null)[] };

export type Series = {
  key: string;
  label: string;
  unit: string | null;
  values: SeriesPoint[];
  daily: DailySeries | null;
};

export type SeriesOptions = {
  comparisonMode: ComparisonMode;
  thresholds: FlagThresholds;
  baselineSessionId?: string | null;
  /**
   * Each session's date. A value measured at another time than its session's is a daily value: it goes to
   * the series' compact `daily` arrays, and a session that reported only daily values of a key is
   * summarised by their mean (an AF burden over the period is the mean of its days). Without the dates,
   * every value is a session value.
   */
  sessionDates?: ReadonlyMap<string, Date>;
};

const byTime = (a: StoredMeasurement, b: StoredMeasurement) =>
  a.measuredAt.getTime() - b.measuredAt.getTime();

/** Splits a key's values into one per session (time order) and the daily ones (time order). */
function splitDaily(
  values: readonly StoredMeasurement[],
  sessionDates: ReadonlyMap<string, Date> | undefined,
) {
  if (!sessionDates) return { perSession: values.toSorted(byTime), daily: [] };
  const own: StoredMeasurement[] = [];
  const daily: StoredMeasurement[] = [];
  for (const value of values) {
    const sessionDate = sessionDates.get(value.sessionId);
    if (sessionDate && sessionDate.getTime() !== value.measuredAt.getTime()) daily.push(value);
    else own.push(value);
  }
  if (daily.length === 0) return { perSession: own.toSorted(byTime), daily };
  const withOwn = new Set(own.map((value) => value.sessionId));
  const dailyBySession = new Map<string, StoredMeasurement[]>();
  for (const value of daily) {
    if (withOwn.has(value.sessionId) || typeof value.value !== 'number') continue;
    const list = dailyBySession.get(value.sessionId);
    if (list) list.push(value);
    else dailyBySession.set(value.sessionId, [value]);
  }
  for (const [sessionId, days] of dailyBySession) {
    const first = days[0] as StoredMeasurement;
    const mean = days.reduce((sum, day) => sum + (day.value as number), 0) / days.length;
    own.push({ ...first, measuredAt: sessionDates.get(sessionId) as Date, value: Number(mean.toFixed(2)) });
  }
  return { perSession: own.toSorted(byTime), daily: daily.toSorted(byTime) };
}

/**
 * The series of each key asked for, in that order (a key with no values still has its series, empty).
 * `measurements` may come in any order; each series is sorted by time. The baseline value of a key is its
 * value in the baseline session when that session has one, otherwise the key's first value.
 */
export function buildLongitudinalSeries(
  keys: readonly string[],
  measurements: readonly StoredMeasurement[],
  options: SeriesOptions,
): Series[] {
  const byKey = new Map<string, StoredMeasurement[]>();
  for (const measurement of measurements) {
    const list = byKey.get(measurement.key);
    if (list) list.push(measurement);
    else byKey.set(measurement.key, [measurement]);
  }
  return keys.map((key) => {
    const definition = findMeasurement(key);
    const { perSession: values, daily } = splitDaily(byKey.get(key) ?? [], options.sessionDates);
    const baseline =
      (options.baselineSessionId && values.find((value) => value.sessionId === options.baselineSessionId)) ||
      values[0];
    const dailyNumbers = daily.filter((point) => typeof point.value === 'number');
    return {
      key,
      label: definition?.label ?? key,
      unit: definition?.kind === 'number' ? definition.unit : null,
      values: values.map((point, index) => {
        const previous = index > 0 ? values[index - 1] : undefined;
        const isBaseline = point === baseline;
        return {
          sessionId: point.sessionId,
          measuredAt: point.measuredAt.toISOString(),
          value: point.value,
          vsPrevious: compareMeasurement(key, point.value, previous?.value, options.comparisonMode),
          vsBaseline: isBaseline
            ? null
            : compareMeasurement(key, point.value, baseline?.value, options.comparisonMode),
          flags: flagMeasurement(
            key,
            point.value,
            isBaseline ? undefined : baseline?.value,
            options.thresholds,
          ),
          source: point.source,
          confirmedBy: point.confirmedBy,
        };
      }),
      daily:
        dailyNumbers.length === 0
          ? null
          : {
              measuredAt: dailyNumbers.map((point) => point.measuredAt.getTime()),
              value: dailyNumbers.map((point) => point.value as number),
              flagLevel: dailyNumbers.map(
                (point) =>
                  worstFlagLevel(flagMeasurement(key, point.value, baseline?.value, options.thresholds)) ??
                  null,
              ),
            },
    };
  });
}
