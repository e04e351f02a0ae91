import type { InternalReview } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/reports/{id}/internal-reviews `{note}`: the provider company marks a document reviewed. */
export function addInternalReview(input: { documentId: string; note: string }): Promise<InternalReview> {
  return apiClient.post<InternalReview>(
    `/api/reports/${encodeURIComponent(input.documentId)}/internal-reviews`,
    {
      note: input.note,
    },
  );
}

/** The dialog shows a refusal itself; the queue refreshes with the review in its row. */
export function useAddInternalReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInternalReview,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.metrics.all }),
  });
}
