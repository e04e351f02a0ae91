import type { MetricsInterval, TransmissionScheduleKey } from '@portal/domain';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/transaction';

// Reads of the rolled-up counts (migration 0021). Every read sums: the documents trigger adds rows of +1
// and -1, and the compactor folds them, so a sum is right whether or not compaction has run.

type Executor = Db | Tx;
/** The clinics a read covers: the actor's, or every clinic. */
export type ClinicScope = readonly string[] | 'all';

function inScope(column: string, scope: ClinicScope) {
  if (scope === 'all') return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`${sql.ref(column)} IN (${sql.join(scope)})`;
}

export type ActivityRow = {
  periodStart: string;
  serviceLine: string;
  type: string;
  received: number;
  signed: number;
  acknowledged: number;
  trashed: number;
  deadlinesMet: number;
  deadlinesMissed: number;
};

/** A clinic's counts from `from` to `to` (days, inclusive), summed per interval, service line and type. */
export async function sumActivity(
  db: Executor,
  clinicNpi: string,
  range: { from: string; to: string; interval: MetricsInterval },
): Promise<ActivityRow[]> {
  const period = sql`to_char(date_trunc(${range.interval}, day::timestamp), 'YYYY-MM-DD')`;
  const { rows } = await sql<ActivityRow>`
    SELECT ${period} AS period_start, service_line, type,
      sum(received)::int AS received, sum(signed)::int AS signed,
      sum(acknowledged)::int AS acknowledged, sum(trashed)::int AS trashed,
      sum(deadlines_met)::int AS deadlines_met, sum(deadlines_missed)::int AS deadlines_missed
    FROM document_daily_counts
    WHERE clinic_npi = ${clinicNpi} AND day BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY 1, 2, 3`.execute(db);
  return rows;
}

/**
 * A clinic's documents due from `from` to `to` (UTC days, inclusive) and still unsigned past their due time
 * at `now`: the deadlines they missed are in no rollup yet, as the rollups count a deadline when it is
 * reviewed.
 */
export async function countOverdueUnsigned(
  db: Executor,
  clinicNpi: string,
  range: { from: string; to: string },
  now: Date,
): Promise<number> {
  const { rows } = await sql<{ overdue: number }>`
    SELECT count(*)::int AS overdue FROM documents
    WHERE clinic_npi = ${clinicNpi} AND status = 'unsigned' AND deleted_at IS NULL
      AND due_at >= (${range.from}::date)::timestamp AT TIME ZONE 'UTC'
      AND due_at < (${range.to}::date + 1)::timestamp AT TIME ZONE 'UTC'
      AND due_at < ${now}`.execute(db);
  return rows[0]?.overdue ?? 0;
}

