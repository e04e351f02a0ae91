import { buildClinicChannelName, REALTIME_EVENTS } from '@portal/domain';
import type { Tx } from '../../db/transaction';
import { enqueueRealtimeEvents } from './realtime-outbox';

export type DocumentsChanged = {
  clinicNpi: string;
  /** The documents that changed; ids only, never PHI. */
  ids: readonly string[];
  /** The audit event type of the change (for a transaction of several changes, the one that names it). */
  eventType: string;
};

/**
 * Tells the clinic's open inboxes that documents changed, so they refresh. Called by each operation that
 * changes documents, inside its transaction and once per clinic: the event is queued in the transactional
 * outbox and leaves only if the change commits.
 */
export async function publishDocumentsChanged(tx: Tx, change: DocumentsChanged): Promise<void> {
  if (change.ids.length === 0) return;
  await enqueueRealtimeEvents(tx, [
    {
      channel: buildClinicChannelName(change.clinicNpi),
      event: REALTIME_EVENTS.documentsChanged,
      data: { ids: [...change.ids], eventType: change.eventType },
    },
  ]);
}
