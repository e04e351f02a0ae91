import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { OutboxPage } from '../types';

export const emailOutboxQueryKey = ['notifications', 'email-outbox'] as const;

/** GET /api/notifications/email-outbox (provider-company administrators), newest first. */
export function getEmailOutbox(options: { limit: number; offset: number; signal?: AbortSignal }) {
  return apiClient.get<OutboxPage>('/api/notifications/email-outbox', {
    query: { limit: options.limit, offset: options.offset },
    signal: options.signal,
  });
}

export function useEmailOutbox(page: number, rows: number) {
  return useQuery({
    queryKey: [...emailOutboxQueryKey, { page, rows }],
    queryFn: ({ signal }) => getEmailOutbox({ limit: rows, offset: page * rows, signal }),
    placeholderData: keepPreviousData,
    // The page shows the failure itself.
    meta: { silent: true },
  });
}
