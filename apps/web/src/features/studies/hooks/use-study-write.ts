import type { StudyResource } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A write to a study (order, push, check, cancel): every study list and the sleep profile refresh after
 * it, as the study changed in all of them. `silent` when the caller shows the failure itself (a dialog,
 * beside its fields); otherwise the server's message goes to the snackbar.
 */
export function useStudyWrite<Variables>(
  write: (variables: Variables) => Promise<StudyResource>,
  { silent = false }: { silent?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { silent },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.studies.all }),
  });
}
