import type { InAppPreferences } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getInAppPreferences } from './get-notification-preferences';
import { saveInAppPreferences } from './notifications.repository';

/** Changes some of the actor's own preferences; the user's audit trail records before and after. */
export async function updateInAppPreferences(
  db: Db,
  actor: Actor,
  changes: Partial<InAppPreferences>,
): Promise<InAppPreferences> {
  return inTransaction(db, async (tx) => {
    const before = await getInAppPreferences(tx, actor.id);
    const after = { ...before, ...changes };
    await saveInAppPreferences(tx, actor.id, after);
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: 'setting',
      entityId: `notification-preferences:${actor.id}`,
      eventType: 'updated',
      actorId: actor.id,
      before,
      after,
    });
    return after;
  });
}
