import type { DeletedAllRead } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { deleteAllReadUserNotifications } from './notifications.repository';

/** Deletes every notification the actor has read. */
export async function deleteAllReadNotifications(db: Db, actor: Actor): Promise<DeletedAllRead> {
  return { deleted: await deleteAllReadUserNotifications(db, actor.id) };
}
