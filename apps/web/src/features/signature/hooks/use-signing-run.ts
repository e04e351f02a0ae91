import { formatBulkFailureMessage, SIGN_ALL_PAUSE_MS, SIGN_FAILED_MESSAGE } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { createLogger } from '../../../lib/logger';
import { queryKeys } from '../../../lib/query-keys';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { bulkSignDocuments } from '../api/bulk-sign-documents';
import { runSignAll, type SignAllProgress } from '../sign-all';

const log = createLogger('signature');

/** Ids per bulk-sign call of 'Bulk sign': small batches let the progress bar move. */
export const BULK_SIGN_BATCH_SIZE = 25;

/** Bulk sign (the checked documents) or Sign all (every unsigned document of the filter). */
export type SigningRunKind = 'bulk' | 'all';

export type SigningRun = {
  kind: SigningRunKind;
  progress: SignAllProgress;
  running: boolean;
};

/**
 * Signs a confirmed set of documents with progress, Cancel and the SPEC §4 counts (success, fail,
 * cancelled): Bulk sign in batches of 25 without pauses, Sign all in batches of 50 with a 1 s pause (the
 * sign-all loop). Anything short of all succeeding says 'Only N of M total documents succeeded.' (SPEC §5);
 * nothing signed at all says SPEC §8's sign failure. The lists are refetched afterwards (SPEC §4).
 */
export function useSigningRun() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<SigningRun | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (kind: SigningRunKind, ids: readonly string[], note: string) => {
      if (controller.current || ids.length === 0) return;
      const abort = new AbortController();
      controller.current = abort;
      let refused: unknown;
      const onProgress = (progress: SignAllProgress) => setRun({ kind, progress, running: !progress.done });
      try {
        const result = await runSignAll({
          ids,
          bulkSign: (batch) =>
            bulkSignDocuments({ ids: batch, note }).catch((error: unknown) => {
              refused = error;
              log.error('bulk sign failed', isApiError(error) ? { statusCode: error.statusCode } : error);
              throw error;
            }),
          onProgress,
          signal: abort.signal,
          ...(kind === 'bulk'
            ? { pageSize: BULK_SIGN_BATCH_SIZE, pauseMs: 0 }
            : { pauseMs: SIGN_ALL_PAUSE_MS }),
        });
        const processed = result.success + result.fail;
        if (result.success === 0 && result.fail > 0) {
          if (!(isApiError(refused) && refused.statusCode === 401)) {
            enqueueSnackbar(SIGN_FAILED_MESSAGE, { variant: 'error' });
          }
        } else if (result.fail > 0) {
          enqueueSnackbar(formatBulkFailureMessage(result.success, processed), { variant: 'error' });
        } else if (!abort.signal.aborted) {
          enqueueSnackbar(`Signed ${result.success} ${result.success === 1 ? 'document' : 'documents'}.`, {
            variant: 'success',
          });
        }
      } finally {
        controller.current = undefined;
        await queryClient.invalidateQueries({ queryKey: queryKeys.documents.all });
      }
    },
    [queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => setRun((current) => (current?.running ? current : undefined)), []);

  return { start, cancel, dismiss, run };
}
