import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { ClinicDefault } from '../types';

export type ClinicDefaultKind = 'feature-flags' | 'workflows';

/** GET /api/customers/defaults/feature-flags or /defaults/workflows: the defaults every clinic inherits. */
export async function getClinicDefaults(
  kind: ClinicDefaultKind,
  options: { signal?: AbortSignal } = {},
): Promise<ClinicDefault[]> {
  const body = await apiClient.get<{ data: ClinicDefault[] }>(`/api/customers/defaults/${kind}`, {
    signal: options.signal,
  });
  return body.data;
}

export function clinicDefaultsQueryOptions(kind: ClinicDefaultKind) {
  return queryOptions({
    queryKey: ['clinics', 'defaults', kind],
    queryFn: ({ signal }) => getClinicDefaults(kind, { signal }),
  });
}
