import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { DefaultKind } from '../types';
import { defaultsPath, invalidateDefaults } from './get-defaults';

/** DELETE /api/customers/defaults/:kind/:id → 204. Clinics' own values under its name stop applying. */
export function deleteDefault({ kind, id }: { kind: DefaultKind; id: string }): Promise<void> {
  return apiClient.delete<void>(`${defaultsPath(kind)}/${encodeURIComponent(id)}`);
}

export function useDeleteDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDefault,
    // Also after a failure: a 404 means someone else deleted it, and the list should say so.
    onSettled: (_result, _error, { kind }) => invalidateDefaults(queryClient, kind),
  });
}
