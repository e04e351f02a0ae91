import { type Insertable, sql } from 'kysely';
import type { DeviceDataMessagesTable } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';

type Executor = Db | Tx;

/** Keeps one received message (immutable once written: a trigger refuses changes to its text and ACK). */
export async function insertDeviceDataMessage(tx: Executor, row: Insertable<DeviceDataMessagesTable>) {
  return tx
    .insertInto('deviceDataMessages')
    .values(row)
    .returning(['id', 'receivedAt'])
    .executeTakeFirstOrThrow();
}

const LIST_COLUMNS = [
  'id',
  'clinicNpi',
  'receivedAt',
  'sendingFacility',
  'controlId',
  'ackCode',
  'outcome',
  'warnings',
  'sessionId',
  'reprocessedAt',
  'sha256',
  'ack',
] as const;

/**
 * A page of the import log, newest first: the clinics given (or all), before a keyset cursor
 * (receivedAt, id) when one is given.
 */
export async function findDeviceDataMessagesPage(
  db: Executor,
  options: {
    clinics: readonly string[] | 'all';
    clinicNpi?: string | undefined;
    /** The id of the last message of the previous page. */
    before?: string | undefined;
    limit: number;
  },
) {
  let query = db.selectFrom('deviceDataMessages').select(LIST_COLUMNS);
  if (options.clinics !== 'all') {
    if (options.clinics.length === 0) return [];
    query = query.where('clinicNpi', 'in', options.clinics);
  }
  if (options.clinicNpi) query = query.where('clinicNpi', '=', options.clinicNpi);
  const before = options.before;
  if (before)
    query = query.where(
      sql<boolean>`(received_at, id) < (SELECT c.received_at, c.id FROM device_data_messages c WHERE c.id = ${before})`,
    );
  return query.orderBy('receivedAt', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export async function findDeviceDataMessageById(db: Executor, id: string) {
  return db
    .selectFrom('deviceDataMessages')
    .select([...LIST_COLUMNS, 'raw'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The messages that made a session, oldest first: what the reprocess command re-reads. */
export async function findMessagesWithSessions(db: Executor) {
  return db
    .selectFrom('deviceDataMessages')
    .select(['id', 'clinicNpi', 'sessionId', 'raw', 'sha256'])
    .where('sessionId', 'is not', null)
    .where('outcome', '=', 'created')
    .orderBy('receivedAt')
    .orderBy('id')
    .execute();
}

export async function markMessageReprocessed(tx: Tx, id: string, at: Date) {
  await tx.updateTable('deviceDataMessages').set({ reprocessedAt: at }).where('id', '=', id).execute();
}
