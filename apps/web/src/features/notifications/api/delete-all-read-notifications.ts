import { DELETE_ALL_READ_ERROR_MESSAGE } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { withMessage } from './notification-error';

/** POST /api/notifications/in-app/delete-all-read. */
export async function deleteAllReadNotifications(): Promise<{ deleted: number }> {
  try {
    return await apiClient.post<{ deleted: number }>('/api/notifications/in-app/delete-all-read');
  } catch (error) {
    throw withMessage(error, DELETE_ALL_READ_ERROR_MESSAGE);
  }
}
