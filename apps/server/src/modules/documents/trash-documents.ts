import { assertCan, type BulkResult, truncateNote } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { type BulkLog, settleBulkItems } from './bulk-outcome';
import { deleteDocumentRow } from './documents.repository';
import { getVisibleDocument } from './get-document';
import { recordDocumentChange } from './record-document-change';

/** Moves documents to the trash with a note (soft delete); each answers {reportId, success}. */
export async function trashDocuments(
  context: { db: Db; log: BulkLog },
  actor: Actor,
  ids: readonly string[],
  note: string,
): Promise<BulkResult[]> {
  return settleBulkItems({ log: context.log, operation: 'trash' }, ids, (id) =>
    inTransaction(context.db, async (tx) => {
      const document = await getVisibleDocument(tx, actor, id, { forUpdate: true });
      assertCan(
        actor.user,
        'document:trash',
        document.clinicNpi,
        await loadClinicConfiguration(tx, document.clinicNpi),
      );
      await recordDocumentChange(tx, {
        document,
        actorId: actor.id,
        eventType: 'soft_delete',
        changes: { deletedAt: new Date(), deletedBy: actor.id },
        note: truncateNote(note),
      });
      await publishDocumentsChanged(tx, {
        clinicNpi: document.clinicNpi,
        ids: [document.id],
        eventType: 'soft_delete',
      });
    }),
  );
}

/** Brings a document back from the trash. */
export async function undeleteDocument(db: Db, actor: Actor, id: string) {
  return inTransaction(db, async (tx) => {
    const document = await getVisibleDocument(tx, actor, id, { forUpdate: true, includeDeleted: true });
    assertCan(
      actor.user,
      'document:trash',
      document.clinicNpi,
      await loadClinicConfiguration(tx, document.clinicNpi),
    );
    if (!document.deletedAt) return document;
    const { updated } = await recordDocumentChange(tx, {
      document,
      actorId: actor.id,
      eventType: 'undelete',
      changes: { deletedAt: null, deletedBy: null },
    });
    await publishDocumentsChanged(tx, {
      clinicNpi: document.clinicNpi,
      ids: [document.id],
      eventType: 'undelete',
    });
    return updated;
  });
}

/**
 * Deletes a document for good (system administrators only). The audit trail keeps the record of it,
 * with the hashes of its PDFs; the comments go with the row.
 */
export async function hardDeleteDocument(db: Db, actor: Actor, id: string) {
  await inTransaction(db, async (tx) => {
    const document = await getVisibleDocument(tx, actor, id, { forUpdate: true, includeDeleted: true });
    assertCan(actor.user, 'document:hard-delete', document.clinicNpi);
    await deleteDocumentRow(tx, document.id);
    await recordAuditEvent(tx, {
      clinicNpi: document.clinicNpi,
      entityType: 'document',
      entityId: document.id,
      eventType: 'hard_delete',
      actorId: actor.id,
      before: {
        status: document.status,
        originalSha256: document.originalSha256,
        signedSha256: document.signedSha256,
      },
    });
    await publishDocumentsChanged(tx, {
      clinicNpi: document.clinicNpi,
      ids: [document.id],
      eventType: 'hard_delete',
    });
  });
}
