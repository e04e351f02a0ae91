import type { NotificationReadState } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { updateUserNotificationRead } from './notifications.repository';

/** Marks one of the actor's own notifications read or unread; anyone else's is not found. */
export async function markNotificationRead(
  db: Db,
  actor: Actor,
  change: { id: string; isRead: boolean },
): Promise<NotificationReadState> {
  const updated = await updateUserNotificationRead(db, actor.id, change);
  if (!updated) throw new NotFoundError('Notification');
  return updated;
}
