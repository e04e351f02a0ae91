import { useQuery } from '@tanstack/react-query';
import { apiRequestBlob } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/reports/blob-storage/:id: the document's PDF (the signed one once signed), fetched with the
 * bearer in the header. The viewer reads the report itself (stripCoversheet=true); a download carries the
 * clinic's coversheet in front, as the EMR and a printout get it.
 */
export function getDocumentPdf(
  id: string,
  options: { signal?: AbortSignal; withCoversheet?: boolean } = {},
): Promise<Blob> {
  const query = options.withCoversheet ? '' : '?stripCoversheet=true';
  return apiRequestBlob(`/api/reports/blob-storage/${encodeURIComponent(id)}${query}`, {
    signal: options.signal,
  });
}

/** The report shown in the viewer, without the coversheet. Keyed by status too, so signing fetches the signed PDF. */
export function useDocumentPdf(id: string, status: string) {
  return useQuery({
    queryKey: queryKeys.documents.pdf(id, status),
    queryFn: ({ signal }) => getDocumentPdf(id, { signal }),
    // PHI: kept only while shown.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: status !== 'signing' && status !== 'acknowledging',
    // The unsigned PDF stays on screen while the signed one loads; never another document's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
    meta: { silent: true },
  });
}
