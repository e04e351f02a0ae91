import { ROLE_PERMISSION_SLOTS, type Role } from '../users/roles';

/** The ordered permission slots (SPEC §6) a set of roles holds: the union, ascending, no duplicates. */
export function listPermissionSlots(roles: readonly Role[]): number[] {
  const slots = new Set(roles.flatMap((role) => ROLE_PERMISSION_SLOTS[role]));
  return [...slots].sort((a, b) => a - b);
}
