import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { findDocumentComments } from './comments.repository';
import { getVisibleDocument } from './get-document';
import { toCommentResource } from './to-comment-resource';

/** A document's comments, oldest first, for anyone who may see the document. */
export async function listComments(db: Db, actor: Actor, documentId: string) {
  const document = await getVisibleDocument(db, actor, documentId);
  const rows = await findDocumentComments(db, document.id);
  return rows.map(toCommentResource);
}
