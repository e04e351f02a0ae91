import type { NotificationResource } from '@portal/domain';
import type { NotificationRow } from '../../db/schema';

/** A stored notification as the API shows it: one row per recipient, so userIds names that one. */
export function toNotificationResource(row: NotificationRow): NotificationResource {
  return {
    id: row.id,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    category: row.category,
    url: row.url,
    text: row.text,
    title: row.title,
    subTitle: row.subTitle,
    fromUserId: row.fromUserId,
    userIds: [row.userId],
    srcApplication: row.srcApplication,
    documentId: row.documentId,
  };
}
