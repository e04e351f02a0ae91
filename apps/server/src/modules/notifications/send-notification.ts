import { assertCan, GLOBAL_CLINIC_NPI, type NotificationType } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { createNotifications } from './create-notifications';
import { findExistingUserIds } from './notifications.repository';

export type SendNotificationInput = {
  userIds: readonly string[];
  type: NotificationType;
  title: string;
  text: string;
  url?: string | null | undefined;
  srcApplication?: string | null | undefined;
};

/**
 * Sends a notification to users (provider-company administrators and the system): every recipient must
 * exist, and each gets their own notification, live on their channel.
 */
export async function sendNotification(
  db: Db,
  actor: Actor,
  input: SendNotificationInput,
): Promise<string[]> {
  assertCan(actor.user, 'notification:send', GLOBAL_CLINIC_NPI);
  return inTransaction(db, async (tx) => {
    const userIds = [...new Set(input.userIds)];
    const known = await findExistingUserIds(tx, userIds);
    const unknown = userIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new UnprocessableError('Some recipients do not exist', [
        { field: 'userIds', message: `unknown user ids: ${unknown.slice(0, 5).join(', ')}` },
      ]);
    return createNotifications(tx, {
      userIds,
      type: input.type,
      title: input.title,
      text: input.text,
      url: input.url ?? null,
      // The sender is the signed-in administrator, whatever the request claims.
      fromUserId: actor.id,
      srcApplication: input.srcApplication ?? 'portal',
    });
  });
}
