import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DocumentListPage, DocumentResource } from '../document-resource';
import { type InboxFilters, toDocumentListQuery } from '../inbox-filters';

/** Documents read per call while counting what Sign all would sign (the API's largest page). */
const PLAN_PAGE_SIZE = 300;
/** Sign all works on at most this many documents at a time (newest first); it can be run again. */
export const SIGN_ALL_MAX_DOCUMENTS = 3000;

export type SignAllCandidates = { documents: DocumentResource[]; capped: boolean };

/**
 * GET /api/reports, page after page: every unsigned document the inbox's filter selects (clinic, service
 * line, type, assignment, search), newest date of service first, up to SIGN_ALL_MAX_DOCUMENTS. The
 * confirmation counts them and the run signs exactly those.
 */
export async function listSignAllCandidates(
  filters: InboxFilters,
  signal?: AbortSignal,
): Promise<SignAllCandidates> {
  const documents: DocumentResource[] = [];
  let page = await apiClient.get<DocumentListPage>('/api/reports', {
    query: {
      ...toDocumentListQuery(filters),
      'filter[status]': 'unsigned',
      sort: '-dos',
      groupBy: undefined,
      'page[limit]': PLAN_PAGE_SIZE,
    },
    signal,
  });
  for (;;) {
    documents.push(...page.data);
    if (!page.links.next || documents.length >= SIGN_ALL_MAX_DOCUMENTS) break;
    page = await apiClient.get<DocumentListPage>(page.links.next, { signal });
  }
  return {
    documents: documents.slice(0, SIGN_ALL_MAX_DOCUMENTS),
    capped: Boolean(page.links.next) || documents.length > SIGN_ALL_MAX_DOCUMENTS,
  };
}

/** The documents Sign all would take, read while its confirmation is open (never kept: PHI). */
export function useSignAllCandidates(filters: InboxFilters, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.documents.signAllCandidates(filters),
    queryFn: ({ signal }) => listSignAllCandidates(filters, signal),
    enabled,
    gcTime: 0,
    staleTime: 0,
    meta: { silent: true },
  });
}
