import type { Role } from '../users/roles';

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
