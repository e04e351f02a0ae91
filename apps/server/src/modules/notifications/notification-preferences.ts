import {
  DEFAULT_IN_APP_PREFERENCES,
  type InAppPreferences,
  type RealtimeAlertPreference,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';

function toPreferences(row: {
  enableWeeklyDigest: boolean;
  enableDailyDigest: boolean;
  enableRealtimeAlerts: string;
}): InAppPreferences {
  return {
    enableWeeklyDigest: row.enableWeeklyDigest,
    enableDailyDigest: row.enableDailyDigest,
    enableRealtimeAlerts: row.enableRealtimeAlerts as RealtimeAlertPreference,
  };
}

/** A user's in-app preferences; the defaults until they choose. */
export async function getInAppPreferences(db: Db | Tx, userId: string): Promise<InAppPreferences> {
  const row = await db
    .selectFrom('notificationPreferences')
    .selectAll()
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? toPreferences(row) : { ...DEFAULT_IN_APP_PREFERENCES };
}

/** Changes some of the actor's own preferences; the user's audit trail records before and after. */
export async function updateInAppPreferences(db: Db, actor: Actor, changes: Partial<InAppPreferences>) {
  return inTransaction(db, async (tx) => {
    const before = await getInAppPreferences(tx, actor.id);
    const after = { ...before, ...changes };
    await tx
      .insertInto('notificationPreferences')
      .values({ userId: actor.id, ...after })
      .onConflict((conflict) => conflict.column('userId').doUpdateSet({ ...after, updatedAt: new Date() }))
      .execute();
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
