import type { EmailOutboxPage } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/notifications/email-outbox (provider-company administrators), newest first. */
export function getEmailOutbox(options: { limit: number; offset: number; signal?: AbortSignal }) {
  return apiClient.get<EmailOutboxPage>('/api/notifications/email-outbox', {
    query: { limit: options.limit, offset: options.offset },
    signal: options.signal,
  });
}

export function useEmailOutbox(page: number, rows: number) {
  return useQuery({
    queryKey: queryKeys.notifications.emailOutboxPage(page, rows),
    queryFn: ({ signal }) => getEmailOutbox({ limit: rows, offset: page * rows, signal }),
    placeholderData: keepPreviousData,
    // The page shows the failure itself.
    meta: { silent: true },
  });
}
