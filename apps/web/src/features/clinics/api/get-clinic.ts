import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Clinic } from '../types';

/** GET /api/customers/organizations/:id: one clinic with its merged flags and settings (404 if not yours). */
export function getClinic(id: string, options: { signal?: AbortSignal } = {}): Promise<Clinic> {
  return apiClient.get<Clinic>(`/api/customers/organizations/${encodeURIComponent(id)}`, {
    signal: options.signal,
  });
}

export function clinicQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.clinics.detail(id),
    queryFn: ({ signal }) => getClinic(id, { signal }),
    staleTime: 0,
  });
}
