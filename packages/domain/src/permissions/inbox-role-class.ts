import type { InboxRoleClass } from '../reports/inbox';
import type { Role } from '../users/roles';

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
