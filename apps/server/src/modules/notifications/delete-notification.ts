import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { deleteUserNotification } from './notifications.repository';

/** Deletes one of the actor's own notifications; anyone else's is not found. */
export async function deleteNotification(db: Db, actor: Actor, id: string): Promise<void> {
  if (!(await deleteUserNotification(db, actor.id, id))) throw new NotFoundError('Notification');
}
