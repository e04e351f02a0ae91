import type { Insertable, Updateable } from 'kysely';
import type { DocumentCommentsTable } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';

type Executor = Db | Tx;

/** The comments on a document the caller has already found visible, oldest first. */
export async function findDocumentComments(db: Executor, documentId: string) {
  return db
    .selectFrom('documentComments')
    .selectAll()
    .where('documentId', '=', documentId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Locks a comment, found only on the given document (an id from another document is not found). */
export async function lockDocumentComment(tx: Tx, documentId: string, commentId: string) {
  return tx
    .selectFrom('documentComments')
    .selectAll()
    .where('id', '=', commentId)
    .where('documentId', '=', documentId)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertComment(tx: Tx, values: Insertable<DocumentCommentsTable>) {
  return tx.insertInto('documentComments').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Writes changes to a comment the caller holds locked, and stamps updatedAt. */
export async function updateCommentRow(tx: Tx, id: string, changes: Updateable<DocumentCommentsTable>) {
  return tx
    .updateTable('documentComments')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCommentRow(tx: Tx, id: string) {
  await tx.deleteFrom('documentComments').where('id', '=', id).execute();
}
