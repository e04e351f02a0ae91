import { MARK_READ_ERROR_MESSAGE } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { withMessage } from './notification-error';

/** POST /api/notifications/in-app/mark-all-as-read. */
export async function markAllNotificationsRead(): Promise<{ updated: number }> {
  try {
    return await apiClient.post<{ updated: number }>('/api/notifications/in-app/mark-all-as-read');
  } catch (error) {
    throw withMessage(error, MARK_READ_ERROR_MESSAGE);
  }
}
