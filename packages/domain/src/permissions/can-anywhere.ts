import { listEffectiveRoles } from '../users/effective-roles';
import { GLOBAL_CLINIC_NPI } from '../users/roles';
import type { UserRole } from '../users/user';
import { isGlobalPermission, PERMISSIONS, type PermissionName } from './permissions';

/**
 * Whether the user holds a permission at some clinic, ignoring feature flags and settings. The server
 * uses it as the coarse gate of a route (403 when no role could ever grant it); the operation then checks
 * the clinic in question, with its flags, and answers 404 for a clinic the user cannot see.
 */
export function canAnywhere(
  user: { roles: readonly UserRole[]; isLocked?: boolean },
  permission: PermissionName,
): boolean {
  if (user.isLocked) return false;
  const allowed: readonly string[] = PERMISSIONS[permission];
  const clinics = isGlobalPermission(permission)
    ? [GLOBAL_CLINIC_NPI]
    : [...new Set(user.roles.map((grant) => grant.clinicNPI))];
  return clinics.some((clinicNpi) =>
    listEffectiveRoles(user.roles, clinicNpi).some((role) => allowed.includes(role)),
  );
}

/**
 * The clinics where a user holds a permission: 'all' through a global role, or a list of NPIs. Queries use
 * it to scope what they return, so another clinic's data never leaves the database.
 */
export function clinicsWherePermitted(
  user: { roles: readonly UserRole[] },
  permission: PermissionName,
): 'all' | string[] {
  const allowed: readonly string[] = PERMISSIONS[permission];
  if (listEffectiveRoles(user.roles, GLOBAL_CLINIC_NPI).some((role) => allowed.includes(role))) return 'all';
  const npis = [...new Set(user.roles.map((grant) => grant.clinicNPI))].filter(
    (npi) => npi !== GLOBAL_CLINIC_NPI,
  );
  return npis.filter((npi) => listEffectiveRoles(user.roles, npi).some((role) => allowed.includes(role)));
}
