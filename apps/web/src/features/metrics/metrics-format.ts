import {
  addDays,
  BACKLOG_BUCKETS,
  type BacklogBucket,
  type ClinicActivity,
  type ClinicSummary,
  type EscalationStep,
  formatUsDate,
  type MetricsInterval,
  REVIEW_CLASSES,
  type ReviewClass,
  utcDayOf,
} from '@portal/domain';

// What the metrics screens show, as pure functions: the controls read from the address, the charts' data
// and their sentences for a screen reader, and the words for hours, buckets and escalation steps.

/**
 * The intervals and ranges the clinic-activity route takes (metrics.contract.ts). Written here rather than
 * imported: that contract module's schemas would bring zod into the web bundle.
 */
export const INTERVALS = ['day', 'week', 'month'] as const satisfies readonly MetricsInterval[];
export const INTERVAL_LABELS: Record<MetricsInterval, string> = { day: 'Day', week: 'Week', month: 'Month' };
/** METRICS_DEFAULT_RANGE_DAYS: about a quarter, today included. */
export const DEFAULT_RANGE_DAYS = 90;
/** METRICS_MAX_RANGE_DAYS: the longest range the route answers. */
export const MAX_RANGE_DAYS = 731;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string | null): value is string {
  return value !== null && DATE_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

export type MetricsParams = {
  from: string;
  to: string;
  interval: MetricsInterval;
  /** Another clinic than the current one (the clinics table links here with it), or undefined. */
  clinicNpi: string | undefined;
};

/**
 * The metrics screen's controls from the address: `from` and `to` (YYYY-MM-DD, UTC days), `interval` and
 * `clinicNpi`. Missing or unreadable values take the defaults (the last 90 days by week); a range the
 * route refuses (from after to, longer than two years) is brought back within it from `to`.
 */
export function readMetricsParams(params: URLSearchParams, today: string): MetricsParams {
  const to = isDay(params.get('to')) ? (params.get('to') as string) : today;
  let from = isDay(params.get('from'))
    ? (params.get('from') as string)
    : addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) from = to;
  if (daysBetween(from, to) >= MAX_RANGE_DAYS) from = addDays(to, -(MAX_RANGE_DAYS - 1));
  const interval = params.get('interval');
  const clinicNpi = params.get('clinicNpi');
  return {
    from,
    to,
    interval: (INTERVALS as readonly string[]).includes(interval ?? '')
      ? (interval as MetricsInterval)
      : 'week',
    clinicNpi: clinicNpi && /^\d{10}$/.test(clinicNpi) ? clinicNpi : undefined,
  };
}

