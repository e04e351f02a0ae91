import { type Role, WRITE_ROLES } from '../users/roles';

/**
 * SPEC §6: read-only unless the user has provider, nurse, clinic-admin or irh-admin. Followed to the
 * letter, so a user whose only role is sys-admin (or irh-tech, device-tech…) is read-only. What a
 * user may actually do is PERMISSIONS' question, not this one's.
 */
export function isReadOnly(roles: readonly Role[]): boolean {
  return !roles.some((role) => (WRITE_ROLES as readonly Role[]).includes(role));
}
