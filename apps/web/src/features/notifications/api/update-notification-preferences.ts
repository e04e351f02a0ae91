import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { NotificationPreferences } from '../types';
import { notificationPreferencesQueryKey } from './get-notification-preferences';

/** PATCH /api/notifications/preferences/in-app with the preferences that changed. */
export async function updateNotificationPreferences(
  change: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const body = await apiClient.patch<{ inAppPreferences: NotificationPreferences }>(
    '/api/notifications/preferences/in-app',
    change,
  );
  return body.inAppPreferences;
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(notificationPreferencesQueryKey, preferences),
  });
}
