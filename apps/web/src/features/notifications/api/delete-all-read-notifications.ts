import { DELETE_ALL_READ_ERROR_MESSAGE, type DeletedAllRead } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { withMessage } from './notification-error';

/** POST /api/notifications/in-app/delete-all-read. */
export async function deleteAllReadNotifications(): Promise<DeletedAllRead> {
  try {
    return await apiClient.post<DeletedAllRead>('/api/notifications/in-app/delete-all-read');
  } catch (error) {
    throw withMessage(error, DELETE_ALL_READ_ERROR_MESSAGE);
  }
}
