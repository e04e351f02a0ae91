import {
  addDays,
  DAILY_REPORT_CSV_COLUMNS,
  type DailyReport,
  type DailyReportRow,
  utcDayOf,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { formatCsv } from '../../http/csv';
import {
  type ClinicScope,
  countDueByClass,
  countEscalationsOn,
  countOverduePatients,
  findClinicsInScope,
  findSnapshots,
  sumDay,
} from './metrics.repository';
import { metricsScopeOf } from './metrics-scope';
import { loadTransmissionRules } from './transmission-rules';

function dayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00Z`);
  return { start, end: new Date(`${addDays(day, 1)}T00:00:00Z`) };
}

/**
 * Each clinic's overdue documents and overdue patients now, for today's report and for the morning run's
 * record of the day that just ended.
 */
export async function countOverdueNow(
  db: Db | Tx,
  clinics: readonly { id: string; npi: string }[],
  now: Date,
): Promise<Map<string, { overdue: number; overduePatients: number }>> {
  const scope = clinics.map((clinic) => clinic.npi);
  const [due, patients] = await Promise.all([
    countDueByClass(db, scope, now, now),
    loadTransmissionRules(db, clinics).then((rules) => countOverduePatients(db, rules, now)),
  ]);
  const dueByClinic = new Map<string, number>();
  for (const row of due) dueByClinic.set(row.clinicNpi, (dueByClinic.get(row.clinicNpi) ?? 0) + row.overdue);
  const patientsByClinic = new Map(patients.map((row) => [row.clinicNpi, row.overdue]));
  return new Map(
    clinics.map((clinic) => [
      clinic.npi,
      {
        overdue: dueByClinic.get(clinic.npi) ?? 0,
        overduePatients: patientsByClinic.get(clinic.npi) ?? 0,
      },
    ]),
  );
}

/**
 * The daily report of `day` for the clinics in scope: received, signed and acknowledged (rolled-up counts)
 * and escalations taken that day; overdue documents and patients now for today, and as the morning run
 * recorded them for a past day (null when no run recorded it).
 */
export async function buildDailyReport(
  db: Db | Tx,
  scope: ClinicScope,
  day: string,
  now: Date,
): Promise<DailyReport> {
  const { start, end } = dayBounds(day);
  const isToday = day === utcDayOf(now);
  const clinics = await findClinicsInScope(db, scope);
  const [counts, escalations, overdue] = await Promise.all([
    sumDay(db, scope, day),
    countEscalationsOn(db, scope, start, end),
    isToday
      ? countOverdueNow(db, clinics, now).then((live) => ({ live, takenAt: now }))
      : findSnapshots(db, scope, day).then((rows) => ({
          live: new Map(rows.map((row) => [row.clinicNpi, row])),
          takenAt: rows[0]?.takenAt ?? now,
        })),
  ]);
  const countsByClinic = new Map(counts.map((row) => [row.clinicNpi, row]));
  const escalationsByClinic = new Map(escalations.map((row) => [row.clinicNpi, row.escalations]));
  const data: DailyReportRow[] = clinics.map((clinic) => {
    const dayCounts = countsByClinic.get(clinic.npi);
    const overdueCounts = overdue.live.get(clinic.npi);
    return {
      clinicNpi: clinic.npi,
      clinicName: clinic.name,
      received: dayCounts?.received ?? 0,
      signed: dayCounts?.signed ?? 0,
      acknowledged: dayCounts?.acknowledged ?? 0,
      overdue: overdueCounts?.overdue ?? null,
      escalations: escalationsByClinic.get(clinic.npi) ?? 0,
      overduePatients: overdueCounts?.overduePatients ?? null,
    };
  });
  return { date: day, generatedAt: overdue.takenAt.toISOString(), data };
}

/** GET /api/reports/admin/daily-report?date=: the report of the clinics the actor may read it for. */
export async function getDailyReport(
  db: Db,
  actor: Actor,
  query: { date?: string | undefined },
  now: Date = new Date(),
): Promise<DailyReport> {
  return buildDailyReport(
    db,
    metricsScopeOf(actor, 'metrics:read-daily-report'),
    query.date ?? utcDayOf(now),
    now,
  );
}

/** The report as CSV (RFC 4180), one row per clinic, a blank cell where a figure was not recorded. */
export function formatDailyReportCsv(report: DailyReport): string {
  return formatCsv([
    DAILY_REPORT_CSV_COLUMNS,
    ...report.data.map((row) =>
      DAILY_REPORT_CSV_COLUMNS.map((column) => {
        const value = column === 'date' ? report.date : row[column];
        return value === null ? '' : String(value);
      }),
    ),
  ]);
}
