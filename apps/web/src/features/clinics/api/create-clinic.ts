import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Clinic, ClinicBody } from '../types';

/** POST /api/customers/organizations → 201 with the new clinic. */
export function createClinic(body: ClinicBody): Promise<Clinic> {
  return apiClient.post<Clinic>('/api/customers/organizations', body);
}

export function useCreateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClinic,
    // Field problems show under their fields; the dialog reports the rest itself.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clinics.all }),
  });
}
