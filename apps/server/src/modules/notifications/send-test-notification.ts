import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { createNotifications } from './create-notifications';

/** A notification from the actor to themselves, which arrives live on their channel. */
export async function sendTestNotification(db: Db, actor: Actor): Promise<string[]> {
  return inTransaction(db, (tx) =>
    createNotifications(tx, {
      userIds: [actor.id],
      type: 'info',
      title: 'Test notification',
      text: 'Notifications reach you on this device.',
      fromUserId: actor.id,
    }),
  );
}
