import type { ClinicSummaryList, Ticker, TickerCounts } from '@portal/domain';
import { backlogByAge, utcDayOf } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import {
  type ClinicScope,
  countDueByClass,
  findClinicsInScope,
  groupRows,
  sumBacklogByArrival,
  sumOpenByClass,
} from './metrics.repository';
import { getMetricsClinic, metricsScopeOf } from './metrics-scope';

const DAY_MS = 86_400_000;

/** The end of `now`'s UTC day: "due today" means before it. */
function endOfDay(now: Date): Date {
  return new Date(Date.parse(`${utcDayOf(now)}T00:00:00Z`) + DAY_MS);
}

function emptyTicker(): TickerCounts {
  return { unsigned: 0, alerts: { high: 0, medium: 0, low: 0 }, overdue: 0, dueToday: 0 };
}

function addDue(counts: TickerCounts, row: { overdue: number; dueSoon: number }): void {
  counts.overdue += row.overdue;
  counts.dueToday += row.dueSoon;
}

function addOpen(counts: TickerCounts, row: { reviewClass: string; open: number }): void {
  counts.unsigned += row.open;
  if (row.reviewClass === 'high' || row.reviewClass === 'medium' || row.reviewClass === 'low')
    counts.alerts[row.reviewClass] += row.open;
}

/**
 * GET /api/reports/metrics/ticker: the unsigned documents, alerts by level, overdue and due today, for one
 * clinic or every clinic the actor may read. The counts come from the rolled-up open counts; overdue and
 * due today from the index of unsigned documents by due time, as they change with the clock.
 */
export async function getTicker(
  db: Db,
  actor: Actor,
  query: { clinicNpi?: string | undefined },
  now: Date = new Date(),
): Promise<Ticker> {
  const scope: ClinicScope = query.clinicNpi
    ? [(await getMetricsClinic(db, actor, query.clinicNpi)).npi]
    : metricsScopeOf(actor);
  const [open, due] = await Promise.all([
    sumOpenByClass(db, scope),
    countDueByClass(db, scope, now, endOfDay(now)),
  ]);
  const counts = emptyTicker();
  for (const row of open) addOpen(counts, row);
  for (const row of due) addDue(counts, row);
  return {
    ...counts,
    clinicNpi: query.clinicNpi ?? null,
    asOf: now.toISOString(),
  };
}

/**
 * GET /api/reports/metrics/clinics: every clinic the actor may read metrics of, with the ticker's counts and
 * its backlog by age, for the provider company's table of clinics.
 */
export async function listClinicSummaries(
  db: Db,
  actor: Actor,
  now: Date = new Date(),
): Promise<ClinicSummaryList> {
  const scope = metricsScopeOf(actor);
  const [clinics, open, due, backlogRows] = await Promise.all([
    findClinicsInScope(db, scope),
    sumOpenByClass(db, scope),
    countDueByClass(db, scope, now, endOfDay(now)),
    sumBacklogByArrival(db, scope),
  ]);
  const openByClinic = groupRows(open, (row) => row.clinicNpi);
  const dueByClinic = groupRows(due, (row) => row.clinicNpi);
  const backlogByClinic = groupRows(backlogRows, (row) => row.clinicNpi);
  return {
    asOf: now.toISOString(),
    data: clinics.map((clinic) => {
      const counts = emptyTicker();
      for (const row of openByClinic.get(clinic.npi) ?? []) addOpen(counts, row);
      for (const row of dueByClinic.get(clinic.npi) ?? []) addDue(counts, row);
      const backlog = backlogByAge(backlogByClinic.get(clinic.npi) ?? [], now);
      return {
        clinicNpi: clinic.npi,
        clinicName: clinic.name,
        ...counts,
        backlog,
      };
    }),
  };
}
