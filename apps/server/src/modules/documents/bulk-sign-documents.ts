import {
  assertCan,
  type BulkResult,
  describeBulkSigning,
  isHighAlert,
  type MergedClinicConfiguration,
  partitionForBulkSigning,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { DocumentRow } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import { loadSignatureSettings } from '../clinics/load-signature-settings';
import { type BulkLog, settleBulkItems } from './bulk-outcome';
import { DocumentStateError } from './document-state-error';
import { type AfterSignature, type SignInput, signDocument, signerZoneOrRefuse } from './sign-document';
import type { DocumentStorage } from './storage/file-storage';

/**
 * The bulk-signing rule on one locked document (describeBulkSigning and partitionForBulkSigning, the
 * rule the web's dialogs state): the signer may bulk-sign at its clinic (the bulk e-signing flag, the
 * 'enable bulk signing' setting and their signature settings' bulkSignEnabled opt-in), the document
 * is not a high alert (never, whatever the flags), and it is an alert only while physicianBulkSignAlerts
 * is on.
 */
async function assertBulkSignable(
  tx: Tx,
  actor: Actor,
  document: DocumentRow,
  configuration: MergedClinicConfiguration,
) {
  assertCan(actor.user, 'document:bulk-sign', document.clinicNpi, configuration);
  const settings = await loadSignatureSettings(tx, document.clinicNpi, actor.id);
  const state = describeBulkSigning(configuration, settings);
  if (!state.allowed) throw new HttpError(403, state.summary);
  if (partitionForBulkSigning([document], configuration).signable.length === 0) {
    throw new DocumentStateError(
      isHighAlert(document)
        ? 'High alerts are never bulk-signed: open the alert and sign it on its own'
        : 'Alerts are not bulk-signed at this clinic',
      [{ field: 'alert', message: isHighAlert(document) ? 'is high' : 'is an alert' }],
    );
  }
}

/**
 * Signs many documents (bulk sign, Sign all, and sign by id list), each in its own transaction, so one
 * failure never undoes another's signature. Every id gets a {reportId, success} answer; each document is
 * read as the signer may see it and the bulk-signing rule checked under its row lock, so a document that
 * became a high alert a moment ago is refused. A high alert is signed only on its own
 * (PATCH /api/reports/:id/sign). A failure that is no refusal is logged (see settleBulkItem).
 */
export async function signDocuments(
  context: { db: Db; storage: DocumentStorage; log: BulkLog; afterSignature?: AfterSignature | undefined },
  actor: Actor,
  ids: readonly string[],
  input: SignInput,
): Promise<BulkResult[]> {
  // A free-text or far-off localTime refuses the whole request (400 naming it), before any signature.
  signerZoneOrRefuse(input.localTime, new Date());
  return settleBulkItems({ log: context.log, operation: 'bulk-sign' }, ids, (id) =>
    signDocument(context, actor, id, input, {
      beforeSign: (tx, document, configuration) => assertBulkSignable(tx, actor, document, configuration),
    }),
  );
}
