import type { MarkedAllRead } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { markAllUserNotificationsRead } from './notifications.repository';

/** Marks every one of the actor's notifications read. */
export async function markAllNotificationsRead(db: Db, actor: Actor): Promise<MarkedAllRead> {
  return { updated: await markAllUserNotificationsRead(db, actor.id) };
}
