import type { CommentResource } from '@portal/domain';
import type { DocumentCommentRow } from '../../db/schema';

export function toCommentResource(row: DocumentCommentRow): CommentResource {
  return {
    id: row.id,
    documentId: row.documentId,
    authorId: row.authorId,
    to: row.to,
    text: row.text,
    status: row.status,
    type: row.type,
    metadata: row.metadata ?? {},
    reactions: row.reactions ?? {},
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
