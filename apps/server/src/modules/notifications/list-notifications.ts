import type { NotificationPage } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { findUserNotificationsPage, type NotificationPageQuery } from './notifications.repository';
import { toNotificationResource } from './to-notification-resource';

/** One page of the actor's own notifications, newest first by default, with the total and unread counts. */
export async function listNotifications(
  db: Db,
  actor: Actor,
  query: NotificationPageQuery,
): Promise<NotificationPage> {
  const { rows, total, unread } = await findUserNotificationsPage(db, actor.id, query);
  // The total counts what the filter keeps: all, the read ones or the unread ones.
  const totalCount = query.isRead === undefined ? total : query.isRead ? total - unread : unread;
  return { totalCount, unreadCount: unread, data: rows.map(toNotificationResource) };
}
