import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { AnyDefault, DefaultBody, DefaultKind } from '../types';
import { defaultsPath, invalidateDefaults } from './get-defaults';

/** PUT /api/customers/defaults/:kind/:id with the whole default (404 gone, 409 name taken, 422 bad value). */
export function updateDefault({
  kind,
  id,
  body,
}: {
  kind: DefaultKind;
  id: string;
  body: DefaultBody;
}): Promise<AnyDefault> {
  return apiClient.put<AnyDefault>(`${defaultsPath(kind)}/${encodeURIComponent(id)}`, body);
}

export function useUpdateDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDefault,
    onSuccess: (_saved, { kind }) => invalidateDefaults(queryClient, kind),
  });
}
