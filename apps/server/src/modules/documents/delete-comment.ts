import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { lockCommentToChange } from './comment-access';
import { deleteCommentRow } from './comments.repository';

/** Deletes a comment (its author only); the audit event keeps its text. */
export async function deleteComment(db: Db, actor: Actor, documentId: string, commentId: string) {
  await inTransaction(db, async (tx) => {
    const { row, document } = await lockCommentToChange(tx, actor, documentId, commentId);
    if (row.authorId !== actor.id) throw new HttpError(403, 'Only the author may delete a comment');
    await deleteCommentRow(tx, row.id);
    await recordAuditEvent(tx, {
      clinicNpi: document.clinicNpi,
      entityType: 'document',
      entityId: documentId,
      eventType: 'user_comment',
      actorId: actor.id,
      before: { commentId: row.id, text: row.text },
      note: 'comment deleted',
    });
    await publishDocumentsChanged(tx, {
      clinicNpi: document.clinicNpi,
      ids: [documentId],
      eventType: 'user_comment',
    });
  });
}
