import type { Selectable } from 'kysely';
import type { EmrDeliveriesTable } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';

export type EmrDeliveryRow = Selectable<EmrDeliveriesTable>;

export async function findEmrDelivery(db: Db | Tx, documentId: string): Promise<EmrDeliveryRow | undefined> {
  return db.selectFrom('emrDeliveries').selectAll().where('documentId', '=', documentId).executeTakeFirst();
}

/** A document (again) on its way to the EMR: queued, its previous outcome cleared. */
export async function saveQueuedEmrDelivery(
  tx: Tx,
  delivery: { documentId: string; clinicNpi: string; signedSha256: string | null },
): Promise<void> {
  await tx
    .insertInto('emrDeliveries')
    .values({ ...delivery, state: 'queued' })
    .onConflict((conflict) =>
      conflict.column('documentId').doUpdateSet({
        state: 'queued',
        reason: null,
        signedSha256: delivery.signedSha256,
        updatedAt: new Date(),
      }),
    )
    .execute();
}

export async function recordEmrAttempt(
  db: Db | Tx,
  documentId: string,
  outcome:
    | { state: 'delivered'; emrId: string; pageCount: number }
    | { state: 'queued' | 'failed'; reason: string; pageCount: number | null },
): Promise<void> {
  await db
    .updateTable('emrDeliveries')
    .set((eb) => ({
      state: outcome.state,
      emrId: outcome.state === 'delivered' ? outcome.emrId : null,
      reason: outcome.state === 'delivered' ? null : outcome.reason,
      pageCount: outcome.pageCount,
      attempts: eb('attempts', '+', 1),
      updatedAt: new Date(),
    }))
    .where('documentId', '=', documentId)
    .execute();
}

/** Remembers the PDF this piece of work sends, so its retries send the very same bytes. */
export async function saveEmrDeliveryPdf(
  db: Db,
  documentId: string,
  pdf: { sha256: string; workKey: string; pageCount: number },
): Promise<void> {
  await db
    .updateTable('emrDeliveries')
    .set({ pdfSha256: pdf.sha256, pdfWorkKey: pdf.workKey, pageCount: pdf.pageCount })
    .where('documentId', '=', documentId)
    .execute();
}

/**
 * The signed copy the EMR holds is withdrawn (its document un-signed): the correction queued for it, the
 * delivery back to not sent, and the copy remembered as the one the next signature's copy replaces.
 */
export async function saveQueuedEmrCorrection(tx: Tx, documentId: string, emrId: string): Promise<void> {
  await tx
    .updateTable('emrDeliveries')
    .set({
      state: 'not-sent',
      emrId: null,
      reason: null,
      correctionState: 'queued',
      correctionEmrId: emrId,
      correctionReason: null,
      replacesEmrId: emrId,
      updatedAt: new Date(),
    })
    .where('documentId', '=', documentId)
    .execute();
}

/** A delivery queued or failed before the EMR had it, dropped because the document was un-signed. */
export async function saveWithdrawnEmrDelivery(tx: Tx, documentId: string): Promise<void> {
  await tx
    .updateTable('emrDeliveries')
    .set({ state: 'not-sent', reason: null, updatedAt: new Date() })
    .where('documentId', '=', documentId)
    .execute();
}

export async function recordEmrCorrectionOutcome(
  db: Db | Tx,
  documentId: string,
  outcome: { state: 'entered-in-error' } | { state: 'queued' | 'failed'; reason: string },
): Promise<void> {
  await db
    .updateTable('emrDeliveries')
    .set({
      correctionState: outcome.state,
      correctionReason: outcome.state === 'entered-in-error' ? null : outcome.reason,
      updatedAt: new Date(),
    })
    .where('documentId', '=', documentId)
    .execute();
}

/** The document's audit events that tell its way to the EMR, oldest first. */
export async function findEmrDeliveryEvents(db: Db | Tx, document: { id: string; clinicNpi: string }) {
  return db
    .selectFrom('auditEvents')
    .select(['eventType', 'note', 'after', 'createdAt'])
    .where('entityType', '=', 'document')
    .where('entityId', '=', document.id)
    .where('clinicNpi', '=', document.clinicNpi)
    .where((eb) =>
      eb.or([
        eb('eventType', 'in', ['signed', 'acknowledged', 'unsigned']),
        eb('eventType', 'like', 'emr\\_%'),
      ]),
    )
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}
