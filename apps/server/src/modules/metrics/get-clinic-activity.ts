import {
  type ActivityCounts,
  type ActivityPeriod,
  addDays,
  backlogByAge,
  type ClinicActivity,
  METRICS_DEFAULT_RANGE_DAYS,
  type MetricsInterval,
  metPercentOf,
  percentileFromHistogram,
  periodStartsBetween,
  REVIEW_CLASSES,
  REVIEW_TIME_EDGES_MINUTES,
  utcDayOf,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import {
  type ActivityRow,
  countOverduePatients,
  countOverdueUnsigned,
  groupRows,
  sumActivity,
  sumBacklogByArrival,
  sumReviewTimes,
} from './metrics.repository';
import { getMetricsClinic } from './metrics-scope';
import { loadTransmissionRules } from './transmission-rules';

function emptyCounts(): ActivityCounts {
  return { received: 0, signed: 0, acknowledged: 0, trashed: 0 };
}

function addCounts(into: ActivityCounts, row: ActivityCounts): void {
  into.received += row.received;
  into.signed += row.signed;
  into.acknowledged += row.acknowledged;
  into.trashed += row.trashed;
}

/** Sums rows into a keyed list of counts, in first-seen order of the key. */
function sumBy<K extends string>(rows: readonly ActivityRow[], key: (row: ActivityRow) => K) {
  const sums = new Map<K, ActivityCounts & { row: ActivityRow }>();
  for (const row of rows) {
    const entry = sums.get(key(row)) ?? { ...emptyCounts(), row };
    addCounts(entry, row);
    sums.set(key(row), entry);
  }
  return [...sums.values()];
}

function countsOnly({ received, signed, acknowledged, trashed }: ActivityCounts): ActivityCounts {
  return { received, signed, acknowledged, trashed };
}

/**
 * GET /api/reports/metrics/clinic-activity/{npi}: a clinic's documents received, signed, acknowledged and
 * trashed per interval (by service line and type), its time to sign by alert level, its backlog by age,
 * the deadlines it met and its patients overdue for a transmission. All from the rolled-up counts.
 */
export async function getClinicActivity(
  db: Db,
  actor: Actor,
  query: { clinicNpi: string; from?: string | undefined; to?: string | undefined; interval: MetricsInterval },
  now: Date = new Date(),
): Promise<ClinicActivity> {
  const clinic = await getMetricsClinic(db, actor, query.clinicNpi);
  const to = query.to ?? utcDayOf(now);
  const from = query.from ?? addDays(to, -(METRICS_DEFAULT_RANGE_DAYS - 1));
  const range = { from, to, interval: query.interval };
  const [activity, reviewTimes, backlogRows, rules, overdueUnsigned] = await Promise.all([
    sumActivity(db, clinic.npi, range),
    sumReviewTimes(db, clinic.npi, range),
    sumBacklogByArrival(db, [clinic.npi]),
    loadTransmissionRules(db, [clinic]),
    countOverdueUnsigned(db, clinic.npi, range, now),
  ]);
  const [patients] = await countOverduePatients(db, rules, now);

  const rowsByPeriod = groupRows(activity, (row) => row.periodStart);
  const periods: ActivityPeriod[] = periodStartsBetween(from, to, query.interval).map((start) => {
    const rows = rowsByPeriod.get(start) ?? [];
    const counts = emptyCounts();
    for (const row of rows) addCounts(counts, row);
    return {
      start,
      ...counts,
      byServiceLine: sumBy(rows, (row) => row.serviceLine).map((entry) => ({
        serviceLine: entry.row.serviceLine,
        ...countsOnly(entry),
      })),
      byType: sumBy(rows, (row) => `${row.serviceLine}\u0000${row.type}`).map((entry) => ({
        type: entry.row.type,
        serviceLine: entry.row.serviceLine,
        ...countsOnly(entry),
      })),
    };
  });
  const totals = emptyCounts();
  for (const period of periods) addCounts(totals, period);

  const timeToSign = REVIEW_CLASSES.map((level) => {
    const histogram = new Array<number>(REVIEW_TIME_EDGES_MINUTES.length + 1).fill(0);
    for (const row of reviewTimes)
      if (row.reviewClass === level) histogram[row.bucket] = (histogram[row.bucket] ?? 0) + row.reviews;
    return {
      level,
      count: histogram.reduce((sum, count) => sum + count, 0),
      medianHours: percentileFromHistogram(histogram, 50),
      p90Hours: percentileFromHistogram(histogram, 90),
    };
  });

  const backlog = backlogByAge(backlogRows, now);

  const met = activity.reduce((sum, row) => sum + row.deadlinesMet, 0);
  // Reviewed late, or not reviewed at all by now: both are deadlines missed.
  const missed = activity.reduce((sum, row) => sum + row.deadlinesMissed, 0) + overdueUnsigned;
  return {
    clinicNpi: clinic.npi,
    clinicName: clinic.name,
    from,
    to,
    interval: query.interval,
    periods,
    totals,
    timeToSign,
    backlog,
    deadlines: { met, missed, overdueUnsigned, metPercent: metPercentOf(met, missed) },
    overduePatients: { count: patients?.overdue ?? 0, monitoredCount: patients?.monitored ?? 0 },
  };
}
