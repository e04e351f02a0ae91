import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { AnyDefault, DefaultBody, DefaultKind } from '../types';
import { defaultsPath, invalidateDefaults } from './get-defaults';

/** POST /api/customers/defaults/:kind → 201 with the new default (409 when the name is taken, 422 for a value that does not fit its type). */
export function createDefault({ kind, body }: { kind: DefaultKind; body: DefaultBody }): Promise<AnyDefault> {
  return apiClient.post<AnyDefault>(defaultsPath(kind), body);
}

/** Failures go to the snackbar (the query client's) and the dialog puts field problems beside their fields. */
export function useCreateDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDefault,
    onSuccess: (_created, { kind }) => invalidateDefaults(queryClient, kind),
  });
}
