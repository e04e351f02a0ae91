// A patient's device measurements over time (issue 14 §3), as more than one screen needs them: the patient
// page's Trends tab and the inbox's trend strip beside a document share this call and its cache key.
import {
  type ComparisonMode,
  findMeasurement,
  type LongitudinalResponse,
  type LongitudinalSeries,
  type LongitudinalValue,
  type SessionDeviceType,
} from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

export type Longitudinal = LongitudinalResponse['data'];

/** What the view asks for; each left out is the server's choice (the patient's device, the first session, the settings' mode). */
export type LongitudinalParams = {
  deviceType?: SessionDeviceType | undefined;
  baselineSessionId?: string | undefined;
  comparisonMode?: ComparisonMode | undefined;
};

/** /api/reports/clinics/{npi}: where the longitudinal view and its settings start. */
export function clinicReportsApiPath(clinicNpi: string): string {
  return `/api/reports/clinics/${encodeURIComponent(clinicNpi)}`;
}

/** GET /api/reports/clinics/:npi/patients/:id/longitudinal. */
export function getLongitudinal(
  clinicNpi: string,
  patientRef: string,
  params: LongitudinalParams,
  options: { signal?: AbortSignal } = {},
): Promise<Longitudinal> {
  return apiClient
    .get<LongitudinalResponse>(
      `${clinicReportsApiPath(clinicNpi)}/patients/${encodeURIComponent(patientRef)}/longitudinal`,
      {
        query: {
          deviceType: params.deviceType,
          baselineSessionId: params.baselineSessionId,
          comparisonMode: params.comparisonMode,
        },
        signal: options.signal,
      },
    )
    .then((response) => response.data);
}

export function longitudinalQueryOptions(
  clinicNpi: string,
  patientRef: string,
  params: LongitudinalParams = {},
) {
  return queryOptions({
    queryKey: queryKeys.trends.longitudinal(clinicNpi, patientRef, {
      deviceType: params.deviceType ?? null,
      baselineSessionId: params.baselineSessionId ?? null,
      comparisonMode: params.comparisonMode ?? null,
    }),
    queryFn: ({ signal }) => getLongitudinal(clinicNpi, patientRef, params, { signal }),
  });
}

/** A status (battery status) is read as text; every other measurement is a number drawn as a line. */
export function isStatusSeries(series: Pick<LongitudinalSeries, 'key'>): boolean {
  // A lead's identity (its model, serial…) is text: rows, as a status is.
  const kind = findMeasurement(series.key)?.kind;
  return kind === 'status' || kind === 'text';
}

function decimalsOf(key: string): number {
  const definition = findMeasurement(key);
  return definition?.kind === 'number' ? definition.decimals : 2;
}

/** A value as the measurement shows it: its decimals and unit ('1.75 V'), or a status as it is. */
export function formatMeasurementValue(
  series: Pick<LongitudinalSeries, 'key' | 'unit'>,
  value: number | string,
) {
  if (typeof value === 'string') return value;
  const text = value.toFixed(decimalsOf(series.key));
  return series.unit ? `${text} ${series.unit}` : text;
}

/** A comparison as the mode gives it: '+0.25 V' (difference) or '+16.7%' (percentage); '—' when none. */
export function formatComparison(
  series: Pick<LongitudinalSeries, 'key' | 'unit'>,
  change: number | null,
  mode: ComparisonMode,
): string {
  if (change === null) return '—';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  const magnitude = Math.abs(change);
  if (mode === 'percentage') return `${sign}${magnitude.toFixed(1)}%`;
  const text = magnitude.toFixed(Math.max(decimalsOf(series.key), 1));
  return series.unit ? `${sign}${text} ${series.unit}` : `${sign}${text}`;
}

/** The latest value of a series, or undefined when it has none. */
export function latestValue(series: LongitudinalSeries): LongitudinalValue | undefined {
  return series.values.at(-1);
}

/** The series whose latest value is flagged: what the inbox's strip shows, worst first is the caller's choice. */
export function listFlaggedSeries(longitudinal: Pick<Longitudinal, 'series'>): LongitudinalSeries[] {
  return longitudinal.series.filter((series) => (latestValue(series)?.flags.length ?? 0) > 0);
}
