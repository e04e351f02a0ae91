import type { InboxRoleClass } from '../reports/inbox';
import { listEffectiveRoles } from '../users/effective-roles';
import {
  ADMIN_LEVEL_ROLES,
  GLOBAL_CLINIC_NPI,
  ROLE_PERMISSION_SLOTS,
  type Role,
  WRITE_ROLES,
} from '../users/roles';
import type { UserRole } from '../users/user';

// One word for a user's roles, each answering a question SPEC §4 or §6 asks: the summary and top role,
// the primary roles, read-only, admin-level, the inbox role class and the permission slots. What a
// user may actually do is the permissions' question (permissions.ts, abilities.ts), not these.

/** Summary roles (SPEC §6), in priority order. */
export const SUMMARY_ROLES = [
  'provider',
  'staff',
  'clinic-admin',
  'device-tech',
  'clinic-read-only',
  'none',
] as const;
export type SummaryRole = (typeof SUMMARY_ROLES)[number];

/** The roles behind each summary role; 'none' is what is left. */
const SUMMARY_ROLE_MEMBERS = {
  provider: ['provider'],
  staff: ['nurse'],
  'clinic-admin': ['clinic-admin', 'irh-admin', 'sys-admin'],
  'device-tech': ['device-tech'],
  'clinic-read-only': ['clinic-read-only'],
} as const satisfies Record<Exclude<SummaryRole, 'none'>, readonly Role[]>;

/**
 * One role to describe a user at a clinic (SPEC §6): provider, then staff (nurse), then clinic admin
 * (clinic-admin, irh-admin, sys-admin), then device tech, then clinic read-only, else none. Takes the
 * effective roles at that clinic (listEffectiveRoles), so irh-tech, irh-reporting and irh-finance
 * alone summarise as none.
 */
export function getSummaryRole(roles: readonly Role[]): SummaryRole {
  for (const summary of SUMMARY_ROLES) {
    if (summary === 'none') break;
    const members: readonly Role[] = SUMMARY_ROLE_MEMBERS[summary];
    if (roles.some((role) => members.includes(role))) return summary;
  }
  return 'none';
}

export type TopRole = 'sys-admin' | 'irh-admin' | SummaryRole;

/** The user's highest role at a clinic (SPEC §6): sys-admin, then irh-admin, then the summary role. */
export function getTopRole(roles: readonly Role[]): TopRole {
  if (roles.includes('sys-admin')) return 'sys-admin';
  if (roles.includes('irh-admin')) return 'irh-admin';
  return getSummaryRole(roles);
}

/** SPEC §4: the primary internal role is system admin or IRH admin held at '*' (system admin first). */
export function getPrimaryInternalRole(roles: readonly UserRole[]): 'sys-admin' | 'irh-admin' | 'none' {
  const globalRoles = listEffectiveRoles(roles, GLOBAL_CLINIC_NPI);
  if (globalRoles.includes('sys-admin')) return 'sys-admin';
  if (globalRoles.includes('irh-admin')) return 'irh-admin';
  return 'none';
}

/**
 * SPEC §4: the primary clinic role is provider or nurse at the current clinic (provider first).
 * Neither counts under '*', so only the clinic's own roles can make it.
 */
export function getPrimaryClinicRole(
  roles: readonly UserRole[],
  clinicNpi: string,
): 'provider' | 'nurse' | 'none' {
  const clinicRoles = listEffectiveRoles(roles, clinicNpi);
  if (clinicRoles.includes('provider')) return 'provider';
  if (clinicRoles.includes('nurse')) return 'nurse';
  return 'none';
}

/**
 * SPEC §6: read-only unless the user has provider, nurse, clinic-admin or irh-admin. Followed to the
 * letter, so a user whose only role is sys-admin (or irh-tech, device-tech…) is read-only. What a
 * user may actually do is PERMISSIONS' question, not this one's.
 */
export function isReadOnly(roles: readonly Role[]): boolean {
  return !roles.some((role) => (WRITE_ROLES as readonly Role[]).includes(role));
}

/** SPEC §6: only irh-admin and sys-admin count as admin-level; clinic-admin does not. */
export function isAdminLevel(roles: readonly Role[]): boolean {
  return roles.some((role) => (ADMIN_LEVEL_ROLES as readonly Role[]).includes(role));
}

/** The roles behind each inbox role class, in priority order; 'none' is what is left. */
const INBOX_ROLE_CLASS_MEMBERS = [
  ['provider', ['provider']],
  ['staff', ['nurse']],
  // Internal technicians work on documents like clinic admins do.
  ['clinic-admin', ['clinic-admin', 'irh-admin', 'sys-admin', 'irh-tech']],
  // irh-reporting only reads.
  ['clinic-read-only', ['clinic-read-only', 'irh-reporting']],
  ['device-tech', ['device-tech']],
] as const satisfies readonly (readonly [Exclude<InboxRoleClass, 'none'>, readonly Role[]])[];

/**
 * The inbox role class (SPEC §6) of the effective roles at a clinic; listInboxStatuses then says
 * which statuses it sees. SPEC lists the classes but not how roles map to them. The order is the
 * summary role's, except that clinic-read-only comes before device-tech, and irh-tech and
 * irh-reporting join clinic-admin and clinic-read-only: so a class sees documents exactly when one
 * of the roles may read them (PERMISSIONS['document:read']), and a device tech who is also
 * read-only still sees them.
 */
export function getInboxRoleClass(roles: readonly Role[]): InboxRoleClass {
  for (const [roleClass, members] of INBOX_ROLE_CLASS_MEMBERS) {
    if (roles.some((role) => (members as readonly Role[]).includes(role))) return roleClass;
  }
  return 'none';
}

/** The ordered permission slots (SPEC §6) a set of roles holds: the union, ascending, no duplicates. */
export function listPermissionSlots(roles: readonly Role[]): number[] {
  const slots = new Set(roles.flatMap((role) => ROLE_PERMISSION_SLOTS[role]));
  return [...slots].sort((a, b) => a - b);
}
