import { hasRoleAtClinic } from './effective-roles';
import { sortUsersByName } from './sort-users';
import type { UserRole } from './user';

type ProviderCandidate = {
  npi?: string | null;
  isLocked?: boolean | null;
  roles: readonly UserRole[];
  firstName?: string | null;
  lastName?: string | null;
};

/**
 * The provider list of SPEC §5: users with an npi, not locked, holding the provider role (or its
 * alias 'physician') at the clinic, sorted by name. A provider role under '*' does not count there.
 */
export function selectProviders<T extends ProviderCandidate>(users: readonly T[], clinicNpi: string): T[] {
  return sortUsersByName(
    users.filter(
      (u) => (u.npi ?? '').trim() !== '' && !u.isLocked && hasRoleAtClinic(u.roles, clinicNpi, 'provider'),
    ),
  );
}
