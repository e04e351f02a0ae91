import { AbilityBuilder } from '@casl/ability';
import type { MergedClinicConfiguration } from '../clinics/merge-clinic-configuration';
import { listEffectiveRoles } from '../users/effective-roles';
import { GLOBAL_CLINIC_NPI } from '../users/roles';
import type { User } from '../users/user';
import { isPermissionGrantedToRole } from './permission-gates';
import { isGlobalPermission, PERMISSION_NAMES } from './permissions';
import { createPortalAbility, EMPTY_SUBJECT, type PortalAbility } from './portal-ability';

export type AbilityUser = Pick<User, 'roles'> & { isLocked?: boolean | null | undefined };

/**
 * What a user may do at one clinic, as a CASL ability:
 * - every effective role (SPEC §6: the clinic's roles plus the global ones that count, aliases
 *   normalised) as an action on EMPTY_SUBJECT, which is what checkAnyRole asks;
 * - every named permission those roles hold there as an action on the clinic NPI, which is what
 *   can and assertCan ask, and what the web app can ask directly. Global permissions count only
 *   roles held under '*'. Gated permissions need the clinic's merged configuration; without it
 *   their gated grants are left out.
 * A locked user gets an empty ability: the token may outlive the lock.
 */
export function defineAbilityFor(
  user: AbilityUser,
  clinicNpi: string,
  configuration?: MergedClinicConfiguration,
): PortalAbility {
  const { can, build } = new AbilityBuilder<PortalAbility>(createPortalAbility);
  if (user.isLocked) return build();

  const clinicRoles = listEffectiveRoles(user.roles, clinicNpi);
  const globalRoles = listEffectiveRoles(user.roles, GLOBAL_CLINIC_NPI);
  for (const role of clinicRoles) can(role, EMPTY_SUBJECT);
  for (const permission of PERMISSION_NAMES) {
    const holders = isGlobalPermission(permission) ? globalRoles : clinicRoles;
    if (holders.some((role) => isPermissionGrantedToRole({ permission, role, configuration }))) {
      can(permission, clinicNpi);
    }
  }
  return build();
}
