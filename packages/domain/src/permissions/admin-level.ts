import { ADMIN_LEVEL_ROLES, type Role } from '../users/roles';

/** SPEC §6: only irh-admin and sys-admin count as admin-level; clinic-admin does not. */
export function isAdminLevel(roles: readonly Role[]): boolean {
  return roles.some((role) => (ADMIN_LEVEL_ROLES as readonly Role[]).includes(role));
}
