import { assertCan, type EmrDelivery, type EmrDeliveryStep } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { ConflictError, UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getVisibleDocument } from '../documents/get-document';
import { type EmrDeliveryRow, findEmrDelivery, findEmrDeliveryEvents } from './emr-delivery.repository';
import { goesToEmr, queueEmrDelivery } from './queue-emr-delivery';

type DeliveryEvent = Awaited<ReturnType<typeof findEmrDeliveryEvents>>[number];

const STEP_OF_EVENT: Readonly<Record<string, EmrDeliveryStep['step']>> = {
  signed: 'signed',
  acknowledged: 'signed',
  unsigned: 'unsigned',
  emr_delivered: 'delivered',
  emr_delivery_failed: 'failed',
  emr_resend_requested: 'resend-requested',
  emr_correction_queued: 'correction-queued',
  emr_corrected: 'entered-in-error',
  emr_correction_failed: 'correction-failed',
};

/** The steps of a document's way to the EMR, from its audit events (the un-signing's reason among them). */
function toSteps(events: DeliveryEvent[]): EmrDeliveryStep[] {
  const steps: EmrDeliveryStep[] = [];
  for (const event of events) {
    const step = STEP_OF_EVENT[event.eventType];
    if (!step) continue;
    const after = (typeof event.after === 'object' && event.after !== null ? event.after : {}) as Record<
      string,
      unknown
    >;
    const emrId = typeof after.emrId === 'string' ? after.emrId : null;
    const reason = step === 'unsigned' ? event.note : typeof after.reason === 'string' ? after.reason : null;
    steps.push({ step, at: event.createdAt.toISOString(), emrId, reason });
  }
  return steps;
}

function toEmrDelivery(
  documentId: string,
  row: EmrDeliveryRow | undefined,
  events: DeliveryEvent[],
): EmrDelivery {
  if (!row)
    return {
      documentId,
      state: 'not-sent',
      emrId: null,
      reason: null,
      attempts: 0,
      pageCount: null,
      updatedAt: null,
      correction: { state: 'none', emrId: null, reason: null },
      replacesEmrId: null,
      steps: [],
    };
  return {
    documentId,
    state: row.state as EmrDelivery['state'],
    emrId: row.emrId,
    reason: row.reason,
    attempts: row.attempts,
    pageCount: row.pageCount,
    updatedAt: row.updatedAt.toISOString(),
    correction: {
      state: row.correctionState as EmrDelivery['correction']['state'],
      emrId: row.correctionEmrId,
      reason: row.correctionReason,
    },
    replacesEmrId: row.replacesEmrId,
    steps: toSteps(events),
  };
}

async function describeDelivery(db: Db, document: { id: string; clinicNpi: string }): Promise<EmrDelivery> {
  const row = await findEmrDelivery(db, document.id);
  return toEmrDelivery(document.id, row, row ? await findEmrDeliveryEvents(db, document) : []);
}

/** GET /api/reports/{id}/emr-delivery: where the document's delivery to the clinic's EMR stands. */
export async function getEmrDelivery(db: Db, actor: Actor, documentId: string): Promise<EmrDelivery> {
  const document = await getVisibleDocument(db, actor, documentId);
  return describeDelivery(db, document);
}

/**
 * Sends a signed document to the EMR again (POST /api/reports/{id}/emr-delivery/resend, and for RPM
 * documents POST resend-signed-rpm-document/{id}): a new outbox item, the delivery state queued. A document
 * not signed (or an alert the clinic does not send) is a 409; `onlyRpm` refuses other types with a 422.
 */
export async function resendToEmr(
  db: Db,
  actor: Actor,
  documentId: string,
  options: { onlyRpm?: boolean } = {},
): Promise<EmrDelivery> {
  const queued = await inTransaction(db, async (tx) => {
    const document = await getVisibleDocument(tx, actor, documentId, { forUpdate: true });
    assertCan(actor.user, 'document:resend-to-emr', document.clinicNpi);
    if (options.onlyRpm && !document.type.startsWith('rpm-'))
      throw new UnprocessableError('Only RPM documents are resent here', [
        { field: 'id', message: `is a ${document.type} document, not an RPM one` },
      ]);
    if (!(await goesToEmr(tx, document)))
      throw new ConflictError(
        document.status === 'signed' || document.status === 'acknowledged'
          ? "This clinic does not send alerts to its EMR ('upload alerts to EMR' is off)."
          : `Only signed documents go to the EMR; this one is ${document.status}.`,
        [{ field: 'status', message: `is ${document.status}` }],
      );
    await queueEmrDelivery(tx, document);
    await recordAuditEvent(tx, {
      clinicNpi: document.clinicNpi,
      entityType: 'document',
      entityId: document.id,
      eventType: 'emr_resend_requested',
      actorId: actor.id,
    });
    return document;
  });
  return describeDelivery(db, queued);
}
