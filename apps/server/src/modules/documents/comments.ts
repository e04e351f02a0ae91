import {
  assertCan,
  type COMMENT_REACTIONS,
  type CommentResource,
  formatUserDisplayName,
  type MergedClinicConfiguration,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { DocumentCommentRow } from '../../db/schema';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { BadRequestError, HttpError, NotFoundError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { notifyCommentRecipient, notifyProblemReported } from '../notifications/document-notifications';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { getVisibleDocument } from './get-document';

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

/**
 * Refuses comment metadata larger than `maxBytes` as UTF-8 JSON (COMMENT_METADATA_MAX_BYTES, 16 KB by
 * default) with 413 naming `metadata`: it is stored with every comment and sent with every list of them.
 */
export function assertCommentMetadataFits(
  metadata: Record<string, unknown> | undefined,
  maxBytes: number,
): void {
  if (metadata === undefined) return;
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  } catch {
    // Nested deeper than JSON.stringify's stack allows (a 1 MB body can nest 200,000 levels).
    throw new BadRequestError('The comment metadata is nested too deeply.', [
      { field: 'metadata', message: 'is nested too deeply' },
    ]);
  }
  if (size <= maxBytes) return;
  throw new HttpError(413, `The comment metadata is larger than ${maxBytes} bytes.`, [
    { field: 'metadata', message: `must be at most ${maxBytes} bytes as UTF-8 JSON (it is ${size})` },
  ]);
}

async function assertMayComment(
  tx: Db | Tx,
  actor: Actor,
  clinicNpi: string,
): Promise<MergedClinicConfiguration> {
  const configuration = await loadClinicConfiguration(tx, clinicNpi);
  assertCan(actor.user, 'document:comment', clinicNpi, configuration);
  return configuration;
}

export async function listComments(db: Db, actor: Actor, documentId: string) {
  const document = await getVisibleDocument(db, actor, documentId);
  const rows = await db
    .selectFrom('documentComments')
    .selectAll()
    .where('documentId', '=', document.id)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toCommentResource);
}

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
    const document = await tx
      .selectFrom('documents')
      .select(['id', 'clinicNpi', 'type', 'serviceLine'])
      .where('id', '=', documentId)
      .forUpdate()
      .executeTakeFirst();
    if (!document) throw new NotFoundError('Document');
    if (!options.system) {
      if (!actor) throw new HttpError(401, 'Authentication required');
      await getVisibleDocument(tx, actor, documentId);
      await assertMayComment(tx, actor, document.clinicNpi);
    }
    const row = await tx
      .insertInto('documentComments')
      .values({
        documentId,
        authorId: actor?.id ?? null,
        to: input.to ?? null,
        text: input.text,
        status: input.status ?? 'user comment',
        type: options.system ? 'system' : (input.type ?? 'user'),
        metadata: JSON.stringify(input.metadata ?? {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
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

async function getOwnComment(tx: Tx, actor: Actor, documentId: string, commentId: string) {
  const document = await getVisibleDocument(tx, actor, documentId);
  await assertMayComment(tx, actor, document.clinicNpi);
  const row = await tx
    .selectFrom('documentComments')
    .selectAll()
    .where('id', '=', commentId)
    .where('documentId', '=', documentId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Comment');
  return { row, document };
}

/** Edits a comment's text (its author only) or toggles the actor's reaction (anyone who may comment). */
export async function updateComment(
  db: Db,
  actor: Actor,
  documentId: string,
  commentId: string,
  input: { text?: string | undefined; reaction?: (typeof COMMENT_REACTIONS)[number] | undefined },
) {
  return inTransaction(db, async (tx) => {
    const { row, document } = await getOwnComment(tx, actor, documentId, commentId);
    const changes: { text?: string; reactions?: string } = {};
    if (input.text !== undefined) {
      if (row.authorId !== actor.id) throw new HttpError(403, 'Only the author may edit a comment');
      changes.text = input.text;
    }
    if (input.reaction) {
      const reactions = { ...(row.reactions ?? {}) };
      const people = new Set(reactions[input.reaction] ?? []);
      if (people.has(actor.id)) people.delete(actor.id);
      else people.add(actor.id);
      reactions[input.reaction] = [...people];
      if (reactions[input.reaction]?.length === 0) delete reactions[input.reaction];
      changes.reactions = JSON.stringify(reactions);
    }
    const updated = await tx
      .updateTable('documentComments')
      .set({ ...changes, updatedAt: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
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

export async function deleteComment(db: Db, actor: Actor, documentId: string, commentId: string) {
  await inTransaction(db, async (tx) => {
    const { row, document } = await getOwnComment(tx, actor, documentId, commentId);
    if (row.authorId !== actor.id) throw new HttpError(403, 'Only the author may delete a comment');
    await tx.deleteFrom('documentComments').where('id', '=', row.id).execute();
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
