import { formatBulkFailureMessage, SIGN_FAILED_MESSAGE } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { createLogger } from '../../../lib/logger';
import { bulkSignDocuments } from '../api/bulk-sign-documents';
import { documentsQueryKey } from '../api/get-documents';

const log = createLogger('signature');
/** Ids per bulk-sign call: small batches let the progress bar move. */
export const BULK_SIGN_BATCH_SIZE = 25;

export type BulkSignProgress = { done: number; total: number };

/**
 * Bulk sign in batches, with progress. Anything short of all succeeding says
 * 'Only N of M total documents succeeded.' (SPEC §5); a refused call says SPEC §8's sign failure.
 * The lists are refetched afterwards (SPEC §4).
 */
export function useBulkSign() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<BulkSignProgress | undefined>();

  const run = useCallback(
    async (ids: string[], note: string): Promise<number> => {
      const total = ids.length;
      if (total === 0) return 0;
      let done = 0;
      let succeeded = 0;
      let refused: unknown;
      setProgress({ done, total });
      for (let start = 0; start < total; start += BULK_SIGN_BATCH_SIZE) {
        const batch = ids.slice(start, start + BULK_SIGN_BATCH_SIZE);
        try {
          const results = await bulkSignDocuments({ ids: batch, note });
          succeeded += results.filter((result) => result.success).length;
        } catch (error) {
          refused = error;
          log.error('bulk sign failed', isApiError(error) ? { statusCode: error.statusCode } : error);
          if (isApiError(error) && (error.statusCode === 401 || error.statusCode === 403)) break;
        }
        done += batch.length;
        setProgress({ done, total });
      }
      setProgress(undefined);
      await queryClient.invalidateQueries({ queryKey: documentsQueryKey });
      if (succeeded === 0 && refused) {
        if (!(isApiError(refused) && refused.statusCode === 401)) {
          enqueueSnackbar(SIGN_FAILED_MESSAGE, { variant: 'error' });
        }
      } else if (succeeded < total) {
        enqueueSnackbar(formatBulkFailureMessage(succeeded, total), { variant: 'error' });
      } else {
        enqueueSnackbar(`Signed ${total} ${total === 1 ? 'document' : 'documents'}.`, { variant: 'success' });
      }
      return succeeded;
    },
    [queryClient],
  );

  return { run, progress };
}
