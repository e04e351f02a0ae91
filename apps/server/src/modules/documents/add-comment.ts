import { formatUserDisplayName } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { HttpError, NotFoundError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { notifyCommentRecipient, notifyProblemReported } from '../notifications/document-notifications';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { assertMayComment } from './comment-access';
import { insertComment } from './comments.repository';
import { lockDocumentForComment } from './documents.repository';
import { getVisibleDocument } from './get-document';
import { toCommentResource } from './to-comment-resource';

/** Adds a comment (user or system) with its audit event; a 'problem reported' status records that type. */
export async function addComment(
  db: Db,
  actor: Actor | null,
  documentId: string,
  input: {
    to?: string | null;
    text: string;
    status?: string;
    type?: string;
    metadata?: Record<string, unknown>;
  },
  options: { system?: boolean } = {},
) {
  return inTransaction(db, async (tx) => {
    const document = await lockDocumentForComment(tx, documentId);
    if (!document) throw new NotFoundError('Document');
    if (!options.system) {
      if (!actor) throw new HttpError(401, 'Authentication required');
      await getVisibleDocument(tx, actor, documentId);
      await assertMayComment(tx, actor, document.clinicNpi);
    }
    const row = await insertComment(tx, {
      documentId,
      authorId: actor?.id ?? null,
      to: input.to ?? null,
      text: input.text,
      status: input.status ?? 'user comment',
      type: options.system ? 'system' : (input.type ?? 'user'),
      metadata: JSON.stringify(input.metadata ?? {}),
    });
    const eventType = row.status === 'problem reported' ? 'problem_reported' : 'user_comment';
    await recordAuditEvent(tx, {
      clinicNpi: document.clinicNpi,
      entityType: 'document',
      entityId: documentId,
      eventType,
      actorId: actor?.id ?? 'system',
      after: { commentId: row.id, to: row.to, status: row.status, type: row.type },
    });
    await publishDocumentsChanged(tx, { clinicNpi: document.clinicNpi, ids: [documentId], eventType });
    if (row.to) {
      await notifyCommentRecipient(tx, {
        document,
        to: row.to,
        authorId: actor?.id ?? null,
        authorName: actor ? formatUserDisplayName(actor.user) : 'The portal',
        text: row.text,
      });
    }
    if (row.status === 'problem reported')
      await notifyProblemReported(tx, { document, reporterId: actor?.id ?? null, text: row.text });
    return toCommentResource(row);
  });
}
