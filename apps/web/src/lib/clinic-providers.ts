import { apiClient } from './api-client';
import type { UserResource } from './user-resource';

/** GET /api/users/clinics/:npi/providers: the clinic's providers (with an NPI, not locked), by name. */
export function getClinicProviders(
  npi: string,
  options: { signal?: AbortSignal } = {},
): Promise<UserResource[]> {
  return apiClient
    .get<{ data: UserResource[] }>(`/api/users/clinics/${encodeURIComponent(npi)}/providers`, {
      signal: options.signal,
    })
    .then((body) => body.data);
}
