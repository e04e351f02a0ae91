import type { StudyStatus, StudySuite } from '@portal/domain';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, SleepProfilesTable, StudiesTable } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';

type Executor = Kysely<Database> | Db | Tx;

/** A study row with the start date as text (a DATE read as a JS Date would shift a day west of UTC). */
export type StudyRow = Omit<Selectable<StudiesTable>, 'startDate'> & { startDate: string | null };

/** A study and the patient it belongs to, as lists show it. */
export type StudyListRow = StudyRow & {
  patientId: string;
  patientFirstName: string;
  patientLastName: string;
};

const STUDY_COLUMNS = [
  's.id',
  's.clinicNpi',
  's.patientRef',
  's.suite',
  's.studyType',
  's.status',
  's.orderingPhysicianNpi',
  's.orderingPhysicianName',
  sql<string | null>`to_char(s.start_date, 'YYYY-MM-DD')`.as('startDate'),
  's.duration',
  's.notes',
  's.vendorReference',
  's.pushState',
  's.pushError',
  's.pushedAt',
  's.results',
  's.documentId',
  's.createdBy',
  's.createdAt',
  's.updatedAt',
] as const;

function selectStudies(db: Executor) {
  return db
    .selectFrom('studies as s')
    .innerJoin('patients as p', 'p.id', 's.patientRef')
    .select(STUDY_COLUMNS)
    .select(['p.patientId', 'p.firstName as patientFirstName', 'p.lastName as patientLastName']);
}

