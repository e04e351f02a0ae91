import {
  type AbilityUser,
  can as canAtClinic,
  canAnywhere as canAtSomeClinic,
  canUseMultiSelectMenu,
  GLOBAL_CLINIC_NPI,
  isGlobalPermission,
  type MergedClinicConfiguration,
  type PermissionName,
} from '@portal/domain';

const NO_CONFIGURATION: MergedClinicConfiguration = { featureFlags: {}, settings: {} };

export type PermissionChecks = {
  /**
   * At the current clinic (global permissions: roles held under '*'). Flag-gated permissions (comments,
   * bulk sign, clinic-admin trash …) are answered with the clinic's merged configuration, as the server
   * answers them; while it is not loaded they are refused.
   */
  can: (permission: PermissionName) => boolean;
  /** At any clinic of the user's. */
  canAnywhere: (permission: PermissionName) => boolean;
  /** SPEC §6: the multi-select menu (nurses while nurseMultiSelect is on; always for internal users). */
  canUseMultiSelectMenu: () => boolean;
};

/**
 * The domain's permission rules for one user at a clinic with its merged configuration. Without a
 * clinic (a user whose roles open none) only global permissions can hold. Without a configuration
 * (not loaded yet, or failed) gated permissions are refused: a hidden control is safer than one the
 * server refuses.
 */
export function createPermissionChecks(
  user: AbilityUser,
  clinicNpi: string | undefined,
  configuration?: MergedClinicConfiguration,
): PermissionChecks {
  return {
    can: (permission) => {
      if (clinicNpi) return canAtClinic(user, permission, clinicNpi, configuration);
      return (
        isGlobalPermission(permission) && canAtClinic(user, permission, GLOBAL_CLINIC_NPI, configuration)
      );
    },
    canAnywhere: (permission) =>
      canAtSomeClinic({ roles: user.roles, isLocked: Boolean(user.isLocked) }, permission),
    canUseMultiSelectMenu: () => {
      if (!clinicNpi || user.isLocked) return false;
      // Without the configuration the nurses' flag counts as off; internal users need none.
      return canUseMultiSelectMenu({ user, clinicNpi, configuration: configuration ?? NO_CONFIGURATION });
    },
  };
}
