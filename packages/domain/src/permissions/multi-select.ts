import type { MergedClinicConfiguration } from '../clinics/merge-clinic-configuration';
import { isFeatureFlagOn } from '../clinics/read-clinic-configuration';
import { listEffectiveRoles } from '../users/effective-roles';
import { deriveIsIrhUser, type User } from '../users/user';

/**
 * SPEC §6: the multi-select menu is for nurses while the nurseMultiSelect flag is on, and always on
 * for internal users (isIrhUser: any role under '*'). Providers select for bulk signing instead
 * ('document:bulk-sign'); other clinic roles get no menu.
 */
export function canUseMultiSelectMenu({
  user,
  clinicNpi,
  configuration,
}: {
  user: Pick<User, 'roles'>;
  clinicNpi: string;
  configuration: MergedClinicConfiguration;
}): boolean {
  if (deriveIsIrhUser(user.roles)) return true;
  return (
    listEffectiveRoles(user.roles, clinicNpi).includes('nurse') &&
    isFeatureFlagOn(configuration, 'nurseMultiSelect')
  );
}
