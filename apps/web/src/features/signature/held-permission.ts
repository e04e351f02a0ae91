import {
  listEffectiveRoles,
  PERMISSIONS,
  type PermissionName,
  type Role,
  type UserRole,
} from '@portal/domain';

/**
 * Whether the user's roles at the clinic hold a permission, leaving its clinic-flag gate aside. The web
 * cannot read clinic flags yet, so flag-gated controls (comments) are shown to the roles that hold them
 * and the server decides: its refusal is shown as it says it.
 */
export function holdsPermissionIgnoringFlags(
  roles: readonly UserRole[],
  clinicNpi: string | undefined,
  permission: PermissionName,
): boolean {
  if (!clinicNpi) return false;
  const holders = PERMISSIONS[permission] as readonly Role[];
  return listEffectiveRoles(roles, clinicNpi).some((role) => holders.includes(role));
}
