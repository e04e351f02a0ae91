import type { CreatedNotifications } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';

/** POST /api/notifications/in-app/test: a notification to yourself, which arrives live. */
export function sendTestNotification(): Promise<CreatedNotifications> {
  return apiClient.post<CreatedNotifications>('/api/notifications/in-app/test');
}

export function useSendTestNotification() {
  return useMutation({
    mutationFn: sendTestNotification,
    onSuccess: () => enqueueSnackbar('Test notification sent.', { variant: 'success' }),
  });
}
