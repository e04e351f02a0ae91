import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { lockCommentToChange } from './comment-access';
import { type CommentReaction, toggleReaction } from './comment-reactions';
import { updateCommentRow } from './comments.repository';
import { toCommentResource } from './to-comment-resource';

/**
 * Edits a comment's text (its author only) and/or toggles the actor's reaction (anyone who may comment):
 * one request may carry both, and they change the comment together. Only a text edit is audited and
 * announced to open inboxes.
 */
export async function updateComment(
  db: Db,
  actor: Actor,
  documentId: string,
  commentId: string,
  input: { text?: string | undefined; reaction?: CommentReaction | undefined },
) {
  return inTransaction(db, async (tx) => {
    const { row, document } = await lockCommentToChange(tx, actor, documentId, commentId);
    const changes: { text?: string; reactions?: string } = {};
    if (input.text !== undefined) {
      if (row.authorId !== actor.id) throw new HttpError(403, 'Only the author may edit a comment');
      changes.text = input.text;
    }
    if (input.reaction) {
      changes.reactions = JSON.stringify(toggleReaction(row.reactions ?? {}, input.reaction, actor.id));
    }
    const updated = await updateCommentRow(tx, row.id, changes);
    if (changes.text !== undefined) {
      await recordAuditEvent(tx, {
        clinicNpi: document.clinicNpi,
        entityType: 'document',
        entityId: documentId,
        eventType: 'user_comment',
        actorId: actor.id,
        before: { commentId: row.id, text: row.text },
        after: { commentId: row.id, text: updated.text },
      });
      await publishDocumentsChanged(tx, {
        clinicNpi: document.clinicNpi,
        ids: [documentId],
        eventType: 'user_comment',
      });
    }
    return toCommentResource(updated);
  });
}
