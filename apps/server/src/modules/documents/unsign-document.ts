import { assertCan } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { DocumentStateError } from './document-state-error';
import { getVisibleDocument } from './get-document';
import { recordDocumentChange } from './record-document-change';

/**
 * Un-signs or un-acknowledges a document, back to unsigned. The signed PDF stays in storage and its hash
 * in the audit trail; the document serves its original again.
 */
export async function unsignDocument(db: Db, actor: Actor, documentId: string, note?: string) {
  return inTransaction(db, async (tx) => {
    const document = await getVisibleDocument(tx, actor, documentId, { forUpdate: true });
    assertCan(actor.user, 'document:unsign', document.clinicNpi);
    if (document.status !== 'signed' && document.status !== 'acknowledged') {
      throw new DocumentStateError(
        `Only signed or acknowledged documents can be un-signed; this one is ${document.status}`,
        [{ field: 'status', message: `is ${document.status}` }],
      );
    }
    const { updated } = await recordDocumentChange(tx, {
      document,
      actorId: actor.id,
      eventType: 'unsigned',
      changes: { status: 'unsigned', signedSha256: null, signedBy: null, signedAt: null },
      note: note ?? null,
    });
    await publishDocumentsChanged(tx, {
      clinicNpi: document.clinicNpi,
      ids: [document.id],
      eventType: 'unsigned',
    });
    return updated;
  });
}
