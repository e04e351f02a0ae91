import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Clinic, ClinicBody } from '../types';

/** PUT /api/customers/organizations/:id with the whole clinic (its own flag and workflow lists). */
export function updateClinic({ id, body }: { id: string; body: ClinicBody }): Promise<Clinic> {
  return apiClient.put<Clinic>(`/api/customers/organizations/${encodeURIComponent(id)}`, body);
}

export function useUpdateClinic({ silent = false }: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClinic,
    meta: { silent },
    onSuccess: async (clinic) => {
      queryClient.setQueryData(queryKeys.clinics.detail(clinic.id), clinic);
      await queryClient.invalidateQueries({ queryKey: queryKeys.clinics.list });
    },
  });
}
