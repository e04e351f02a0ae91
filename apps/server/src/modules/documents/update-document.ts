import { assertCan, type BulkResult, truncateNote } from '@portal/domain';
import type { Updateable } from 'kysely';
import type { Actor } from '../../auth/actor';
import type { DocumentRow, DocumentsTable } from '../../db/schema';
import { type Db, inTransaction } from '../../db/transaction';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { type BulkLog, settleBulkItems } from './bulk-outcome';
import { DocumentStateError } from './document-state-error';
import { getVisibleDocument } from './get-document';
import { recordDocumentChange } from './record-document-change';
import { nextNote } from './sign-document';

export type DocumentEdit = Partial<{
  note: string;
  comment: string | null;
  assessmentPlan: string | null;
  emrNumber: string | null;
  isOnOac: boolean;
  cptCodes: string[];
  icd10Codes: string[];
  physicianName: string | null;
  physicianNpi: string | null;
  auditNote: string | null;
}>;

/** PATCH {id}: the reviewable fields of a document. A locked or signed document keeps its content. */
export async function updateDocument(db: Db, actor: Actor, id: string, edit: DocumentEdit) {
  return inTransaction(db, async (tx) => {
    const document = await getVisibleDocument(tx, actor, id, { forUpdate: true });
    assertCan(actor.user, 'document:update', document.clinicNpi);
    if (document.locked)
      throw new DocumentStateError('The document is locked', [{ field: 'locked', message: 'is true' }]);
    const changes: Updateable<DocumentsTable> = { ...edit };
    if (edit.note !== undefined) changes.note = truncateNote(edit.note);
    // The transaction's changes publish one event, named for the last of them.
    let eventType: string | undefined;
    if (edit.isOnOac !== undefined && edit.isOnOac !== document.isOnOac) {
      await recordDocumentChange(tx, {
        document,
        actorId: actor.id,
        eventType: 'update_oac',
        changes: { isOnOac: edit.isOnOac },
      });
      delete changes.isOnOac;
      eventType = 'update_oac';
    }
    let result: DocumentRow = document;
    if (Object.keys(changes).length > 0) {
      ({ updated: result } = await recordDocumentChange(tx, {
        document,
        actorId: actor.id,
        eventType: 'workflow_modification',
        changes,
      }));
      eventType = 'workflow_modification';
    }
    if (eventType) {
      await publishDocumentsChanged(tx, { clinicNpi: document.clinicNpi, ids: [document.id], eventType });
    }
    return result;
  });
}

/** POST bulk-update-note: append to, replace or clear the note of many documents. */
export async function updateNotes(
  context: { db: Db; log: BulkLog },
  actor: Actor,
  ids: readonly string[],
  input: { note: string; appendNote: boolean; clear: boolean },
): Promise<BulkResult[]> {
  return settleBulkItems({ log: context.log, operation: 'bulk-update-note' }, ids, (id) =>
    inTransaction(context.db, async (tx) => {
      const document = await getVisibleDocument(tx, actor, id, { forUpdate: true });
      assertCan(actor.user, 'document:update', document.clinicNpi);
      const note = input.clear ? '' : nextNote(document.note, input);
      await recordDocumentChange(tx, {
        document,
        actorId: actor.id,
        eventType: 'workflow_modification',
        changes: { note },
      });
      await publishDocumentsChanged(tx, {
        clinicNpi: document.clinicNpi,
        ids: [document.id],
        eventType: 'workflow_modification',
      });
    }),
  );
}
