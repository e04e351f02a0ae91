import { findFrozenContentChanges } from '@portal/domain';
import type { Updateable } from 'kysely';
import type { DocumentRow, DocumentsTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { frozenContentError } from './document-state-error';
import { updateDocumentRow } from './documents.repository';

/**
 * Writes a change to a document and its audit event in the caller's transaction. The event records the
 * changed fields' values before and after, the actor and the note; the clinic's chain links it.
 *
 * Every document write goes through here, so this is where a signature's promise is kept: a signed or
 * acknowledged document's content cannot change (409 naming the state and the fields), whichever
 * operation asks. The caller holds the row lock, so the status read is the status written against.
 * Telling open inboxes is the operation's own step (publishDocumentsChanged), once per transaction.
 */
export async function recordDocumentChange(
  tx: Tx,
  options: {
    document: DocumentRow;
    actorId: string;
    eventType: string;
    changes: Updateable<DocumentsTable>;
    note?: string | null;
    extra?: Record<string, unknown>;
  },
) {
  const { document, changes } = options;
  const frozen = findFrozenContentChanges(document.status, document, changes);
  if (frozen.length > 0) throw frozenContentError(document.status, frozen);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'updatedAt') continue;
    before[key] = document[key as keyof DocumentRow] ?? null;
    after[key] = value ?? null;
  }
  const updated = await updateDocumentRow(tx, document.id, changes);
  const event = await recordAuditEvent(tx, {
    clinicNpi: document.clinicNpi,
    entityType: 'document',
    entityId: document.id,
    eventType: options.eventType,
    actorId: options.actorId,
    note: options.note ?? null,
    before,
    after: { ...after, ...options.extra },
  });
  return { updated, event };
}
