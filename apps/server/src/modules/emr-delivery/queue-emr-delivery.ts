import { isAlertDocumentType } from '@portal/domain';
import type { DocumentRow } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { countVendorWorkFor, enqueueVendorWork } from '../vendor-outbox/vendor-outbox.repository';
import { saveQueuedEmrDelivery } from './emr-delivery.repository';

export const EMR_DELIVERY_WORK = 'emr-delivery';

/** Whether a document goes to the EMR now: signed reports always; alerts only with 'upload alerts to EMR'. */
export async function goesToEmr(tx: Tx | Db, document: DocumentRow): Promise<boolean> {
  if (document.status !== 'signed' && document.status !== 'acknowledged') return false;
  if (!isAlertDocumentType(document.type)) return document.status === 'signed';
  const configuration = await loadClinicConfiguration(tx, document.clinicNpi);
  return configuration.settings.uploadAlertsToEmr?.enabled === true;
}

/**
 * Puts a signed document on its way to the clinic's EMR (issue 16 §5), in the transaction that signed
 * it: its delivery state 'queued' and the outbox's work, so a crash after commit still delivers it. A
 * resend is a new piece of work with its own idempotency key.
 */
export async function queueEmrDelivery(tx: Tx, document: DocumentRow): Promise<void> {
  const attempt = (await countVendorWorkFor(tx, document.id, EMR_DELIVERY_WORK)) + 1;
  await saveQueuedEmrDelivery(tx, {
    documentId: document.id,
    clinicNpi: document.clinicNpi,
    signedSha256: document.signedSha256,
  });
  await enqueueVendorWork(tx, {
    kind: EMR_DELIVERY_WORK,
    clinicNpi: document.clinicNpi,
    subjectId: document.id,
    idempotencyKey: `emr:${document.id}:${attempt}`,
  });
}
