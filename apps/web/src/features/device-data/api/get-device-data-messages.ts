import type { DeviceDataMessagesPage } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/device-data/messages (provider-company staff who import device data), newest first. */
export function getDeviceDataMessages(options: {
  before?: string | undefined;
  limit: number;
  signal?: AbortSignal;
}) {
  return apiClient.get<DeviceDataMessagesPage>('/api/device-data/messages', {
    query: { limit: options.limit, before: options.before },
    signal: options.signal,
  });
}

export function useDeviceDataMessages(before: string | undefined, limit: number) {
  return useQuery({
    queryKey: queryKeys.deviceData.messages(before ?? '', limit),
    queryFn: ({ signal }) => getDeviceDataMessages({ before, limit, signal }),
    placeholderData: keepPreviousData,
    // The page shows the failure itself.
    meta: { silent: true },
  });
}
