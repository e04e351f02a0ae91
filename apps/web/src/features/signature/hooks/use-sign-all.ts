import { SIGN_FAILED_MESSAGE } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient, isApiError } from '../../../lib/api-client';
import { createLogger } from '../../../lib/logger';
import { bulkSignDocuments } from '../api/bulk-sign-documents';
import { documentsQueryKey } from '../api/get-documents';
import type { DocumentListPage } from '../document-resource';
import { type InboxFilters, toDocumentListQuery } from '../inbox-filters';
import { runSignAll, type SignAllProgress } from '../sign-all';

const log = createLogger('signature');

/**
 * GET /api/reports: one page of the unsigned documents the inbox's filter selects (clinic, service line,
 * type, assignment, search), newest date of service first.
 */
function fetchUnsignedPage(filters: InboxFilters, limit: number, signal: AbortSignal) {
  return apiClient
    .get<DocumentListPage>('/api/reports', {
      query: {
        ...toDocumentListQuery(filters),
        'filter[status]': 'unsigned',
        sort: '-dos',
        groupBy: undefined,
        'page[limit]': limit,
      },
      signal,
    })
    .then((page) => ({
      ids: page.data.map((document) => document.id),
      totalCount: page.metadata.totalCount,
    }));
}

/** Runs the sign-all loop (sign-all.ts) with progress and cancel; the lists are refetched afterwards. */
export function useSignAll(filters: InboxFilters) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<SignAllProgress | undefined>();
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controller.current?.abort(), []);

  /** Signs every unsigned document of the filter with `note` (the user's bulk-sign note). */
  const start = useCallback(
    async (note: string) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setRunning(true);
      setProgress(undefined);
      try {
        const result = await runSignAll({
          fetchUnsigned: (limit) => fetchUnsignedPage(filters, limit, abort.signal),
          bulkSign: (ids) => bulkSignDocuments({ ids, note }),
          onProgress: setProgress,
          signal: abort.signal,
        });
        if (result.fail > 0) enqueueSnackbar(SIGN_FAILED_MESSAGE, { variant: 'error' });
        else if (!abort.signal.aborted)
          enqueueSnackbar(`Signed ${result.success} ${result.success === 1 ? 'document' : 'documents'}.`, {
            variant: 'success',
          });
      } catch (error) {
        if (!abort.signal.aborted) {
          log.error('sign all failed', isApiError(error) ? { statusCode: error.statusCode } : error);
          if (!(isApiError(error) && error.statusCode === 401))
            enqueueSnackbar(SIGN_FAILED_MESSAGE, { variant: 'error' });
        }
      } finally {
        controller.current = undefined;
        setRunning(false);
        await queryClient.invalidateQueries({ queryKey: documentsQueryKey });
      }
    },
    [filters, queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => setProgress(undefined), []);

  return { start, cancel, dismiss, progress, running };
}
