import type { MeasurementSource, StoredMeasurement } from '@portal/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { DeviceMeasurementsTable, DeviceSessionsTable } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';

type Executor = Db | Tx;

export type DeviceSessionRow = Omit<Selectable<DeviceSessionsTable>, 'nextFollowUp'> & {
  /** The calendar date ('YYYY-MM-DD'), never a Date (a day off west of UTC otherwise). */
  nextFollowUp: string | null;
};

const SESSION_COLUMNS = [
  'id',
  'clinicNpi',
  'patientRef',
  'deviceType',
  'kind',
  'source',
  'sessionDate',
  'manufacturer',
  'model',
  'serialNumber',
  'leadConfiguration',
  'documentId',
  'externalId',
  'observations',
  'programmingChanges',
  'createdAt',
  'createdBy',
] as const;

function selectSessions(db: Executor) {
  return db
    .selectFrom('deviceSessions')
    .select(SESSION_COLUMNS)
    .select((eb) => eb.cast<string | null>('nextFollowUp', 'text').as('nextFollowUp'));
}

/**
 * Inserts a session unless the clinic already has one with its external id (the same import or form
 * submission again); undefined then, and nothing is written.
 */
export async function insertSessionOnce(
  tx: Tx,
  values: Insertable<DeviceSessionsTable>,
): Promise<{ id: string } | undefined> {
  return tx
    .insertInto('deviceSessions')
    .values(values)
    .onConflict((conflict) => conflict.columns(['clinicNpi', 'externalId']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function findSessionById(db: Executor, id: string): Promise<DeviceSessionRow | undefined> {
  return selectSessions(db).where('id', '=', id).executeTakeFirst();
}

export async function findSessionByExternalId(
  db: Executor,
  clinicNpi: string,
  externalId: string,
): Promise<DeviceSessionRow | undefined> {
  return selectSessions(db)
    .where('clinicNpi', '=', clinicNpi)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
}

export async function insertMeasurements(tx: Tx, rows: readonly Insertable<DeviceMeasurementsTable>[]) {
  if (rows.length === 0) return;
  await tx.insertInto('deviceMeasurements').values(rows).execute();
}

/** A patient's sessions of one device type, oldest first. */
export async function findPatientSessions(
  db: Executor,
  patientRef: string,
  deviceType: string,
): Promise<DeviceSessionRow[]> {
  return selectSessions(db)
    .where('patientRef', '=', patientRef)
    .where('deviceType', '=', deviceType)
    .orderBy('sessionDate')
    .orderBy('id')
    .execute();
}

/** The values of the given keys in the given sessions. */
export async function findSessionMeasurements(
  db: Executor,
  patientRef: string,
  sessionIds: readonly string[],
  keys: readonly string[],
) {
  if (sessionIds.length === 0 || keys.length === 0) return [];
  return db
    .selectFrom('deviceMeasurements')
    .select(['sessionId', 'key', 'measuredAt', 'valueNumber', 'valueText', 'source', 'confirmedBy'])
    .where('patientRef', '=', patientRef)
    .where('key', 'in', keys)
    .where('sessionId', 'in', sessionIds)
    .execute();
}

/** A clinic's session, locked for the rest of the transaction when asked. */
export async function findClinicSession(
  db: Executor,
  clinicNpi: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DeviceSessionRow | undefined> {
  let query = selectSessions(db).where('clinicNpi', '=', clinicNpi).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Links a session to the document that carries it. */
export async function setSessionDocument(tx: Tx, id: string, documentId: string) {
  await tx.updateTable('deviceSessions').set({ documentId }).where('id', '=', id).execute();
}

/** The technician's review of a session: observations, programming changes, next follow-up. */
export async function updateSessionReview(
  tx: Tx,
  id: string,
  changes: { observations?: string; programmingChanges?: string | null; nextFollowUp?: string | null },
) {
  if (Object.keys(changes).length === 0) return;
  await tx.updateTable('deviceSessions').set(changes).where('id', '=', id).execute();
}

/** Every value of one session, keyed by measurement. */
export async function findAllSessionMeasurements(db: Executor, sessionId: string) {
  const rows = await db
    .selectFrom('deviceMeasurements')
    .select(['key', 'valueNumber', 'valueText'])
    .where('sessionId', '=', sessionId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.valueNumber ?? row.valueText ?? ''])) as Record<
    string,
    number | string
  >;
}

/** Replaces the values of the given keys of a session (the others stay). */
export async function replaceSessionMeasurements(
  tx: Tx,
  sessionId: string,
  rows: readonly Insertable<DeviceMeasurementsTable>[],
) {
  if (rows.length === 0) return;
  await tx
    .deleteFrom('deviceMeasurements')
    .where('sessionId', '=', sessionId)
    .where(
      'key',
      'in',
      rows.map((row) => row.key),
    )
    .execute();
  await insertMeasurements(tx, rows);
}

/** The device types the patient has sessions of, the one of the latest session first. */
export async function findPatientSessionDeviceTypes(db: Executor, patientRef: string): Promise<string[]> {
  const rows = await db
    .selectFrom('deviceSessions')
    .select('deviceType')
    .where('patientRef', '=', patientRef)
    .groupBy('deviceType')
    .orderBy((eb) => eb.fn.max('sessionDate'), 'desc')
    .execute();
  return rows.map((row) => row.deviceType);
}

/**
 * Each patient's latest values of one numeric key, newest first (at most `perPatient` each): one query,
 * each patient's read from the series index backwards (a lateral LIMIT), however long the series.
 */
export async function findLatestNumericValues(
  db: Executor,
  patientRefs: readonly string[],
  key: string,
  perPatient: number,
): Promise<Map<string, number[]>> {
  const latest = new Map<string, number[]>();
  if (patientRefs.length === 0) return latest;
  const { rows } = await sql<{ patientRef: string; valueNumber: number | null }>`
    SELECT p.ref::text AS "patientRef", v.value_number AS "valueNumber"
    FROM unnest(${sql.val([...patientRefs])}::uuid[]) AS p(ref)
    CROSS JOIN LATERAL (
      SELECT m.value_number, m.measured_at
      FROM device_measurements m
      WHERE m.patient_ref = p.ref AND m.key = ${key} AND m.value_number IS NOT NULL
      ORDER BY m.measured_at DESC
      LIMIT ${perPatient}
    ) v
    ORDER BY p.ref, v.measured_at DESC`.execute(db);
  for (const row of rows) {
    if (row.valueNumber === null) continue;
    const values = latest.get(row.patientRef) ?? [];
    values.push(row.valueNumber);
    latest.set(row.patientRef, values);
  }
  return latest;
}

/** One value of a series as findSeriesMeasurements gives it. */
export type SeriesMeasurementRow = {
  sessionId: string;
  key: string;
  measuredAtMs: number;
  valueNumber: number | null;
  valueText: string | null;
  source: string;
  confirmedBy: string | null;
};

/**
 * The longitudinal view's values: the given keys in the given sessions, in time order. Each key's values
 * come as one JSON array (a daily series has thousands of values: as rows, the driver's work per row took
 * several times longer than the query itself).
 */
export async function findSeriesMeasurements(
  db: Executor,
  patientRef: string,
  sessionIds: readonly string[],
  keys: readonly string[],
): Promise<SeriesMeasurementRow[]> {
  if (sessionIds.length === 0 || keys.length === 0) return [];
  const { rows } = await sql<{
    key: string;
    points: [string, number, number | null, string | null, string, string | null][];
  }>`
    SELECT key,
           json_agg(json_build_array(session_id, extract(epoch from measured_at) * 1000, value_number, value_text,
                                     source, confirmed_by) ORDER BY measured_at) AS points
    FROM device_measurements
    WHERE patient_ref = ${patientRef}
      AND key = ANY(${sql.val([...keys])}::text[])
      AND session_id = ANY(${sql.val([...sessionIds])}::uuid[])
    GROUP BY key`.execute(db);
  return rows.flatMap((row) =>
    row.points.map(([sessionId, measuredAtMs, valueNumber, valueText, source, confirmedBy]) => ({
      sessionId,
      key: row.key,
      measuredAtMs: Number(measuredAtMs),
      valueNumber,
      valueText,
      source,
      confirmedBy,
    })),
  );
}

/**
 * One value per session and key, as the series builder would make of them with the sessions' dates: the
 * session's own value, or else the mean of its daily values (an AF burden reported day by day). A
 * coversheet's table needs only these; reading the 3,650 daily values of 10 years to average them in
 * JavaScript took most of its data time.
 */
export async function findSessionValues(
  db: Executor,
  patientRef: string,
  sessionIds: readonly string[],
  keys: readonly string[],
): Promise<SeriesMeasurementRow[]> {
  if (sessionIds.length === 0 || keys.length === 0) return [];
  const { rows } = await sql<{
    key: string;
    sessionId: string;
    measuredAtMs: number;
    ownNumber: number | null;
    ownText: string | null;
    dailyMean: number | null;
    source: string;
    confirmedBy: string | null;
  }>`
    SELECT m.key, m.session_id, extract(epoch from s.session_date) * 1000 AS measured_at_ms,
           (array_agg(m.value_number) FILTER (WHERE m.measured_at = s.session_date))[1] AS own_number,
           (array_agg(m.value_text) FILTER (WHERE m.measured_at = s.session_date))[1] AS own_text,
           avg(m.value_number) FILTER (WHERE m.measured_at <> s.session_date) AS daily_mean,
           (array_agg(m.source ORDER BY m.measured_at = s.session_date DESC, m.measured_at))[1] AS source,
           (array_agg(m.confirmed_by ORDER BY m.measured_at = s.session_date DESC, m.measured_at))[1]
             AS confirmed_by
    FROM device_measurements m JOIN device_sessions s ON s.id = m.session_id
    WHERE m.patient_ref = ${patientRef}
      AND m.key = ANY(${sql.val([...keys])}::text[])
      AND m.session_id = ANY(${sql.val([...sessionIds])}::uuid[])
    GROUP BY m.key, m.session_id, s.session_date`.execute(db);
  return rows.flatMap((row) => {
    const hasOwn = row.ownNumber !== null || row.ownText !== null;
    // Rounded as the series builder rounds a mean, so the coversheet and the longitudinal view agree.
    const mean = row.dailyMean === null ? null : Number(Number(row.dailyMean).toFixed(2));
    if (!hasOwn && mean === null) return [];
    return [
      {
        sessionId: row.sessionId,
        key: row.key,
        measuredAtMs: Number(row.measuredAtMs),
        valueNumber: hasOwn ? row.ownNumber : mean,
        valueText: hasOwn ? row.ownText : null,
        source: row.source,
        confirmedBy: row.confirmedBy,
      },
    ];
  });
}

/** The series rows as the domain's series builder takes them. */
export function toStoredMeasurements(rows: readonly SeriesMeasurementRow[]): StoredMeasurement[] {
  return rows.map((row) => ({
    sessionId: row.sessionId,
    key: row.key,
    measuredAt: new Date(row.measuredAtMs),
    value: row.valueNumber ?? row.valueText ?? '',
    source: row.source as MeasurementSource,
    confirmedBy: row.confirmedBy,
  }));
}

/** Whether the patient has any device session (a session is a medical record, as a document is). */
export async function hasPatientSessions(db: Executor, patientRef: string): Promise<boolean> {
  const row = await db
    .selectFrom('deviceSessions')
    .select('id')
    .where('patientRef', '=', patientRef)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
