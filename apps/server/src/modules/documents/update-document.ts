import { assertCan, truncateNote } from '@portal/domain';
import type { Updateable } from 'kysely';
import type { Actor } from '../../auth/actor';
import type { DocumentsTable } from '../../db/schema';
import { type Db, inTransaction } from '../../db/transaction';
import type { BulkResult } from './bulk-sign-documents';
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
    const { document } = await getVisibleDocument(tx, actor, id, { forUpdate: true });
    assertCan(actor.user, 'document:update', document.clinicNpi);
    if (document.locked)
      throw new DocumentStateError('The document is locked', [{ field: 'locked', message: 'is true' }]);
    const changes: Updateable<DocumentsTable> = { ...edit };
    if (edit.note !== undefined) changes.note = truncateNote(edit.note);
    if (edit.isOnOac !== undefined && edit.isOnOac !== document.isOnOac) {
      await recordDocumentChange(tx, {
        document,
        actorId: actor.id,
        eventType: 'update_oac',
        changes: { isOnOac: edit.isOnOac },
      });
      delete changes.isOnOac;
    }
    if (Object.keys(changes).length === 0) return document;
    const { updated } = await recordDocumentChange(tx, {
      document,
      actorId: actor.id,
      eventType: 'workflow_modification',
      changes,
    });
    return updated;
  });
}

/** POST bulk-update-note: append to, replace or clear the note of many documents. */
export async function updateNotes(
  db: Db,
  actor: Actor,
  ids: readonly string[],
  input: { note: string; appendNote: boolean; clear: boolean },
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      await inTransaction(db, async (tx) => {
        const { document } = await getVisibleDocument(tx, actor, id, { forUpdate: true });
        assertCan(actor.user, 'document:update', document.clinicNpi);
        const note = input.clear ? '' : nextNote(document.note, input);
        await recordDocumentChange(tx, {
          document,
          actorId: actor.id,
          eventType: 'workflow_modification',
          changes: { note },
        });
      });
      results.push({ reportId: id, success: true });
    } catch {
      results.push({ reportId: id, success: false });
    }
  }
  return results;
}
