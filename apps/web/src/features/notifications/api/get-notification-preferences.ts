import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { NotificationPreferences } from '../types';

export const notificationPreferencesQueryKey = ['notifications', 'preferences'] as const;

/** GET /api/notifications/preferences. */
export async function getNotificationPreferences(
  options: { signal?: AbortSignal } = {},
): Promise<NotificationPreferences> {
  const body = await apiClient.get<{ inAppPreferences: NotificationPreferences }>(
    '/api/notifications/preferences',
    { signal: options.signal },
  );
  return body.inAppPreferences;
}

export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: notificationPreferencesQueryKey,
  queryFn: ({ signal }) => getNotificationPreferences({ signal }),
});

export function useNotificationPreferences(enabled: boolean) {
  return useQuery({ ...notificationPreferencesQueryOptions, enabled });
}
