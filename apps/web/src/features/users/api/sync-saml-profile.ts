import type { SamlProfile } from '@portal/domain';
import { apiClient, isApiError } from '../../../lib/api-client';
import { createLogger } from '../../../lib/logger';
import type { UserResource } from '../../../lib/user-resource';

const log = createLogger('login');

/**
 * Brings a federated (SAML) user's portal record up to date with the profile their organisation sent:
 * PATCH users/updateUserByEmail/{email}; a 404 means the user is new, so it falls back to POST users
 * (SPEC §8). Any other failure is not fatal to the session: it is logged and the patch is skipped.
 */
export async function syncSamlProfile(profile: SamlProfile): Promise<UserResource | undefined> {
  const email = encodeURIComponent(profile.email);
  try {
    return await apiClient.patch<UserResource>(`/api/user-auth/users/updateUserByEmail/${email}`, profile);
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) {
      return apiClient.post<UserResource>('/api/user-auth/users', profile);
    }
    log.warn('SAML profile patch failed', isApiError(error) ? { statusCode: error.statusCode } : undefined);
    return undefined;
  }
}
