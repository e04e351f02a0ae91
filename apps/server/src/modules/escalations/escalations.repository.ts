import type { EscalationStep } from '@portal/domain';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/transaction';

const STEP_COLUMNS: Record<EscalationStep, 'half_due_at' | 'due_at' | 'twice_due_at'> = {
  'half-time': 'half_due_at',
  due: 'due_at',
  'twice-due': 'twice_due_at',
};

export type FiredEscalation = {
  documentId: string;
  clinicNpi: string;
  type: string;
  serviceLine: string;
  alert: string | null;
  assignedTo: string | null;
  clinicName: string;
};

/**
 * Takes the unreviewed documents that have reached `step` by `now` and not yet had it, up to `limit`, and
 * records the step for each: the insert's conflict on (document, step) makes a step happen once, whatever
 * the number of instances doing this at the same moment. Answers the documents this call took.
 */
export async function takeDueEscalations(
  tx: Tx,
  step: EscalationStep,
  now: Date,
  limit: number,
): Promise<FiredEscalation[]> {
  const column = sql.ref(`d.${STEP_COLUMNS[step]}`);
  const { rows } = await sql<{ documentId: string }>`
    INSERT INTO document_escalations (document_id, step, clinic_npi)
    SELECT d.id, ${step}, d.clinic_npi FROM documents d
    WHERE d.status = 'unsigned' AND d.deleted_at IS NULL AND ${column} <= ${now}
      AND NOT EXISTS (SELECT 1 FROM document_escalations e WHERE e.document_id = d.id AND e.step = ${step})
    ORDER BY ${column}
    LIMIT ${limit}
    ON CONFLICT (document_id, step) DO NOTHING
    RETURNING document_id`.execute(tx);
  if (rows.length === 0) return [];
  return tx
    .selectFrom('documents as d')
    .innerJoin('organizations as o', 'o.npi', 'd.clinicNpi')
    .select([
      'd.id as documentId',
      'd.clinicNpi',
      'd.type',
      'd.serviceLine',
      'd.alert',
      'd.assignedTo',
      'o.name as clinicName',
    ])
    .where(
      'd.id',
      'in',
      rows.map((row) => row.documentId),
    )
    .execute();
}

/** The escalation steps each document has reached, for these documents. */
export async function findEscalationSteps(db: Db | Tx, documentIds: readonly string[]) {
  if (documentIds.length === 0) return new Map<string, EscalationStep[]>();
  const rows = await db
    .selectFrom('documentEscalations')
    .select(['documentId', 'step'])
    .where('documentId', 'in', [...documentIds])
    .execute();
  const steps = new Map<string, EscalationStep[]>();
  for (const row of rows)
    steps.set(row.documentId, [...(steps.get(row.documentId) ?? []), row.step as EscalationStep]);
  return steps;
}

type QueueFilter = {
  clinicNpis: readonly string[] | 'all';
  level?: 'high' | 'medium' | 'low' | 'routine' | undefined;
  clinicNpi?: string | undefined;
  when: 'overdue' | 'soon' | 'all';
  now: Date;
  soonUntil: Date;
};

function queueBase(db: Db | Tx, filter: QueueFilter) {
  return db
    .selectFrom('documents as d')
    .where('d.status', '=', 'unsigned')
    .where('d.deletedAt', 'is', null)
    .where('d.dueAt', 'is not', null)
    .$if(filter.clinicNpis !== 'all', (query) =>
      query.where('d.clinicNpi', 'in', filter.clinicNpis === 'all' ? [] : [...filter.clinicNpis, '']),
    )
    .$if(filter.clinicNpi !== undefined, (query) =>
      query.where('d.clinicNpi', '=', filter.clinicNpi as string),
    )
    .$if(filter.level !== undefined, (query) =>
      filter.level === 'routine'
        ? query.where('d.alert', 'is', null)
        : query.where('d.alert', '=', filter.level as string),
    )
    .where('d.dueAt', '<=', filter.when === 'overdue' ? filter.now : filter.soonUntil)
    .$if(filter.when === 'soon', (query) => query.where('d.dueAt', '>', filter.now));
}

/**
 * One page of the queue, soonest due (most overdue) first, with who has each and its last step. Its counts
 * come from the metrics rollups (countDueByClass), not from counting the documents.
 */
export async function findEscalationQueuePage(
  db: Db | Tx,
  filter: QueueFilter,
  page: { page: number; size: number },
) {
  const rows = await queueBase(db, filter)
    .innerJoin('organizations as o', 'o.npi', 'd.clinicNpi')
    .leftJoin('users as u', 'u.id', 'd.assignedTo')
    .select([
      'd.id',
      'd.clinicNpi',
      'o.name as clinicName',
      'd.type',
      'd.alert',
      'd.createdAt',
      'd.dueAt',
      'u.firstName as assigneeFirstName',
      'u.lastName as assigneeLastName',
      'u.email as assigneeEmail',
      'u.title as assigneeTitle',
      'u.suffixes as assigneeSuffixes',
      'u.roles as assigneeRoles',
      sql<string | null>`(SELECT e.step FROM document_escalations e WHERE e.document_id = d.id
        ORDER BY CASE e.step WHEN 'twice-due' THEN 3 WHEN 'due' THEN 2 ELSE 1 END DESC LIMIT 1)`.as('step'),
    ])
    .orderBy('d.dueAt')
    .orderBy('d.id')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return rows;
}

export async function insertInternalReview(
  tx: Tx,
  review: { documentId: string; clinicNpi: string; reviewerId: string; note: string },
) {
  return tx.insertInto('internalReviews').values(review).returningAll().executeTakeFirstOrThrow();
}

/** Internal reviews of these documents, newest first, with the reviewer's name parts. */
export async function findInternalReviews(db: Db | Tx, documentIds: readonly string[]) {
  if (documentIds.length === 0) return [];
  return db
    .selectFrom('internalReviews as r')
    .leftJoin('users as u', 'u.id', 'r.reviewerId')
    .select([
      'r.id',
      'r.documentId',
      'r.note',
      'r.reviewedAt',
      'r.reviewerId',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.title',
      'u.suffixes',
      'u.roles',
    ])
    .where('r.documentId', 'in', [...documentIds])
    .orderBy('r.reviewedAt', 'desc')
    .execute();
}
