import { documentTypeLabel, formatUserDisplayName } from '@portal/domain';
import { PDFDocument } from 'pdf-lib';
import { type Db, inTransaction } from '../../db/transaction';
import type { FhirGender } from '../../integrations/emr/emr-fhir-bundle';
import { recordAuditEvent } from '../audit/record-audit-event';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { findDocumentById } from '../documents/documents.repository';
import { prepareDocumentPdf } from '../documents/prepare-document-pdf';
import type { DocumentStorage } from '../documents/storage/file-storage';
import { findUserById } from '../users/users.repository';
import type { VendorWorkHandler } from '../vendor-outbox/vendor-outbox-worker';
import {
  findEmrDelivery,
  recordEmrAttempt,
  recordEmrCorrectionOutcome,
  saveEmrDeliveryPdf,
  saveWithdrawnEmrDelivery,
} from './emr-delivery.repository';
import { parseReferringAndInterpreting } from './emr-physicians';
import type { EmrPort } from './emr-port';
import { queueEmrCorrection } from './queue-emr-correction';
import { goesToEmr } from './queue-emr-delivery';

/** Delivery to an EMR the portal has no settings for fails with a sentence saying which to set. */
export class EmrNotConfiguredError extends Error {
  override name = 'EmrNotConfiguredError';
  constructor() {
    super('The portal is not connected to an EMR: EMR_FHIR_URL is not set.');
  }
}

/**
 * An attempt's outcome, and its audit event on the document (a copy of a signed record left the portal, or
 * could not), in one transaction.
 */
async function recordDeliveryOutcome(
  db: Db,
  document: { id: string; clinicNpi: string },
  outcome: Parameters<typeof recordEmrAttempt>[2] & { replaces?: string | null },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { replaces: _replaces, ...attempt } = outcome;
    await recordEmrAttempt(tx, document.id, attempt as Parameters<typeof recordEmrAttempt>[2]);
    await recordAuditEvent(tx, {
      clinicNpi: document.clinicNpi,
      entityType: 'document',
      entityId: document.id,
      eventType: outcome.state === 'delivered' ? 'emr_delivered' : 'emr_delivery_failed',
      actorId: null,
      after:
        outcome.state === 'delivered'
          ? { emrId: outcome.emrId, pageCount: outcome.pageCount, replaces: outcome.replaces }
          : { reason: outcome.reason, final: outcome.state === 'failed' },
    });
  });
}

async function countPages(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
}

/**
 * The outbox's EMR delivery (issue 16 §5): the signed document with its coversheet, cut to the clinic's
 * 'EMR PDF max page length', filed in the EMR with the interpreting and referring physicians of the
 * clinic's setting (when it is on; otherwise the signer interprets and the ordering physician refers).
 * Each attempt's outcome is the document's delivery state: delivered with the EMR's id, queued again with
 * the reason, or failed.
 */
