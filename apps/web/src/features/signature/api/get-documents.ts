import { DOCUMENTS_FETCH_ERROR_MESSAGE, SEARCH_FETCH_ERROR_MESSAGE } from '@portal/domain';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, apiClient, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DocumentListPage, DocumentResource } from '../document-resource';
import { getInboxFiltersKey, type InboxFilters, toDocumentListQuery } from '../inbox-filters';

/** Prefix of every document query; document actions update or invalidate it. */
export const documentsQueryKey = queryKeys.documents.all;

export function documentListQueryKey(filters: InboxFilters) {
  return queryKeys.documents.list(getInboxFiltersKey(filters));
}

/**
 * GET /api/reports: the first page from the filter, later pages from links.next exactly as the server
 * gave it (a keyset cursor). A failure says 'Network error fetching documents', or '… search results'
 * when searching (SPEC §8); the status code stays on the error (403: this role sees no documents).
 */
export async function getDocumentPage(
  filters: InboxFilters,
  nextLink: string | undefined,
  options: { signal?: AbortSignal } = {},
): Promise<DocumentListPage> {
  try {
    return nextLink
      ? await apiClient.get<DocumentListPage>(nextLink, { signal: options.signal })
      : await apiClient.get<DocumentListPage>('/api/reports', {
          query: toDocumentListQuery(filters),
          signal: options.signal,
        });
  } catch (error) {
    if (!isApiError(error)) throw error;
    throw new ApiError({
      statusCode: error.statusCode,
      reason: error.reason,
      message: filters.search ? SEARCH_FETCH_ERROR_MESSAGE : DOCUMENTS_FETCH_ERROR_MESSAGE,
      code: error.code,
      cause: error,
    });
  }
}

export function useDocumentList(filters: InboxFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: documentListQueryKey(filters),
    queryFn: ({ pageParam, signal }) => getDocumentPage(filters, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    // The next page is requested only when a next link exists (SPEC §4).
    getNextPageParam: (lastPage) => lastPage.links.next ?? undefined,
    enabled,
    // The page shows the failure itself (and a 403 is an answer, not an accident).
    meta: { silent: true },
  });
}

/** Replaces one document wherever a loaded list holds it (after an action, or optimistically). */
export function replaceCachedDocument(
  queryClient: QueryClient,
  id: string,
  update: (document: DocumentResource) => DocumentResource,
): void {
  queryClient.setQueriesData<InfiniteData<DocumentListPage, string | undefined>>(
    { queryKey: queryKeys.documents.lists },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          data: page.data.map((document) => (document.id === id ? update(document) : document)),
        })),
      },
  );
}

/** The document as any loaded list holds it, for reverting an optimistic change. */
export function findCachedDocument(queryClient: QueryClient, id: string): DocumentResource | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<DocumentListPage, string | undefined>>({
    queryKey: queryKeys.documents.lists,
  })) {
    for (const page of data?.pages ?? []) {
      const found = page.data.find((document) => document.id === id);
      if (found) return found;
    }
  }
  return undefined;
}
