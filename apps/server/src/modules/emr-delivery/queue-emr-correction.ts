import type { DocumentRow } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { enqueueVendorWork } from '../vendor-outbox/vendor-outbox.repository';
import {
  findEmrDelivery,
  saveQueuedEmrCorrection,
  saveWithdrawnEmrDelivery,
} from './emr-delivery.repository';

export const EMR_CORRECTION_WORK = 'emr-correction';

/**
 * In an un-signing's transaction (issue 30 §3): a signed copy the EMR holds gets its correction queued (the
 * outbox marks the EMR's DocumentReference entered-in-error), with its audit event; a delivery not yet made is
 * withdrawn, so the outbox does not file a copy that no longer stands.
 */
export async function queueEmrCorrection(tx: Tx, document: DocumentRow): Promise<void> {
  const delivery = await findEmrDelivery(tx, document.id);
  if (!delivery) return;
  if (delivery.state === 'delivered' && delivery.emrId) {
    await saveQueuedEmrCorrection(tx, document.id, delivery.emrId);
    await enqueueVendorWork(tx, {
      kind: EMR_CORRECTION_WORK,
      clinicNpi: document.clinicNpi,
      subjectId: document.id,
      idempotencyKey: `emr-correction:${document.id}:${delivery.emrId}`,
    });
    await recordAuditEvent(tx, {
      clinicNpi: document.clinicNpi,
      entityType: 'document',
      entityId: document.id,
      eventType: 'emr_correction_queued',
      actorId: null,
      after: { emrId: delivery.emrId },
    });
  } else if (delivery.state === 'queued' || delivery.state === 'failed') {
    await saveWithdrawnEmrDelivery(tx, document.id);
  }
}