/** Writes the controls back: every value but a missing clinic, so the address can be shared as it is. */
export function toMetricsSearchParams(value: MetricsParams): URLSearchParams {
  const params = new URLSearchParams({ from: value.from, to: value.to, interval: value.interval });
  if (value.clinicNpi) params.set('clinicNpi', value.clinicNpi);
  return params;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today as the server counts days (UTC). */
export function todayUtc(now: Date = new Date()): string {
  return utcDayOf(now);
}

/** Seconds since the epoch of a YYYY-MM-DD day at UTC midnight, as uPlot's time axis takes them. */
export function daySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

export const ACTIVITY_SERIES = [
  { key: 'received', label: 'Received', color: '#246da9' },
  { key: 'signed', label: 'Signed', color: '#2e7d32' },
  { key: 'acknowledged', label: 'Acknowledged', color: '#8e24aa' },
  { key: 'trashed', label: 'Trashed', color: '#757575' },
] as const;
export type ActivitySeriesKey = (typeof ACTIVITY_SERIES)[number]['key'];

/** Activity per interval as uPlot takes it: the periods' first days on x, one line per count. */
export function toActivityData(periods: ClinicActivity['periods']): [number[], ...number[][]] {
  return [
    periods.map((period) => daySeconds(period.start)),
    ...ACTIVITY_SERIES.map((series) => periods.map((period) => period[series.key])),
  ];
}

const INTERVAL_WORDS: Record<MetricsInterval, string> = {
  day: 'Day by day',
  week: 'Week by week',
  month: 'Month by month',
};

/** One sentence for a screen reader: the range, the interval and the totals. */
export function describeActivity(
  activity: Pick<ClinicActivity, 'from' | 'to' | 'interval' | 'totals'>,
): string {
  const { totals } = activity;
  return `${INTERVAL_WORDS[activity.interval]} from ${formatUsDate(activity.from)} to ${formatUsDate(activity.to)}: ${totals.received} received, ${totals.signed} signed, ${totals.acknowledged} acknowledged, ${totals.trashed} trashed.`;
}

/** The label of a period in the table: its first day, or its month. */
export function formatPeriod(start: string, interval: MetricsInterval): string {
  if (interval === 'month') {
    const date = new Date(`${start}T00:00:00Z`);
    return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  }
  return interval === 'week' ? `Week of ${formatUsDate(start)}` : formatUsDate(start);
}

/** An x-axis mark of the activity chart (seconds at UTC midnight): 05/04 by day or week, May 2026 by month. */
export function formatPeriodTick(seconds: number, interval: MetricsInterval): string {
  const date = new Date(seconds * 1000);
  if (interval === 'month')
    return date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${date.toISOString().slice(5, 7)}/${date.toISOString().slice(8, 10)}`;
}

export const REVIEW_CLASS_LABELS: Record<ReviewClass, string> = {
  high: 'High alert',
  medium: 'Medium alert',
  low: 'Low alert',
  routine: 'Routine',
};

/** Hours as a person says them: minutes under an hour, hours under two days, then days. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return '—';
  if (hours === 0) return '0';
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} d`;
}

/** Time to sign in the levels' order (high to routine), each level present even when the answer lacks it. */
export function orderTimeToSign(rows: ClinicActivity['timeToSign']): ClinicActivity['timeToSign'] {
  return REVIEW_CLASSES.map(
    (level) =>
      rows.find((row) => row.level === level) ?? { level, count: 0, medianHours: null, p90Hours: null },
  );
}

/** Time to sign as uPlot takes it: the levels at 0…3 on x, the median and the 90th percentile (null: none). */
export function toTimeToSignData(
  rows: ClinicActivity['timeToSign'],
): [number[], (number | null)[], (number | null)[]] {
  const ordered = orderTimeToSign(rows);
  return [
    ordered.map((_row, index) => index),
    ordered.map((row) => row.medianHours),
    ordered.map((row) => row.p90Hours),
  ];
}

export function describeTimeToSign(rows: ClinicActivity['timeToSign']): string {
  const parts = orderTimeToSign(rows).map((row) =>
    row.count === 0
      ? `${REVIEW_CLASS_LABELS[row.level]}: none reviewed`
      : `${REVIEW_CLASS_LABELS[row.level]}: median ${formatHours(row.medianHours)}, 90th percentile ${formatHours(row.p90Hours)} (${row.count} reviewed)`,
  );
  return `Time from arrival to signature by alert level. ${parts.join('; ')}.`;
}

export const BACKLOG_LABELS: Record<BacklogBucket, string> = {
  '0-1': '0–1 days',
  '2-7': '2–7 days',
  '8-30': '8–30 days',
  '31+': 'Over 30 days',
};

/** The backlog in the buckets' order, each bucket present. */
export function orderBacklog(rows: ClinicActivity['backlog']): ClinicActivity['backlog'] {
  return BACKLOG_BUCKETS.map((bucket) => rows.find((row) => row.bucket === bucket) ?? { bucket, count: 0 });
}

export function toBacklogData(rows: ClinicActivity['backlog']): [number[], number[]] {
  const ordered = orderBacklog(rows);
  return [ordered.map((_row, index) => index), ordered.map((row) => row.count)];
}

export function describeBacklog(rows: ClinicActivity['backlog']): string {
  const ordered = orderBacklog(rows);
  const total = ordered.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return 'No unsigned documents waiting.';
  return `${total} unsigned documents by days waiting: ${ordered.map((row) => `${BACKLOG_LABELS[row.bucket]} ${row.count}`).join(', ')}.`;
}

/** The backlog's oldest bucket count, which a reader looks for first in the clinics table. */
export function oldBacklog(summary: Pick<ClinicSummary, 'backlog'>): number {
  return summary.backlog.find((row) => row.bucket === '31+')?.count ?? 0;
}

/** The escalation steps as a reader names them: who has been told. */
export const ESCALATION_STEP_LABELS: Record<EscalationStep, string> = {
  'half-time': 'Assignee reminded',
  due: 'Team told',
  'twice-due': 'Contacts e-mailed',
};
/** What each step did, for its tooltip and a screen reader. */
export const ESCALATION_STEP_DETAILS: Record<EscalationStep, string> = {
  'half-time': 'Half its review time passed: the assignee (or the clinic’s providers) was reminded',
  due: 'Its review time passed: the clinic’s providers and the provider company’s technicians were told',
  'twice-due': 'Twice its review time passed: the clinic’s escalation contacts were e-mailed',
};

export const CLINIC_SORTS = ['unsigned', 'overdue', 'high', 'name'] as const;
export type ClinicSortKey = (typeof CLINIC_SORTS)[number];
export type ClinicSort = { key: ClinicSortKey; direction: 'asc' | 'desc' };

/** `?sort=-unsigned`: a column, '-' first for the largest first. Unknown: the largest backlog first. */
export function readClinicSort(value: string | null): ClinicSort {
  const key = value?.replace(/^-/, '') ?? '';
  if (!(CLINIC_SORTS as readonly string[]).includes(key)) return { key: 'unsigned', direction: 'desc' };
  return { key: key as ClinicSortKey, direction: value?.startsWith('-') ? 'desc' : 'asc' };
}

export function writeClinicSort(sort: ClinicSort): string {
  return `${sort.direction === 'desc' ? '-' : ''}${sort.key}`;
}

/** A header click: numbers largest first, names A to Z; the same header again turns it round. */
export function nextClinicSort(current: ClinicSort, key: ClinicSortKey): ClinicSort {
  if (current.key === key) return { key, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { key, direction: key === 'name' ? 'asc' : 'desc' };
}

const sortValue = (row: ClinicSummary, key: ClinicSortKey): number | string =>
  key === 'name' ? row.clinicName : key === 'high' ? row.alerts.high : row[key];

/** The clinics in the chosen order; ties by name, so the order never jumps between refreshes. */
export function sortClinicSummaries(rows: readonly ClinicSummary[], sort: ClinicSort): ClinicSummary[] {
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const left = sortValue(a, sort.key);
    const right = sortValue(b, sort.key);
    const primary =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : String(left).localeCompare(String(right));
    return sign * primary || a.clinicName.localeCompare(b.clinicName);
  });
}
