import type { DocumentResource } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { CACHE_TTL_MS } from '../../../lib/constants';
import { queryKeys } from '../../../lib/query-keys';
import { describeNotificationDocument, type NotificationDocument } from '../notification-document';

/** What the lookup found: the document in a few words, gone, or not known (not yet, or not looked up). */
export type DocumentLookup =
  | { state: 'found'; document: NotificationDocument }
  | { state: 'not-found' }
  | { state: 'unknown' };

/**
 * GET /api/reports/:id for a notification's document (SPEC §7: a comment notification carrying a report
 * URL triggers a report lookup). The notification itself names no patient (its realtime event and e-mail
 * carry no PHI); the signed-in reader's own lookup puts the patient, type and date of service beside it.
 */
export async function lookUpNotificationDocument(
  documentId: string,
  options: { signal?: AbortSignal } = {},
): Promise<DocumentLookup> {
  try {
    const resource = await apiClient.get<DocumentResource>(`/api/reports/${encodeURIComponent(documentId)}`, {
      signal: options.signal,
    });
    return { state: 'found', document: describeNotificationDocument(resource.attributes) };
  } catch (error) {
    // Deleted, or at a clinic the reader no longer has: either way the server answers 404.
    if (isApiError(error) && error.statusCode === 404) return { state: 'not-found' };
    throw error;
  }
}

const UNKNOWN: DocumentLookup = { state: 'unknown' };

export function useNotificationDocument(documentId: string | null, enabled: boolean): DocumentLookup {
  const query = useQuery({
    // Disabled without a document id, so the key's blank id never reaches the server.
    queryKey: queryKeys.notifications.document(documentId ?? ''),
    queryFn: ({ signal }) => lookUpNotificationDocument(documentId ?? '', { signal }),
    enabled: enabled && Boolean(documentId),
    staleTime: CACHE_TTL_MS,
    retry: false,
    // A failed lookup only leaves the subtitle as it is.
    meta: { silent: true },
  });
  return query.data ?? UNKNOWN;
}
