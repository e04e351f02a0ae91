import type { InAppPreferences, NotificationPreferencesResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/notifications/preferences. */
export async function getNotificationPreferences(
  options: { signal?: AbortSignal } = {},
): Promise<InAppPreferences> {
  const body = await apiClient.get<NotificationPreferencesResponse>('/api/notifications/preferences', {
    signal: options.signal,
  });
  return body.inAppPreferences;
}

export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: queryKeys.notifications.preferences,
  queryFn: ({ signal }) => getNotificationPreferences({ signal }),
});

export function useNotificationPreferences(enabled: boolean) {
  return useQuery({ ...notificationPreferencesQueryOptions, enabled });
}
