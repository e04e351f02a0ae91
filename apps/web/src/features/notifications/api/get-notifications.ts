import {
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATIONS_FETCH_ERROR_MESSAGE,
  type NotificationPage,
} from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { withMessage } from './notification-error';

/** GET /api/notifications/in-app: 25 a page, newest first; unread only when asked. */
export async function getNotifications(options: {
  unreadOnly: boolean;
  offset: number;
  signal?: AbortSignal;
}): Promise<NotificationPage> {
  try {
    return await apiClient.get<NotificationPage>('/api/notifications/in-app', {
      query: {
        sort: '-createdAt',
        isRead: options.unreadOnly ? 'false' : undefined,
        limit: NOTIFICATION_PAGE_SIZE,
        offset: options.offset,
      },
      signal: options.signal,
    });
  } catch (error) {
    throw withMessage(error, NOTIFICATIONS_FETCH_ERROR_MESSAGE);
  }
}
