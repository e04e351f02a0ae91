import {
  canAnywhere,
  GLOBAL_CLINIC_NPI,
  listEffectiveRoles,
  PERMISSIONS,
  type PermissionName,
  type UserRole,
} from '@portal/domain';

/**
 * The clinics where an actor holds a permission: 'all' through a global role, or a list of NPIs.
 * Queries use it to scope what they return, so another clinic's users never leave the database.
 */
export function clinicsWherePermitted(
  actor: { roles: readonly UserRole[] },
  permission: PermissionName,
): 'all' | string[] {
  const allowed: readonly string[] = PERMISSIONS[permission];
  if (listEffectiveRoles(actor.roles, GLOBAL_CLINIC_NPI).some((role) => allowed.includes(role))) return 'all';
  const npis = [...new Set(actor.roles.map((grant) => grant.clinicNPI))].filter(
    (npi) => npi !== GLOBAL_CLINIC_NPI,
  );
  return npis.filter((npi) => listEffectiveRoles(actor.roles, npi).some((role) => allowed.includes(role)));
}

/** Whether a user (by their roles) belongs to one of the clinics in scope. */
export function isUserInScope(targetRoles: readonly UserRole[], scope: 'all' | string[]): boolean {
  return scope === 'all' || targetRoles.some((grant) => scope.includes(grant.clinicNPI));
}

/** The target's roles the actor may see: all of them for a global scope, else those at clinics in scope. */
export function rolesVisibleInScope(targetRoles: readonly UserRole[], scope: 'all' | string[]): UserRole[] {
  return scope === 'all' ? [...targetRoles] : targetRoles.filter((grant) => scope.includes(grant.clinicNPI));
}

export { canAnywhere };
