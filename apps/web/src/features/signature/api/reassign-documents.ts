import { type BulkResult, REASSIGN_FAILED_MESSAGE, type ReassignDocumentsBody } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';

export type ReassignInput = { ids: string[]; reassignTo: string; note?: string | undefined };

/** POST /api/reports/reassign: answers per document. */
export function reassignDocuments({ ids, reassignTo, note }: ReassignInput): Promise<BulkResult[]> {
  const body: ReassignDocumentsBody = { ids, reassignTo, ...(note && { note }) };
  return apiClient.post<BulkResult[]>('/api/reports/reassign', body);
}

/** Anything short of every document reassigned says SPEC §8's message; the lists are refetched. */
export function useReassignDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reassignDocuments,
    meta: { silent: true },
    onSuccess: (results, { ids }) => {
      const succeeded = results.filter((result) => result.success).length;
      if (succeeded < ids.length) enqueueSnackbar(REASSIGN_FAILED_MESSAGE, { variant: 'error' });
      else
        enqueueSnackbar(`Reassigned ${ids.length} ${ids.length === 1 ? 'document' : 'documents'}.`, {
          variant: 'success',
        });
    },
    onError: (error) => {
      if (!(isApiError(error) && error.statusCode === 401))
        enqueueSnackbar(REASSIGN_FAILED_MESSAGE, { variant: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  });
}
