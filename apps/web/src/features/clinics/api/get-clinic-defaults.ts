import type { DefaultKind } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ClinicDefault } from '../types';

/** GET /api/customers/defaults/feature-flags or /defaults/workflows: the defaults every clinic inherits. */
export async function getClinicDefaults(
  kind: DefaultKind,
  options: { signal?: AbortSignal } = {},
): Promise<ClinicDefault[]> {
  const body = await apiClient.get<{ data: ClinicDefault[] }>(`/api/customers/defaults/${kind}`, {
    signal: options.signal,
  });
  return body.data;
}

export function clinicDefaultsQueryOptions(kind: DefaultKind) {
  return queryOptions({
    queryKey: queryKeys.clinics.defaults(kind),
    queryFn: ({ signal }) => getClinicDefaults(kind, { signal }),
  });
}
