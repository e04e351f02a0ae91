import { MARK_READ_ERROR_MESSAGE, type MarkedAllRead } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { withMessage } from './notification-error';

/** POST /api/notifications/in-app/mark-all-as-read. */
export async function markAllNotificationsRead(): Promise<MarkedAllRead> {
  try {
    return await apiClient.post<MarkedAllRead>('/api/notifications/in-app/mark-all-as-read');
  } catch (error) {
    throw withMessage(error, MARK_READ_ERROR_MESSAGE);
  }
}