export async function insertStudy(tx: Tx, values: Insertable<StudiesTable>): Promise<string> {
  const row = await tx.insertInto('studies').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStudyRow(tx: Tx, id: string, changes: Updateable<StudiesTable>): Promise<void> {
  await tx
    .updateTable('studies')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** A clinic's study; `forUpdate` locks it (and only it) for the rest of the transaction. */
export async function findStudyInClinic(
  db: Executor,
  clinicNpi: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StudyListRow | undefined> {
  let query = selectStudies(db).where('s.clinicNpi', '=', clinicNpi).where('s.id', '=', id);
  if (options.forUpdate) query = query.forUpdate('s');
  return query.executeTakeFirst();
}

/** A study by id wherever it is: for the portal's own work (the outbox, a signature), never a caller's. */
/** The clinic a study belongs to, or undefined: only for routes that name the study alone (study-access). */
export async function findClinicOfStudy(db: Executor, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('studies').select('clinicNpi').where('id', '=', id).executeTakeFirst();
  return row?.clinicNpi;
}

export async function findStudyById(
  db: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StudyListRow | undefined> {
  let query = selectStudies(db).where('s.id', '=', id);
  if (options.forUpdate) query = query.forUpdate('s');
  return query.executeTakeFirst();
}

/** The study a vendor knows by its reference (Zoll study id, InfoBionic enrollment id, Biobeat session id). */
export async function findStudyByVendorReference(
  db: Executor,
  suite: StudySuite,
  vendorReference: string,
): Promise<StudyListRow | undefined> {
  return selectStudies(db)
    .where('s.suite', '=', suite)
    .where('s.vendorReference', '=', vendorReference)
    .executeTakeFirst();
}

export async function findStudyByDocumentId(db: Executor, documentId: string) {
  return selectStudies(db).where('s.documentId', '=', documentId).forUpdate('s').executeTakeFirst();
}

/** One page of a clinic's studies of a suite, newest first, optionally of some statuses. */
export async function findClinicStudiesPage(
  db: Executor,
  options: {
    clinicNpi: string;
    suite: StudySuite;
    statuses: readonly StudyStatus[];
    page: number;
    size: number;
  },
): Promise<{ rows: StudyListRow[]; totalCount: number }> {
  const base = () =>
    db
      .selectFrom('studies as s')
      .where('s.clinicNpi', '=', options.clinicNpi)
      .where('s.suite', '=', options.suite)
      .$if(options.statuses.length > 0, (query) => query.where('s.status', 'in', [...options.statuses]));
  const [rows, count] = await Promise.all([
    selectStudies(db)
      .where('s.clinicNpi', '=', options.clinicNpi)
      .where('s.suite', '=', options.suite)
      .$if(options.statuses.length > 0, (query) => query.where('s.status', 'in', [...options.statuses]))
      .orderBy('s.createdAt', 'desc')
      .orderBy('s.id', 'desc')
      .limit(options.size)
      .offset((options.page - 1) * options.size)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.total) };
}

/** A patient's studies, newest first; of one suite when given. */
export async function findPatientStudies(
  db: Executor,
  patientRef: string,
  suite?: StudySuite,
): Promise<StudyListRow[]> {
  return selectStudies(db)
    .where('s.patientRef', '=', patientRef)
    .$if(suite !== undefined, (query) => query.where('s.suite', '=', suite as StudySuite))
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

export type StudyStatusChangeRow = {
  studyId: string;
  fromStatus: string | null;
  toStatus: string;
  source: string;
  changedAt: Date;
  actorId: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorEmail: string | null;
  actorTitle: string | null;
  actorSuffixes: string | null;
  actorRoles: unknown;
};

/** The status changes of these studies, oldest first, with who made them. */
export async function findStatusChanges(
  db: Executor,
  studyIds: readonly string[],
): Promise<StudyStatusChangeRow[]> {
  if (studyIds.length === 0) return [];
  return db
    .selectFrom('studyStatusChanges as c')
    .leftJoin('users as u', 'u.id', 'c.actorId')
    .where('c.studyId', 'in', [...studyIds])
    .select([
      'c.studyId',
      'c.fromStatus',
      'c.toStatus',
      'c.source',
      'c.changedAt',
      'c.actorId',
      'u.firstName as actorFirstName',
      'u.lastName as actorLastName',
      'u.email as actorEmail',
      'u.title as actorTitle',
      'u.suffixes as actorSuffixes',
      'u.roles as actorRoles',
    ])
    .orderBy('c.id')
    .execute() as Promise<StudyStatusChangeRow[]>;
}

export async function insertStatusChange(
  tx: Tx,
  change: {
    studyId: string;
    fromStatus: string | null;
    toStatus: string;
    source: string;
    actorId: string | null;
  },
): Promise<void> {
  await tx.insertInto('studyStatusChanges').values(change).execute();
}

// ---- Sleep profiles ----

export type SleepProfileRow = Selectable<SleepProfilesTable>;

export async function findSleepProfile(
  db: Executor,
  patientRef: string,
  options: { forUpdate?: boolean } = {},
): Promise<SleepProfileRow | undefined> {
  let query = db.selectFrom('sleepProfiles').selectAll().where('patientRef', '=', patientRef);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertSleepProfile(
  tx: Tx,
  values: Insertable<SleepProfilesTable>,
): Promise<SleepProfileRow> {
  return tx.insertInto('sleepProfiles').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateSleepProfile(
  tx: Tx,
  patientRef: string,
  changes: Updateable<SleepProfilesTable>,
): Promise<SleepProfileRow> {
  return tx
    .updateTable('sleepProfiles')
    .set({ ...changes, updatedAt: new Date() })
    .where('patientRef', '=', patientRef)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---- Vendor callbacks ----

/**
 * Remembers a vendor's delivery id; false when it was already taken (a redelivery). In the caller's
 * transaction, so a delivery whose work rolled back can be delivered again.
 */
export async function rememberVendorDelivery(
  tx: Tx,
  delivery: { vendor: string; deliveryId: string; studyId: string | null; documentId: string | null },
): Promise<boolean> {
  const inserted = await tx
    .insertInto('vendorCallbacks')
    .values(delivery)
    .onConflict((conflict) => conflict.columns(['vendor', 'deliveryId']).doNothing())
    .returning('deliveryId')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findVendorDelivery(db: Executor, vendor: string, deliveryId: string) {
  return db
    .selectFrom('vendorCallbacks')
    .selectAll()
    .where('vendor', '=', vendor)
    .where('deliveryId', '=', deliveryId)
    .executeTakeFirst();
}
