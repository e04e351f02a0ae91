import { AF_ALERT_PATTERN, normalizeDeviceSerial, type PatientSortField } from '@portal/domain';
import { type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { PatientRow, PatientsTable } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';
import { toContainsPattern } from '../../http/paging';

type Executor = Db | Tx;

/** A patient row as the module reads it: the dob as its calendar date ('YYYY-MM-DD'), never a Date. */
export type PatientRecordRow = Omit<PatientRow, 'dob' | 'searchText'> & { dob: string | null };

// Every column but search_text (an index helper), with the dob as text: a DATE read as a JS Date would be
// midnight in the server's time zone, and a day off anywhere west of UTC.
const PATIENT_COLUMNS = [
  'p.id',
  'p.clinicNpi',
  'p.patientId',
  'p.fmId',
  'p.firstName',
  'p.middleName',
  'p.lastName',
  'p.gender',
  'p.physicianNpi',
  'p.oacStatus',
  'p.oacHistory',
  'p.medicalInfo',
  'p.deviceInfo',
  'p.contactInfo',
  'p.override',
  'p.deviceSerial',
  'p.syncedAt',
  'p.createdAt',
  'p.updatedAt',
  'p.updatedBy',
] as const;
const dobText = sql<string | null>`to_char(p.dob, 'YYYY-MM-DD')`.as('dob');

function selectPatients(db: Executor) {
  return db.selectFrom('patients as p').select(PATIENT_COLUMNS).select(dobText);
}

/** One patient of one clinic; `forUpdate` locks the row for the rest of the transaction. */
export async function findPatientInClinic(
  db: Executor,
  clinicNpi: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PatientRecordRow | undefined> {
  let query = selectPatients(db).where('p.clinicNpi', '=', clinicNpi).where('p.id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findPatientByFmId(db: Executor, clinicNpi: string, fmId: string) {
  return selectPatients(db)
    .where('p.clinicNpi', '=', clinicNpi)
    .where('p.fmId', '=', fmId)
    .orderBy('p.createdAt')
    .limit(1)
    .executeTakeFirst();
}

/** A clinic's patients whose device has this serial (normalised as normalizeDeviceSerial does), oldest first. */
export async function findPatientsByDeviceSerial(db: Executor, clinicNpi: string, serial: string) {
  const normalized = normalizeDeviceSerial(serial);
  if (normalized === '') return [];
  return selectPatients(db)
    .where('p.clinicNpi', '=', clinicNpi)
    .where('p.deviceSerial', '=', normalized)
    .orderBy('p.createdAt')
    .limit(2)
    .execute();
}

export async function findPatientByPatientId(db: Executor, clinicNpi: string, patientId: string) {
  return selectPatients(db)
    .where('p.clinicNpi', '=', clinicNpi)
    .where('p.patientId', '=', patientId)
    .executeTakeFirst();
}

export type PatientSearchFilters = {
  clinicNpi: string;
  search?: string | undefined;
  lastName?: string | undefined;
  firstName?: string | undefined;
  dob?: string | undefined;
  patientId?: string | undefined;
  deviceSerial?: string | undefined;
};

/** A LIKE pattern matching text that starts with `text`, its wildcards taken literally. */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const searchWords = (search: string | undefined) => (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);

// Each condition below is written exactly as an index of migration 0017 (or 0013) is, so the planner can use
// it: the trigram index on (clinic_npi, search_text), and the text_pattern_ops prefix indexes on the
// effective lower-cased names, the patient id and the device serial.
function filteredPatients(db: Executor, filters: PatientSearchFilters) {
  let query = db.selectFrom('patients as p').where('p.clinicNpi', '=', filters.clinicNpi);
  // Every word of the free text must appear in the names, patient id or serial (search_text, lower case).
  for (const word of searchWords(filters.search)) {
    query = query.where('p.searchText', 'like', toContainsPattern(word));
  }
  // Names match the effective value (an override wins), from the start, ignoring case.
  if (filters.lastName) {
    query = query.where(
      sql<SqlBool>`lower(coalesce(p.override->'names'->>'lastName', p.last_name)) LIKE ${prefixPattern(filters.lastName.toLowerCase())}`,
    );
  }
  if (filters.firstName) {
    query = query.where(
      sql<SqlBool>`lower(coalesce(p.override->'names'->>'firstName', p.first_name)) LIKE ${prefixPattern(filters.firstName.toLowerCase())}`,
    );
  }
  if (filters.dob) query = query.where(sql<SqlBool>`p.dob = ${filters.dob}::date`);
  if (filters.patientId) query = query.where('p.patientId', 'like', prefixPattern(filters.patientId));
  if (filters.deviceSerial) {
    const serial = normalizeDeviceSerial(filters.deviceSerial);
    // Only dashes and spaces: no serial starts with nothing, so nothing matches.
    query = serial
      ? query.where('p.deviceSerial', 'like', prefixPattern(serial))
      : query.where(sql<SqlBool>`false`);
  }
  return query;
}

// The sort fields and their columns. Names sort by the synced value, which the clinic's name index
// serves; an override shows in the row but does not move it.
const SORT_COLUMNS: Record<PatientSortField, ReturnType<typeof sql.raw>> = {
  lastName: sql.raw('lower(p.last_name)'),
  firstName: sql.raw('lower(p.first_name)'),
  dob: sql.raw('p.dob'),
  patientId: sql.raw('p.patient_id'),
  createdAt: sql.raw('p.created_at'),
  updatedAt: sql.raw('p.updated_at'),
};

function orderByFor(sort: readonly string[]) {
  const parts = sort.map((field) => {
    const descending = field.startsWith('-');
    const column = SORT_COLUMNS[(descending ? field.slice(1) : field) as PatientSortField];
    return descending ? sql`${column} DESC` : sql`${column} ASC`;
  });
  // The id breaks ties, so every row has one place and pages neither overlap nor skip.
  return sql.join([...parts, sql`p.id ASC`]);
}

/**
 * Whether an index finds the matches of these filters: any column filter, or a free-text word of three
 * characters or more (a trigram). Then the page sorts the matches. Otherwise the planner may walk the sort
 * order's index and test each patient until it has a page, betting that matches are spread evenly; for
 * 'smi' in a clinic of 100,000 they all sit under S, and that walk read 80,000 entries (80 ms) where
 * sorting the 1,200 matches takes 3 ms. Walking stays the way for a plain list or only short words.
 */
function isNarrowedByIndex(filters: PatientSearchFilters): boolean {
  return (
    Boolean(
      filters.lastName || filters.firstName || filters.dob || filters.patientId || filters.deviceSerial,
    ) || searchWords(filters.search).some((word) => word.length >= 3)
  );
}

/**
 * One page of a clinic's patients that match the filters, and how many match in all. A narrowed search
 * reads its matches in a subquery that OFFSET 0 keeps apart (see isNarrowedByIndex), so the page's order
 * cannot pull the plan towards the sort index; the rows and their order are the same either way.
 */
export async function findPatientsPage(
  db: Executor,
  options: { filters: PatientSearchFilters; sort: readonly string[]; offset: number; limit: number },
): Promise<{ rows: PatientRecordRow[]; totalCount: number }> {
  const rows = await (isNarrowedByIndex(options.filters)
    ? db.selectFrom(filteredPatients(db, options.filters).selectAll('p').offset(0).as('p'))
    : filteredPatients(db, options.filters)
  )
    .select(PATIENT_COLUMNS)
    .select(dobText)
    .orderBy(orderByFor(options.sort))
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  const count = await filteredPatients(db, options.filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, totalCount: Number(count.count) };
}

/**
 * The duplicate check's pre-filter: the clinic's patients with the same dob or one of the device serials
 * (normalised). Both are indexed, so a handful of rows come back for the in-memory comparison.
 */
export async function findDuplicateCandidates(
  db: Executor,
  options: { clinicNpi: string; dob: string; deviceSerials: readonly string[] },
) {
  return selectPatients(db)
    .where('p.clinicNpi', '=', options.clinicNpi)
    .where((eb) => {
      const sameDob = sql<SqlBool>`p.dob = ${options.dob}::date`;
      return options.deviceSerials.length
        ? eb.or([sameDob, eb('p.deviceSerial', 'in', [...options.deviceSerials])])
        : sameDob;
    })
    .orderBy('p.createdAt')
    .limit(200)
    .execute();
}

/**
 * Serialises creating patients and changing patient ids at one clinic, so two racing creates of one person
 * see each other (the duplicate check) and a taken patient id is a 409, never the unique index's error.
 */
export async function lockClinicPatientIdentities(tx: Tx, clinicNpi: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`patients:identities:${clinicNpi}`}))`.execute(tx);
}

export async function insertPatientRow(tx: Tx, values: Insertable<PatientsTable>) {
  const inserted = await tx.insertInto('patients').values(values).returning('id').executeTakeFirstOrThrow();
  const row = await findPatientInClinic(tx, values.clinicNpi, inserted.id);
  if (!row) throw new Error('inserted patient not found');
  return row;
}

export async function updatePatientRow(
  tx: Tx,
  patient: { id: string; clinicNpi: string },
  changes: Updateable<PatientsTable>,
) {
  await tx.updateTable('patients').set(changes).where('id', '=', patient.id).execute();
  const row = await findPatientInClinic(tx, patient.clinicNpi, patient.id);
  if (!row) throw new Error('updated patient not found');
  return row;
}

export async function deletePatientRow(tx: Tx, id: string) {
  await tx.deleteFrom('patients').where('id', '=', id).execute();
}

/** How many documents (trashed ones included) belong to the patient. */
export async function countPatientDocuments(db: Executor, patientRef: string): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('patientRef', '=', patientRef)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Of these patients, those with at least one AF alert among their documents (the domain's isAfAlert,
 * in SQL: an alert whose type, or text when the type is empty, names AF; trashed documents left out).
 */
export async function findPatientsWithAfAlerts(db: Executor, patientRefs: readonly string[]) {
  if (patientRefs.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('documents as d')
    .select('d.patientRef')
    .distinct()
    .where('d.patientRef', 'in', [...patientRefs])
    .where('d.deletedAt', 'is', null)
    .where(sql<SqlBool>`nullif(btrim(d.alert), '') IS NOT NULL`)
    .where(sql<SqlBool>`coalesce(nullif(btrim(d.alert_type), ''), d.alert_text, '') ~* ${AF_ALERT_PATTERN}`)
    .execute();
  return new Set(rows.map((row) => row.patientRef).filter((ref): ref is string => ref !== null));
}

/** What the AF-without-OAC flag reads of each of these patients. */
export async function findPatientsOacFacts(db: Executor, patientRefs: readonly string[]) {
  if (patientRefs.length === 0) return [];
  return db
    .selectFrom('patients')
    .select(['id', 'clinicNpi', 'oacStatus', 'oacHistory', 'medicalInfo'])
    .where('id', 'in', [...patientRefs])
    .execute();
}

export type PatientEventRow = {
  id: string;
  entityType: string;
  entityId: string;
  eventType: string;
  createdAt: Date;
  actorId: string | null;
  before: unknown;
  after: unknown;
  documentType: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorTitle: string | null;
  actorSuffixes: string | null;
  actorEmail: string | null;
  actorRoles: unknown;
};

/**
 * A patient's timeline, newest first: the patient's own audit events and, with `includeDocuments`, those
 * of the documents that belong to the patient. Both come from the entity index of audit_events.
 */
export async function findPatientEventsPage(
  db: Executor,
  options: {
    clinicNpi: string;
    patientRef: string;
    includeDocuments: boolean;
    offset: number;
    limit: number;
  },
): Promise<{ rows: PatientEventRow[]; totalCount: number }> {
  const base = () =>
    db
      .selectFrom('auditEvents as e')
      .where('e.clinicNpi', '=', options.clinicNpi)
      .where((eb) => {
        const own = eb.and([eb('e.entityType', '=', 'patient'), eb('e.entityId', '=', options.patientRef)]);
        if (!options.includeDocuments) return own;
        return eb.or([
          own,
          eb.and([
            eb('e.entityType', '=', 'study'),
            sql<SqlBool>`e.entity_id = ANY(ARRAY(${eb
              .selectFrom('studies')
              .select(sql<string>`id::text`.as('id'))
              .where('patientRef', '=', options.patientRef)}))`,
          ]),
          eb.and([
            eb('e.entityType', '=', 'document'),
            // = ANY(ARRAY(…)) rather than IN (…): the ids are read once, and the entity index serves both
            // arms of the OR; an IN subquery under OR became a filter over every event (250 ms at 1.4M).
            sql<SqlBool>`e.entity_id = ANY(ARRAY(${eb
              .selectFrom('documents')
              .select(sql<string>`id::text`.as('id'))
              .where('patientRef', '=', options.patientRef)}))`,
          ]),
        ]);
      });
  const rows = await base()
    // Compared as uuids, so the documents' primary key finds each one (as text it was a hash join over
    // every document). Only document events are cast, and their entity ids are document ids.
    .leftJoin('documents as d', (join) =>
      join
        .on('e.entityType', '=', 'document')
        .on(sql<SqlBool>`d.id = (CASE WHEN e.entity_type = 'document' THEN e.entity_id::uuid END)`),
    )
    .leftJoin('users as u', 'u.id', 'e.actorId')
    .select([
      sql<string>`e.id::text`.as('id'),
      'e.entityType',
      'e.entityId',
      'e.eventType',
      'e.createdAt',
      'e.actorId',
      'e.before',
      'e.after',
      'd.type as documentType',
      'u.firstName as actorFirstName',
      'u.lastName as actorLastName',
      'u.title as actorTitle',
      'u.suffixes as actorSuffixes',
      'u.email as actorEmail',
      'u.roles as actorRoles',
    ])
    .orderBy('e.id', 'desc')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  const count = await base()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, totalCount: Number(count.count) };
}
