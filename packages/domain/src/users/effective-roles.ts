import { GLOBAL_CLINIC_NPI, GLOBAL_ELIGIBLE_ROLES, normalizeRole, type Role } from './roles';
import type { UserRole } from './user';

/**
 * A user's effective roles at a clinic (SPEC §6): the clinic's own roles plus the global ('*') ones,
 * where a global role counts only if it is one of GLOBAL_ELIGIBLE_ROLES. Aliases are normalised and
 * unknown names dropped. First-seen order, no duplicates. Asked for '*' itself, it answers the roles
 * that count everywhere, so a provider role held under '*' never counts, not even there.
 */
export function listEffectiveRoles(roles: readonly UserRole[], clinicNpi: string): Role[] {
  const effective = new Set<Role>();
  for (const grant of roles) {
    const role = normalizeRole(grant.role);
    if (!role) continue;
    if (grant.clinicNPI === GLOBAL_CLINIC_NPI) {
      if ((GLOBAL_ELIGIBLE_ROLES as readonly Role[]).includes(role)) effective.add(role);
    } else if (grant.clinicNPI === clinicNpi) {
      effective.add(role);
    }
  }
  return [...effective];
}

export function hasRoleAtClinic(roles: readonly UserRole[], clinicNpi: string, role: Role): boolean {
  return listEffectiveRoles(roles, clinicNpi).includes(role);
}
