import { assertCan, formatUserDisplayName, type InternalReview, type UserRole } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getVisibleDocument } from '../documents/get-document';
import { findInternalReviews, insertInternalReview } from './escalations.repository';

type ReviewRow = Awaited<ReturnType<typeof findInternalReviews>>[number];

export function toInternalReview(row: ReviewRow): InternalReview {
  return {
    id: row.id,
    documentId: row.documentId,
    reviewerName:
      row.email === null
        ? row.reviewerId
        : formatUserDisplayName({
            email: row.email,
            firstName: row.firstName,
            lastName: row.lastName,
            title: row.title,
            suffixes: row.suffixes,
            roles: Array.isArray(row.roles) ? (row.roles as UserRole[]) : [],
          }),
    note: row.note,
    reviewedAt: row.reviewedAt.toISOString(),
  };
}

/**
 * POST /api/reports/{id}/internal-reviews: a provider-company reviewer marks a document reviewed
 * internally, with a note (issue 17 §1). The clinic sees it beside the document; the review is audited.
 * It does not sign the document, so its deadline and escalation go on.
 */
export async function addInternalReview(
  db: Db,
  actor: Actor,
  documentId: string,
  note: string,
): Promise<InternalReview> {
  return inTransaction(db, async (tx: Tx) => {
    const document = await getVisibleDocument(tx, actor, documentId, { forUpdate: true });
    assertCan(actor.user, 'document:review-internally', document.clinicNpi);
    const row = await insertInternalReview(tx, {
      documentId: document.id,
      clinicNpi: document.clinicNpi,
      reviewerId: actor.id,
      note,
    });
    await recordAuditEvent(tx, {
      clinicNpi: document.clinicNpi,
      entityType: 'document',
      entityId: document.id,
      eventType: 'reviewed_internally',
      actorId: actor.id,
      note,
      after: { internalReviewId: row.id },
    });
    const [saved] = await findInternalReviews(tx, [document.id]);
    return toInternalReview(saved as ReviewRow);
  });
}

/** GET /api/reports/{id}/internal-reviews: a document's internal reviews, newest first. */
export async function listInternalReviews(db: Db, actor: Actor, documentId: string) {
  const document = await getVisibleDocument(db, actor, documentId);
  return { data: (await findInternalReviews(db, [document.id])).map(toInternalReview) };
}
