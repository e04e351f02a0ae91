import type { UserRole } from '@portal/domain';

/** Whether a user (by their roles) belongs to one of the clinics in scope. */
export function isUserInScope(targetRoles: readonly UserRole[], scope: 'all' | string[]): boolean {
  return scope === 'all' || targetRoles.some((grant) => scope.includes(grant.clinicNPI));
}

/** The target's roles the actor may see: all of them for a global scope, else those at clinics in scope. */
export function rolesVisibleInScope(targetRoles: readonly UserRole[], scope: 'all' | string[]): UserRole[] {
  return scope === 'all' ? [...targetRoles] : targetRoles.filter((grant) => scope.includes(grant.clinicNPI));
}
