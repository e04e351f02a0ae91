import type {
  InAppPreferences,
  InAppPreferencesChange,
  NotificationPreferencesResponse,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /api/notifications/preferences/in-app with the preferences that changed. */
export async function updateNotificationPreferences(
  change: InAppPreferencesChange,
): Promise<InAppPreferences> {
  const body = await apiClient.patch<NotificationPreferencesResponse>(
    '/api/notifications/preferences/in-app',
    change,
  );
  return body.inAppPreferences;
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(queryKeys.notifications.preferences, preferences),
  });
}
