import type { ClinicSettingName } from '../clinics/clinic-settings';
import type { FeatureFlagName } from '../clinics/feature-flags';
import type { MergedClinicConfiguration } from '../clinics/merge-clinic-configuration';
import { isFeatureFlagOn, isSettingEnabled } from '../clinics/read-clinic-configuration';
import type { Role } from '../users/roles';
import { PERMISSIONS, type PermissionName } from './permissions';

/** Clinic flags and settings that must all be on before some roles' grant of a permission counts. */
export type PermissionGate = {
  flags: readonly FeatureFlagName[];
  settings?: readonly ClinicSettingName[];
  /** The roles the gate applies to; when absent, every role that holds the permission. */
  roles?: readonly Role[];
};

/** The flag-gated abilities of SPEC §6 that are permissions (the nurse multi-select menu is a view, see canUseMultiSelectMenu). */
export const PERMISSION_GATES = {
  // "clinic admin may trash documents": irh-admin and sys-admin may always.
  'document:trash': { flags: ['clinicAdminTrash'], roles: ['clinic-admin'] },
  'document:comment': { flags: ['comments'] },
  // "bulk e-signing … enabled by default" plus "also gated by the clinic setting 'enable bulk signing'".
  // Which documents (alerts or not) is isBulkSignableDocumentType's question.
  'document:bulk-sign': { flags: ['bulkESigning'], settings: ['enableBulkSigning'] },
  // SPEC says these flags gate abilities without naming roles, so they gate every role.
  'patient:create': { flags: ['createNewPatients'] },
  'device-check:create': { flags: ['inPersonDeviceCheck'] },
  'patient:read-advisories': { flags: ['manufacturerAdvisories'] },
  'document:edit-technician-review': { flags: ['editTechnicianReview'] },
} as const satisfies Partial<Record<PermissionName, PermissionGate>>;

export type GatedPermissionName = keyof typeof PERMISSION_GATES;

function findGate(permission: PermissionName): PermissionGate | undefined {
  return Object.hasOwn(PERMISSION_GATES, permission)
    ? PERMISSION_GATES[permission as GatedPermissionName]
    : undefined;
}

function isGateOpen(gate: PermissionGate, configuration: MergedClinicConfiguration | undefined): boolean {
  if (!configuration) return false;
  return (
    gate.flags.every((flag) => isFeatureFlagOn(configuration, flag)) &&
    (gate.settings ?? []).every((setting) => isSettingEnabled(configuration, setting))
  );
}

/**
 * Whether one role holds a permission at a clinic with this configuration. Without a configuration
 * every gated grant is refused, so forgetting to pass it denies rather than allows.
 */
export function isPermissionGrantedToRole({
  permission,
  role,
  configuration,
}: {
  permission: PermissionName;
  role: Role;
  configuration?: MergedClinicConfiguration | undefined;
}): boolean {
  if (!(PERMISSIONS[permission] as readonly Role[]).includes(role)) return false;
  const gate = findGate(permission);
  if (!gate || (gate.roles && !gate.roles.includes(role))) return true;
  return isGateOpen(gate, configuration);
}

/** The roles that hold a permission at a clinic with this configuration, in PERMISSIONS order. */
export function listPermittedRoles(
  permission: PermissionName,
  configuration?: MergedClinicConfiguration,
): Role[] {
  return PERMISSIONS[permission].filter((role) =>
    isPermissionGrantedToRole({ permission, role, configuration }),
  );
}
