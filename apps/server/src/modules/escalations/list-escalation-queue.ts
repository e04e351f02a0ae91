import {
  clinicsWherePermitted,
  ESCALATION_QUEUE_SOON_HOURS,
  type EscalationQueue,
  type EscalationStep,
  formatUserDisplayName,
  HOUR_MS,
  type UserRole,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { buildPageLinks } from '../../http/paging';
import { countDueByClass } from '../metrics/metrics.repository';
import { findEscalationQueuePage, findInternalReviews } from './escalations.repository';
import { toInternalReview } from './internal-reviews';

const LEVELS = ['high', 'medium', 'low', 'routine'] as const;

/**
 * GET /api/reports/metrics/alert-escalation (irhReview): the provider company's internal review queue:
 * unsigned documents past their review time or due within a day, across the clinics the actor may see,
 * most overdue first, with who has each, the escalation step it reached and its last internal review.
 */
export async function listEscalationQueue(
  db: Db,
  actor: Actor,
  query: {
    level?: 'high' | 'medium' | 'low' | 'routine' | undefined;
    clinicNpi?: string | undefined;
    when?: 'overdue' | 'soon' | 'all' | undefined;
    page: number;
    size: number;
    url: string;
  },
  now: Date = new Date(),
): Promise<EscalationQueue> {
  const clinicNpis = clinicsWherePermitted(actor.user, 'metrics:read-escalations');
  const soonUntil = new Date(now.getTime() + ESCALATION_QUEUE_SOON_HOURS * HOUR_MS);
  const scope = query.clinicNpi
    ? clinicNpis === 'all' || clinicNpis.includes(query.clinicNpi)
      ? [query.clinicNpi]
      : []
    : clinicNpis;
  const [rows, due] = await Promise.all([
    findEscalationQueuePage(
      db,
      {
        clinicNpis,
        level: query.level,
        clinicNpi: query.clinicNpi,
        when: query.when ?? 'all',
        now,
        soonUntil,
      },
      query,
    ),
    countDueByClass(db, scope, now, soonUntil),
  ]);
  const reviews = await findInternalReviews(
    db,
    rows.map((row) => row.id),
  );
  const zero = () =>
    Object.fromEntries(LEVELS.map((level) => [level, 0])) as Record<(typeof LEVELS)[number], number>;
  const overdue = zero();
  const soonDue = zero();
  for (const count of due) {
    const level = count.reviewClass as (typeof LEVELS)[number];
    overdue[level] += count.overdue;
    soonDue[level] += count.dueSoon;
  }
  const levels: readonly (typeof LEVELS)[number][] = query.level ? [query.level] : LEVELS;
  const when = query.when ?? 'all';
  const totalCount = levels.reduce<number>(
    (sum, level) => sum + (when !== 'soon' ? overdue[level] : 0) + (when !== 'overdue' ? soonDue[level] : 0),
    0,
  );
  return {
    links: buildPageLinks({
      url: query.url,
      page: query.page,
      rows: query.size,
      totalCount,
      sizeParam: 'size',
    }),
    data: rows.map((row) => {
      const review = reviews.find((candidate) => candidate.documentId === row.id);
      const dueAt = row.dueAt as Date;
      return {
        documentId: row.id,
        clinicNpi: row.clinicNpi,
        clinicName: row.clinicName,
        type: row.type,
        alert: (row.alert as 'high' | 'medium' | 'low' | null) ?? null,
        receivedAt: row.createdAt.toISOString(),
        dueAt: dueAt.toISOString(),
        overdue: dueAt.getTime() <= now.getTime(),
        assignedToName:
          row.assigneeEmail === null
            ? null
            : formatUserDisplayName({
                email: row.assigneeEmail,
                firstName: row.assigneeFirstName,
                lastName: row.assigneeLastName,
                title: row.assigneeTitle,
                suffixes: row.assigneeSuffixes,
                roles: Array.isArray(row.assigneeRoles) ? (row.assigneeRoles as UserRole[]) : [],
              }),
        step: (row.step as EscalationStep | null) ?? null,
        lastInternalReview: review ? toInternalReview(review) : null,
      };
    }),
    metadata: { totalCount, page: query.page, rows: query.size, counts: { overdue, soonDue } },
  };
}
