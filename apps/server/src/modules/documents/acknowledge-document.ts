import { assertCan } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { DocumentStateError } from './document-state-error';
import { getVisibleDocument } from './get-document';
import { recordDocumentChange } from './record-document-change';
import {
  type AfterSignature,
  nextNote,
  type SignInput,
  signatureTimeText,
  signerZoneOrRefuse,
} from './sign-document';

/** A nurse (or provider) acknowledges an unsigned document: exactly once, with its audit event. */
export async function acknowledgeDocument(
  db: Db,
  actor: Actor,
  documentId: string,
  input: SignInput,
  afterSignature?: AfterSignature,
) {
  const signerZone = signerZoneOrRefuse(input.localTime, new Date());
  return inTransaction(db, async (tx) => {
    const document = await getVisibleDocument(tx, actor, documentId, { forUpdate: true });
    assertCan(actor.user, 'document:acknowledge', document.clinicNpi);
    if (document.status !== 'unsigned') {
      throw new DocumentStateError(
        `Only unsigned documents can be acknowledged; this one is ${document.status}`,
        [{ field: 'status', message: `is ${document.status}` }],
      );
    }
    // The acknowledgement's time as a signature's (issue 31 §1): the server's clock, printed in the
    // signer's offset or the clinic's zone; the event keeps the instant in UTC.
    const signedAt = new Date();
    const configuration = await loadClinicConfiguration(tx, document.clinicNpi);
    const { updated } = await recordDocumentChange(tx, {
      document,
      actorId: actor.id,
      eventType: 'acknowledged',
      changes: {
        status: 'acknowledged',
        note: nextNote(document.note, input),
        signedBy: actor.id,
        signedAt,
      },
      note: input.note ?? null,
      extra: {
        localTime: input.localTime ?? null,
        signedAtText: signatureTimeText(signedAt, signerZone, configuration),
      },
    });
    await afterSignature?.(tx, updated, actor);
    await publishDocumentsChanged(tx, {
      clinicNpi: document.clinicNpi,
      ids: [document.id],
      eventType: 'acknowledged',
    });
    return updated;
  });
}
