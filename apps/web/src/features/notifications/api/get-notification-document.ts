import { useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { CACHE_TTL_MS } from '../../../lib/constants';

/** Whether the document a notification is about still exists. */
export type DocumentLookup = 'found' | 'not-found' | 'unknown';

/**
 * GET /api/reports/:id for a notification's document (SPEC §7: a comment notification triggers a report
 * lookup). Only its existence is used: the list stays free of patient details.
 */
export async function lookUpNotificationDocument(
  documentId: string,
  options: { signal?: AbortSignal } = {},
): Promise<DocumentLookup> {
  try {
    await apiClient.get<unknown>(`/api/reports/${encodeURIComponent(documentId)}`, {
      signal: options.signal,
    });
    return 'found';
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return 'not-found';
    throw error;
  }
}

export function useNotificationDocument(documentId: string | null, enabled: boolean): DocumentLookup {
  const query = useQuery({
    queryKey: ['notifications', 'document', documentId],
    queryFn: ({ signal }) => lookUpNotificationDocument(documentId ?? '', { signal }),
    enabled: enabled && Boolean(documentId),
    staleTime: CACHE_TTL_MS,
    retry: false,
    // A failed lookup only leaves the subtitle as it is.
    meta: { silent: true },
  });
  return query.data ?? 'unknown';
}
