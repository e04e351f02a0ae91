import { buildUserChannelName, type NotificationType, REALTIME_EVENTS } from '@portal/domain';
import type { Tx } from '../../db/transaction';
import { enqueueRealtimeEvents } from '../realtime/realtime-outbox';
import { insertNotifications } from './notifications.repository';

export type NewNotification = {
  userIds: readonly string[];
  type: NotificationType;
  title: string;
  text: string;
  subTitle?: string | null;
  url?: string | null;
  fromUserId?: string | null;
  srcApplication?: string | null;
  documentId?: string | null;
  category?: 'CRM' | 'SYSTEM';
};

/**
 * Creates one notification per recipient in the caller's transaction and publishes `new-notification`
 * on each recipient's channel when it commits; the event carries the notification's id and type, never
 * its text.
 */
export async function createNotifications(tx: Tx, notification: NewNotification): Promise<string[]> {
  const userIds = [...new Set(notification.userIds)];
  if (userIds.length === 0) return [];
  const rows = await insertNotifications(tx, {
    userIds,
    type: notification.type,
    category: notification.category ?? 'SYSTEM',
    title: notification.title,
    text: notification.text,
    subTitle: notification.subTitle ?? null,
    url: notification.url ?? null,
    fromUserId: notification.fromUserId ?? null,
    srcApplication: notification.srcApplication ?? 'portal',
    documentId: notification.documentId ?? null,
  });
  await enqueueRealtimeEvents(
    tx,
    rows.map((row) => ({
      channel: buildUserChannelName(row.channelId),
      event: REALTIME_EVENTS.newNotification,
      data: { id: row.id, type: notification.type },
    })),
  );
  return rows.map((row) => row.id);
}