/** A clinic's review-time histogram from `from` to `to`, per review class and bucket. */
export async function sumReviewTimes(
  db: Executor,
  clinicNpi: string,
  range: { from: string; to: string },
): Promise<{ reviewClass: string; bucket: number; reviews: number }[]> {
  const { rows } = await sql<{ reviewClass: string; bucket: number; reviews: number }>`
    SELECT review_class, bucket, sum(reviews)::int AS reviews
    FROM document_review_times
    WHERE clinic_npi = ${clinicNpi} AND day BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/** The unsigned documents of the clinics in scope, per clinic and day of arrival. */
export async function sumBacklogByArrival(
  db: Executor,
  scope: ClinicScope,
): Promise<{ clinicNpi: string; receivedDay: string; open: number }[]> {
  const { rows } = await sql<{ clinicNpi: string; receivedDay: string; open: number }>`
    SELECT clinic_npi, received_day::text AS received_day, sum(open)::int AS open
    FROM document_open_counts WHERE ${inScope('clinic_npi', scope)}
    GROUP BY 1, 2 HAVING sum(open) <> 0`.execute(db);
  return rows;
}

/** The unsigned documents of the clinics in scope, per clinic and review class. */
export async function sumOpenByClass(
  db: Executor,
  scope: ClinicScope,
): Promise<{ clinicNpi: string; reviewClass: string; open: number }[]> {
  const { rows } = await sql<{ clinicNpi: string; reviewClass: string; open: number }>`
    SELECT clinic_npi, review_class, sum(open)::int AS open
    FROM clinic_open_counts WHERE ${inScope('clinic_npi', scope)}
    GROUP BY 1, 2 HAVING sum(open) <> 0`.execute(db);
  return rows;
}

/**
 * Marks the unsigned documents whose due time passed by `now` as past due, so the rollups count them as
 * overdue (the documents trigger writes the change). Only the documents whose due time came since the last
 * pass are read (an index of the unmarked ones). Any instance may run it at any time: a row marked by
 * another is skipped. Answers how many it marked.
 */
export async function markPastDue(tx: Tx, now: Date): Promise<number> {
  const result = await sql`
    UPDATE documents SET past_due = true
    WHERE status = 'unsigned' AND deleted_at IS NULL AND NOT past_due AND due_at <= ${now}`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

export type DueCounts = { clinicNpi: string; reviewClass: string; overdue: number; dueSoon: number };

/**
 * Per clinic and review class, the unsigned documents overdue at `now` and those due after `now` but before
 * `until`. The overdue ones marked past due are summed from the rollups; those whose due time came since the
 * last marking, and the soon-due ones, are counted from the index of unmarked documents by due time.
 */
export async function countDueByClass(
  db: Executor,
  scope: ClinicScope,
  now: Date,
  until: Date,
): Promise<DueCounts[]> {
  const { rows } = await sql<DueCounts>`
    SELECT clinic_npi, review_class, sum(overdue)::int AS overdue, sum(due_soon)::int AS due_soon FROM (
      SELECT clinic_npi, review_class, overdue, 0 AS due_soon FROM clinic_open_counts
      WHERE ${inScope('clinic_npi', scope)}
      UNION ALL
      SELECT clinic_npi, metrics_review_class(alert), CASE WHEN due_at <= ${now} THEN 1 ELSE 0 END,
        CASE WHEN due_at > ${now} THEN 1 ELSE 0 END
      FROM documents
      WHERE status = 'unsigned' AND deleted_at IS NULL AND NOT past_due AND due_at < ${until}
        AND ${inScope('clinic_npi', scope)}
    ) AS due
    GROUP BY 1, 2 HAVING sum(overdue) <> 0 OR sum(due_soon) <> 0`.execute(db);
  return rows;
}

export type DailyCountsRow = { clinicNpi: string; received: number; signed: number; acknowledged: number };

/** One day's received, signed and acknowledged per clinic. */
export async function sumDay(db: Executor, scope: ClinicScope, day: string): Promise<DailyCountsRow[]> {
  const { rows } = await sql<DailyCountsRow>`
    SELECT clinic_npi, sum(received)::int AS received, sum(signed)::int AS signed,
      sum(acknowledged)::int AS acknowledged
    FROM document_daily_counts WHERE day = ${day}::date AND ${inScope('clinic_npi', scope)}
    GROUP BY 1`.execute(db);
  return rows;
}

/** The escalation steps taken on a day, per clinic. */
export async function countEscalationsOn(
  db: Executor,
  scope: ClinicScope,
  dayStart: Date,
  dayEnd: Date,
): Promise<{ clinicNpi: string; escalations: number }[]> {
  const { rows } = await sql<{ clinicNpi: string; escalations: number }>`
    SELECT clinic_npi, count(*)::int AS escalations FROM document_escalations
    WHERE fired_at >= ${dayStart} AND fired_at < ${dayEnd} AND ${inScope('clinic_npi', scope)}
    GROUP BY 1`.execute(db);
  return rows;
}

export type TransmissionRules = {
  clinicNpi: string;
  scheduleDays: Record<TransmissionScheduleKey, number>;
  graceDays: number;
};

/**
 * Per clinic, the patients whose device is expected to transmit and those whose last remote transmission
 * (or, with none, the start of monitoring) is older than the clinic's schedule for the device plus its
 * grace at `now`: the rule of daysOverdue (domain), in one statement for many clinics.
 */
export async function countOverduePatients(
  db: Executor,
  rules: readonly TransmissionRules[],
  now: Date,
): Promise<{ clinicNpi: string; monitored: number; overdue: number }[]> {
  if (rules.length === 0) return [];
  const values = sql.join(
    rules.map(
      (rule) =>
        sql`(${rule.clinicNpi}, ${rule.scheduleDays.CIED + rule.graceDays}::int,
          ${rule.scheduleDays.ILR + rule.graceDays}::int, ${rule.scheduleDays.RPM + rule.graceDays}::int)`,
    ),
  );
  const { rows } = await sql<{ clinicNpi: string; monitored: number; overdue: number }>`
    WITH rules (clinic_npi, cied_days, ilr_days, rpm_days) AS (VALUES ${values}),
    last_transmissions AS (
      SELECT s.patient_ref, max(s.session_date) AS at FROM device_sessions s
      WHERE s.kind = 'remote' AND s.clinic_npi IN (SELECT clinic_npi FROM rules)
      GROUP BY s.patient_ref
    ),
    monitored AS (
      SELECT p.clinic_npi, p.created_at, t.at AS last_transmission_at,
        CASE WHEN p.device_info ->> 'deviceType' = 'ILR' THEN r.ilr_days
          WHEN p.device_info ->> 'deviceType' = 'RPM' THEN r.rpm_days ELSE r.cied_days END AS allowed_days
      FROM patients p JOIN rules r ON r.clinic_npi = p.clinic_npi
      LEFT JOIN last_transmissions t ON t.patient_ref = p.id
      WHERE p.device_info ->> 'deviceType' IN ('PM', 'ICD', 'CRT-P', 'CRT-D', 'ILR', 'RPM')
    )
    SELECT clinic_npi, count(*)::int AS monitored,
      count(*) FILTER (WHERE coalesce(last_transmission_at, created_at)
        + make_interval(days => allowed_days) < ${now})::int AS overdue
    FROM monitored GROUP BY 1`.execute(db);
  return rows;
}

/** The overdue counts a daily report run kept for a day, per clinic. */
export async function findSnapshots(db: Executor, scope: ClinicScope, day: string) {
  const { rows } = await sql<{ clinicNpi: string; overdue: number; overduePatients: number; takenAt: Date }>`
    SELECT clinic_npi, overdue, overdue_patients, taken_at FROM daily_report_snapshots
    WHERE day = ${day}::date AND ${inScope('clinic_npi', scope)}`.execute(db);
  return rows;
}

export async function saveSnapshots(
  tx: Tx,
  day: string,
  snapshots: readonly { clinicNpi: string; overdue: number; overduePatients: number }[],
): Promise<void> {
  if (snapshots.length === 0) return;
  await tx
    .insertInto('dailyReportSnapshots')
    .values(snapshots.map((snapshot) => ({ day, ...snapshot })))
    .onConflict((conflict) => conflict.columns(['day', 'clinicNpi']).doNothing())
    .execute();
}

/** The clinics in scope, active or not (a clinic's figures outlive its switching off), by name. */
export async function findClinicsInScope(
  db: Executor,
  scope: ClinicScope,
): Promise<{ npi: string; name: string; id: string }[]> {
  const { rows } = await sql<{ npi: string; name: string; id: string }>`
    SELECT npi, name, id FROM organizations WHERE npi <> '*' AND ${inScope('npi', scope)}
    ORDER BY name, npi`.execute(db);
  return rows;
}

const ROLLUPS = {
  document_daily_counts: {
    keys: ['clinic_npi', 'day', 'service_line', 'type', 'review_class'],
    sums: ['received', 'signed', 'acknowledged', 'trashed', 'deadlines_met', 'deadlines_missed'],
  },
  document_review_times: { keys: ['clinic_npi', 'day', 'review_class', 'bucket'], sums: ['reviews'] },
  document_open_counts: { keys: ['clinic_npi', 'received_day', 'review_class'], sums: ['open'] },
  clinic_open_counts: { keys: ['clinic_npi', 'review_class'], sums: ['open', 'overdue'] },
} as const;

/**
 * Folds each rollup's rows into one per key, for the keys that gained rows since the last fold; keys whose
 * sums are all zero go. One instance at a time (a transaction-scoped advisory lock; the others skip): the
 * trigger's inserts never wait on it, and rows inserted while it runs are folded next time. Answers how many
 * rows it folded, or null when another instance was folding.
 */
export async function compactRollups(tx: Tx): Promise<number | null> {
  const { rows: locked } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(hashtext('metrics-rollup-compaction')) AS locked`.execute(tx);
  if (!locked[0]?.locked) return null;
  let folded = 0;
  for (const [table, { keys, sums }] of Object.entries(ROLLUPS)) {
    const keyList = sql.raw(keys.join(', '));
    const sumList = sql.raw(sums.map((column) => `sum(${column})::int`).join(', '));
    const nonZero = sql.raw(sums.map((column) => `sum(${column}) <> 0`).join(' OR '));
    const result = await sql`
      WITH touched AS (SELECT DISTINCT ${keyList} FROM ${sql.table(table)} WHERE NOT compacted),
      gone AS (
        DELETE FROM ${sql.table(table)} AS t USING touched
        WHERE ${sql.raw(keys.map((key) => `t.${key} = touched.${key}`).join(' AND '))}
        RETURNING ${sql.raw(keys.map((key) => `t.${key}`).join(', '))}, ${sql.raw(sums.map((column) => `t.${column}`).join(', '))}
      )
      INSERT INTO ${sql.table(table)} (${keyList}, ${sql.raw(sums.join(', '))}, compacted)
      SELECT ${keyList}, ${sumList}, true FROM gone GROUP BY ${keyList} HAVING ${nonZero}`.execute(tx);
    folded += Number(result.numAffectedRows ?? 0);
  }
  return folded;
}

/** Rows grouped by a key, in order (Map.groupBy, which this project's TypeScript library target lacks). */
export function groupRows<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
