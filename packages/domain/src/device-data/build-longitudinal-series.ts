// One patient's measurements as series, each value compared with the previous one and the baseline and
// flagged under the thresholds (issue 14 §3). The longitudinal API, the coversheet and the inbox's trend
// strip all build their series here, so they cannot disagree.

import type { ComparisonMode } from '../reports/comparison-modes';
import type { FlagThresholds } from './longitudinal-settings';
import { compareMeasurement, flagMeasurement, type MeasurementFlag } from './measurement-flags';
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

export type Series = { key: string; label: string; unit: string | null; values: SeriesPoint[] };

/**
 * The series of each key asked for, in that order (a key with no values still has its series, empty).
 * `measurements` may come in any order; each series is sorted by time. The baseline value of a key is its
 * value in the baseline session when that session has one, otherwise the key's first value.
 */
export function buildLongitudinalSeries(
  keys: readonly string[],
  measurements: readonly StoredMeasurement[],
  options: { comparisonMode: ComparisonMode; thresholds: FlagThresholds; baselineSessionId?: string | null },
): Series[] {
  const byKey = new Map<string, StoredMeasurement[]>();
  for (const measurement of measurements) {
    const list = byKey.get(measurement.key);
    if (list) list.push(measurement);
    else byKey.set(measurement.key, [measurement]);
  }
  return keys.map((key) => {
    const definition = findMeasurement(key);
    const values = (byKey.get(key) ?? []).toSorted((a, b) => a.measuredAt.getTime() - b.measuredAt.getTime());
    const baseline =
      (options.baselineSessionId && values.find((value) => value.sessionId === options.baselineSessionId)) ||
      values[0];
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
    };
  });
}
