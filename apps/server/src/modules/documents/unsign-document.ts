import { assertCan } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { DocumentRow } from '../../db/schema';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { DocumentStateError } from './document-state-error';
import { getVisibleDocument } from './get-document';
import { recordDocumentChange } from './record-document-change';

/**
 * Runs in an un-signing's transaction, after the document is back to unsigned (app.ts: the correction of a
 * copy the EMR holds).
 */
export type AfterUnsign = (tx: Tx, document: DocumentRow, actor: Actor, reason: string) => Promise<void>;

/**
 * Un-signs or un-acknowledges a document, back to unsigned, for the reason given (kept as the audit event's note,
 * which the document's history shows). The signed PDF stays in storage and its hash in the audit trail; the
 * document serves its original again. A copy already filed in the EMR is corrected through `afterUnsign`.
 */
export async function unsignDocument(
  db: Db,
  actor: Actor,
  documentId: string,
  reason: string,
  afterUnsign?: AfterUnsign,
) {
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
      note: reason,
    });
    await afterUnsign?.(tx, document, actor, reason);
    await publishDocumentsChanged(tx, {
      clinicNpi: document.clinicNpi,
      ids: [document.id],
      eventType: 'unsigned',
    });
    return updated;
  });
}
