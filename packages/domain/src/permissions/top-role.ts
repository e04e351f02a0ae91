import type { Role } from '../users/roles';
import { getSummaryRole, type SummaryRole } from './summary-role';

export type TopRole = 'sys-admin' | 'irh-admin' | SummaryRole;

/** The user's highest role at a clinic (SPEC §6): sys-admin, then irh-admin, then the summary role. */
export function getTopRole(roles: readonly Role[]): TopRole {
  if (roles.includes('sys-admin')) return 'sys-admin';
  if (roles.includes('irh-admin')) return 'irh-admin';
  return getSummaryRole(roles);
}
