import type { NotificationReadState } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { withMessage } from './notification-error';

/** PATCH /api/notifications/in-app/:id {isRead}; a failure carries the message given. */
export async function updateNotificationRead(input: {
  id: string;
  isRead: boolean;
  errorMessage: string;
}): Promise<NotificationReadState> {
  try {
    return await apiClient.patch<NotificationReadState>(
      `/api/notifications/in-app/${encodeURIComponent(input.id)}`,
      { isRead: input.isRead },
    );
  } catch (error) {
    throw withMessage(error, input.errorMessage);
  }
}
