import type { Updateable } from 'kysely';
import type { DocumentRow, DocumentsTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';

/**
 * Writes a change to a document and its audit event in the caller's transaction. The event records the
 * changed fields' values before and after, the actor and the note; the clinic's chain links it.
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
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'updatedAt') continue;
    before[key] = document[key as keyof DocumentRow] ?? null;
    after[key] = value ?? null;
  }
  const updated = await tx
    .updateTable('documents')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', document.id)
    .returningAll()
    .executeTakeFirstOrThrow();
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
