import { NOTIFICATION_PAGE_SIZE } from '@portal/domain';
import type { NotificationRow } from '../../db/schema';
import type { Db } from '../../db/transaction';

export type NotificationQuery = {
  isRead?: boolean | undefined;
  sort: 'createdAt' | '-createdAt';
  limit?: number | undefined;
  offset?: number | undefined;
};

export function toNotificationResource(row: NotificationRow) {
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

/** One page of the user's own notifications, newest first by default, with the total and unread counts. */
export async function listNotifications(db: Db, userId: string, query: NotificationQuery) {
  const direction = query.sort === 'createdAt' ? 'asc' : 'desc';
  const filtered = db
    .selectFrom('notifications')
    .where('userId', '=', userId)
    .$if(query.isRead !== undefined, (q) => q.where('isRead', '=', query.isRead as boolean));
  const [rows, counts] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('createdAt', direction)
      .orderBy('id', direction)
      .limit(query.limit ?? NOTIFICATION_PAGE_SIZE)
      .offset(query.offset ?? 0)
      .execute(),
    db
      .selectFrom('notifications')
      .where('userId', '=', userId)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('isRead', '=', false).as('unread'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const totalCount =
    query.isRead === undefined
      ? Number(counts.total)
      : query.isRead
        ? Number(counts.total) - Number(counts.unread)
        : Number(counts.unread);
  return { totalCount, unreadCount: Number(counts.unread), data: rows.map(toNotificationResource) };
}
