import {
  type BulkResult,
  DELETE_FAILED_MESSAGE,
  HIDE_FAILED_MESSAGE,
  type TrashDocumentsBody,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiRequest, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';

/** PATCH /api/reports/:id/hide or /unhide. */
export function setDocumentHidden({ id, hidden }: { id: string; hidden: boolean }): Promise<unknown> {
  return apiClient.patch(`/api/reports/${encodeURIComponent(id)}/${hidden ? 'hide' : 'unhide'}`, {});
}

/** DELETE /api/reports {ids, note}: moves documents to the trash; the note is required. */
export function trashDocuments({ ids, note }: { ids: string[]; note: string }): Promise<BulkResult[]> {
  const body: TrashDocumentsBody = { ids, note };
  return apiRequest<BulkResult[]>('/api/reports', { method: 'DELETE', body });
}

function showFailure(message: string) {
  return (error: unknown) => {
    if (!(isApiError(error) && error.statusCode === 401)) enqueueSnackbar(message, { variant: 'error' });
  };
}

/** Hiding takes the document off the list: the lists are refetched (SPEC §4). */
export function useSetDocumentHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDocumentHidden,
    meta: { silent: true },
    onError: showFailure(HIDE_FAILED_MESSAGE),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  });
}

export function useTrashDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trashDocuments,
    meta: { silent: true },
    onSuccess: (results) => {
      if (results.some((result) => !result.success))
        enqueueSnackbar(DELETE_FAILED_MESSAGE, { variant: 'error' });
    },
    onError: showFailure(DELETE_FAILED_MESSAGE),
    // The lists are refetched; the trashed documents' own queries (PDF, comments) are not: they now
    // answer 404, and the panel showing them goes once the list comes back without them.
    onSettled: (_results, _error, { ids }) =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.documents.all,
        predicate: (query) => !ids.some((id) => query.queryKey.includes(id)),
      }),
  });
}
