import type { MetricsInterval } from './metrics.contract';
import { BACKLOG_BUCKETS, type BacklogBucket, backlogBucketOf } from './missed-transmissions';

// How clinic activity is summed and summarised (issue 17 §3). Pure: the server sums rolled-up rows and asks
// these for the periods and the percentiles; the web draws what they give.

/**
 * The review-time histogram's bucket edges in minutes (the metrics migration's copy must match): bucket 0
 * holds reviews under 15 minutes, bucket i those from edge i-1 to edge i, the last those of 30 days or more.
 */
export const REVIEW_TIME_EDGES_MINUTES = [
  15, 30, 60, 120, 240, 360, 480, 720, 1080, 1440, 2160, 2880, 4320, 5760, 7200, 10080, 14400, 20160, 30240,
  43200,
] as const;

/**
 * The p-th percentile (0–100) in hours of reviews counted per bucket (index = bucket), interpolated
 * linearly within its bucket; the open-ended last bucket answers its lower edge. Null for no reviews.
 */
export function percentileFromHistogram(bucketCounts: readonly number[], p: number): number | null {
  const total = bucketCounts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = (p / 100) * total;
  let below = 0;
  for (let bucket = 0; bucket < bucketCounts.length; bucket++) {
    const count = bucketCounts[bucket] ?? 0;
    if (count > 0 && below + count >= rank) {
      const lower = bucket === 0 ? 0 : (REVIEW_TIME_EDGES_MINUTES[bucket - 1] ?? 0);
      const upper = REVIEW_TIME_EDGES_MINUTES[bucket];
      if (upper === undefined) return lower / 60;
      const minutes = lower + ((rank - below) / count) * (upper - lower);
      return Math.round((minutes / 60) * 100) / 100;
    }
    below += count;
  }
  return null;
}

const DAY_MS = 86_400_000;

/** The first day (YYYY-MM-DD, UTC) of the interval holding `day`: itself, its week's Monday, its month's 1st. */
export function periodStartOf(day: string, interval: MetricsInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  const time = Date.parse(`${day}T00:00:00Z`);
  const daysSinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return new Date(time - daysSinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** Every interval's first day from the one holding `from` to the one holding `to`, oldest first. */
export function periodStartsBetween(from: string, to: string, interval: MetricsInterval): string[] {
  const starts: string[] = [];
  let start = periodStartOf(from, interval);
  while (start <= to) {
    starts.push(start);
    const time = Date.parse(`${start}T00:00:00Z`);
    if (interval === 'day') start = new Date(time + DAY_MS).toISOString().slice(0, 10);
    else if (interval === 'week') start = new Date(time + 7 * DAY_MS).toISOString().slice(0, 10);
    else {
      const next = new Date(time);
      next.setUTCMonth(next.getUTCMonth() + 1);
      start = next.toISOString().slice(0, 10);
    }
  }
  return starts;
}

/** The UTC day (YYYY-MM-DD) of a moment, and the day `days` before or after a day. */
export function utcDayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Deadlines met as a percentage with one decimal, or null when nothing was reviewed. */
export function metPercentOf(met: number, missed: number): number | null {
  return met + missed === 0 ? null : Math.round((met / (met + missed)) * 1000) / 10;
}

/** Unsigned documents counted per day of arrival, as the backlog by age at `now` (days since arrival). */
export function backlogByAge(
  rows: readonly { receivedDay: string; open: number }[],
  now: Date,
): { bucket: BacklogBucket; count: number }[] {
  const today = Date.parse(`${utcDayOf(now)}T00:00:00Z`);
  const backlog = BACKLOG_BUCKETS.map((bucket) => ({ bucket, count: 0 }));
  for (const row of rows) {
    const ageDays = Math.round((today - Date.parse(`${row.receivedDay}T00:00:00Z`)) / DAY_MS);
    const entry = backlog.find((candidate) => candidate.bucket === backlogBucketOf(ageDays));
    if (entry) entry.count += row.open;
  }
  return backlog;
}