export function deliverToEmrHandler(context: {
  db: Db;
  storage: DocumentStorage;
  emr: EmrPort | undefined;
}): VendorWorkHandler {
  const pageCounts = new Map<string, number>();
  return {
    async run(work, signal) {
      const document = await findDocumentById(context.db, work.subjectId);
      const delivery = await findEmrDelivery(context.db, work.subjectId);
      if (!document || !delivery || document.deletedAt) return;
      // Un-signed (or otherwise no longer going) since this work was queued: nothing is filed.
      if (!(await goesToEmr(context.db, document))) {
        await inTransaction(context.db, (tx) => saveWithdrawnEmrDelivery(tx, document.id));
        return;
      }
      if (!context.emr) throw new EmrNotConfiguredError();
      // The coversheet is drawn afresh on every download; a retry of this work must send the bytes its first
      // attempt sent (the EMR holds the idempotency key to them), so they are kept by the work's key.
      let pdf: Uint8Array;
      let pageCount: number;
      if (delivery.pdfWorkKey === work.idempotencyKey && delivery.pdfSha256 && delivery.pageCount !== null) {
        pdf = await context.storage.get(delivery.pdfSha256);
        pageCount = delivery.pageCount;
      } else {
        pdf = await prepareDocumentPdf(context.db, context.storage, document, { forEmr: true });
        pageCount = await countPages(pdf);
        const stored = await context.storage.put(pdf);
        await saveEmrDeliveryPdf(context.db, document.id, {
          sha256: stored.sha256,
          workKey: work.idempotencyKey,
          pageCount,
        });
      }
      pageCounts.set(work.id, pageCount);
      const configuration = await loadClinicConfiguration(context.db, document.clinicNpi);
      const signer = document.signedBy ? await findUserById(context.db, document.signedBy) : undefined;
      const signerPhysician = {
        name: signer ? formatUserDisplayName(signer) : 'Unknown',
        npi: signer?.npi ?? null,
        userId: signer?.id ?? document.signedBy ?? 'unknown',
        familyName: signer?.lastName?.trim() || (signer ? formatUserDisplayName(signer) : 'Unknown'),
        givenNames: signer?.firstName?.trim() ? [signer.firstName.trim()] : [],
      };
      const gender = await findPatientGender(context.db, document.clinicNpi, document.patientId);
      const setting = configuration.settings.referringAndInterpretingPhysician;
      const physicians = setting?.enabled
        ? parseReferringAndInterpreting(setting.value)
        : {
            interpreting: signerPhysician,
            referring: document.physicianName
              ? { name: document.physicianName, npi: document.physicianNpi }
              : null,
          };
      const label = documentTypeLabel(document.type);
      const filed = await context.emr.fileDocument(
        {
          documentId: document.id,
          clinicNpi: document.clinicNpi,
          signedSha256: document.signedSha256 ?? document.originalSha256,
          documentType: document.type,
          documentTypeLabel: label,
          title: `${label} ${document.dos.toISOString().slice(0, 10)}`,
          dateOfService: document.dos.toISOString().slice(0, 10),
          replacesEmrId: delivery.replacesEmrId,
          patient: {
            mrn: document.patientId,
            firstName: document.patientFirstName,
            lastName: document.patientLastName,
            dob: document.patientDob ? document.patientDob.toISOString().slice(0, 10) : null,
            gender,
          },
          signedAt: (document.signedAt ?? new Date()).toISOString(),
          signer: signerPhysician,
          interpreting: physicians.interpreting,
          referring: physicians.referring,
          pdf,
        },
        { idempotencyKey: work.idempotencyKey, signal },
      );
      await recordDeliveryOutcome(context.db, document, {
        state: 'delivered',
        emrId: filed.emrId,
        pageCount,
        replaces: delivery.replacesEmrId,
      });
      pageCounts.delete(work.id);
      // Un-signed while this copy was on its way: it is corrected at once, like any copy of an un-signed document.
      await inTransaction(context.db, async (tx) => {
        const current = await findDocumentById(tx, document.id);
        if (current && !(await goesToEmr(tx, current))) await queueEmrCorrection(tx, current);
      });
    },
    async failed(work, reason, final) {
      const pageCount = pageCounts.get(work.id) ?? null;
      pageCounts.delete(work.id);
      const document = await findDocumentById(context.db, work.subjectId);
      if (!document) return;
      // Un-signed meanwhile: the delivery was withdrawn, and a failure of it changes nothing.
      if (!(await goesToEmr(context.db, document))) {
        await inTransaction(context.db, (tx) => saveWithdrawnEmrDelivery(tx, document.id));
        return;
      }
      await recordDeliveryOutcome(context.db, document, {
        state: final ? 'failed' : 'queued',
        reason,
        pageCount,
      });
    },
  };
}

/** The patient's administrative gender as FHIR codes it; unknown when the portal has none. */
async function findPatientGender(db: Db, clinicNpi: string, patientId: string): Promise<FhirGender> {
  const row = await db
    .selectFrom('patients')
    .select('gender')
    .where('clinicNpi', '=', clinicNpi)
    .where('patientId', '=', patientId)
    .executeTakeFirst();
  const gender = row?.gender?.trim().toLowerCase() ?? '';
  if (gender === 'm' || gender === 'male') return 'male';
  if (gender === 'f' || gender === 'female') return 'female';
  if (gender === 'o' || gender === 'other') return 'other';
  return 'unknown';
}

/**
 * The outbox's EMR correction (issue 30 §3): the copy an un-signed document left in the EMR is marked
 * entered-in-error; each attempt's outcome is the delivery's correction state, with its audit event.
 */
export function correctEmrCopyHandler(context: { db: Db; emr: EmrPort | undefined }): VendorWorkHandler {
  return {
    async run(work, signal) {
      const delivery = await findEmrDelivery(context.db, work.subjectId);
      const emrId = delivery?.correctionEmrId;
      if (!delivery || !emrId || delivery.correctionState === 'entered-in-error') return;
      if (!context.emr) throw new EmrNotConfiguredError();
      await context.emr.markEnteredInError(emrId, { idempotencyKey: work.idempotencyKey, signal });
      await inTransaction(context.db, async (tx) => {
        await recordEmrCorrectionOutcome(tx, delivery.documentId, { state: 'entered-in-error' });
        await recordAuditEvent(tx, {
          clinicNpi: delivery.clinicNpi,
          entityType: 'document',
          entityId: delivery.documentId,
          eventType: 'emr_corrected',
          actorId: null,
          after: { emrId, status: 'entered-in-error' },
        });
      });
    },
    async failed(work, reason, final) {
      const delivery = await findEmrDelivery(context.db, work.subjectId);
      if (!delivery) return;
      await inTransaction(context.db, async (tx) => {
        await recordEmrCorrectionOutcome(tx, delivery.documentId, {
          state: final ? 'failed' : 'queued',
          reason,
        });
        await recordAuditEvent(tx, {
          clinicNpi: delivery.clinicNpi,
          entityType: 'document',
          entityId: delivery.documentId,
          eventType: 'emr_correction_failed',
          actorId: null,
          after: { emrId: delivery.correctionEmrId, reason, final },
        });
      });
    },
  };
}
