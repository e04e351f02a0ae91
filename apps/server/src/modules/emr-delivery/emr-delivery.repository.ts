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
