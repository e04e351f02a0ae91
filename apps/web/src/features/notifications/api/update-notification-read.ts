import { apiClient } from '../../../lib/api-client';
import { withMessage } from './notification-error';

/** PATCH /api/notifications/in-app/:id {isRead}; a failure carries the message given. */
export async function updateNotificationRead(input: {
  id: string;
  isRead: boolean;
  errorMessage: string;
}): Promise<{ id: string; isRead: boolean }> {
  try {
    return await apiClient.patch<{ id: string; isRead: boolean }>(
      `/api/notifications/in-app/${encodeURIComponent(input.id)}`,
      { isRead: input.isRead },
    );
  } catch (error) {
    throw withMessage(error, input.errorMessage);
  }
}
