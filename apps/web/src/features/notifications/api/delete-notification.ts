import { DELETE_NOTIFICATION_ERROR_MESSAGE } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { withMessage } from './notification-error';

/** DELETE /api/notifications/in-app/:id (204). */
export async function deleteNotification(id: string): Promise<void> {
  try {
    await apiClient.delete<void>(`/api/notifications/in-app/${encodeURIComponent(id)}`);
  } catch (error) {
    throw withMessage(error, DELETE_NOTIFICATION_ERROR_MESSAGE);
  }
}
