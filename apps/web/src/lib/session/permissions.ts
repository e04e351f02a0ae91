import {
  type AbilityUser,
  can as canAtClinic,
  canAnywhere as canAtSomeClinic,
  GLOBAL_CLINIC_NPI,
  isGlobalPermission,
  type PermissionName,
} from '@portal/domain';

export type PermissionChecks = {
  /** At the current clinic (global permissions: roles held under '*'). */
  can: (permission: PermissionName) => boolean;
  /** At any clinic of the user's. */
  canAnywhere: (permission: PermissionName) => boolean;
};

/**
 * The domain's permission rules for one user at the current clinic. Without a current clinic (a user
 * whose roles open none) only global permissions can hold. Permissions gated by clinic flags are
 * refused here, as the clinic's configuration is not loaded: the server decides those.
 */
export function createPermissionChecks(user: AbilityUser, clinicNpi: string | undefined): PermissionChecks {
  return {
    can: (permission) => {
      if (clinicNpi) return canAtClinic(user, permission, clinicNpi);
      return isGlobalPermission(permission) && canAtClinic(user, permission, GLOBAL_CLINIC_NPI);
    },
    canAnywhere: (permission) =>
      canAtSomeClinic({ roles: user.roles, isLocked: Boolean(user.isLocked) }, permission),
  };
}
