import type { Insertable, Selectable } from 'kysely';
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
