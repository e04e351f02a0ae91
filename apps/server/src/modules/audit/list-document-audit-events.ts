import type { DocumentAuditEvents } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { getVisibleDocument } from '../documents/get-document';

/**
 * GET /api/audit/documents/{id}/events: a document's audit events, oldest first, as recorded (issue 29 §1:
 * a printout's identity confirmation is read back here). For the provider company's administrators (the
 * route's 'audit:verify'); a document they may not read answers 404.
 */
export async function listDocumentAuditEvents(
  db: Db,
  actor: Actor,
  id: string,
): Promise<DocumentAuditEvents> {
  const document = await getVisibleDocument(db, actor, id, { includeDeleted: true });
  const events = await db
    .selectFrom('auditEvents')
    .select(['id', 'eventType', 'actorId', 'note', 'before', 'after', 'createdAt'])
    .where('entityType', '=', 'document')
    .where('entityId', '=', document.id)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return {
    data: events.map((event) => ({
      ...event,
      // A bigint sequence in the database.
      id: String(event.id),
      before: event.before ?? null,
      after: event.after ?? null,
      createdAt: new Date(event.createdAt).toISOString(),
    })),
  };
}
