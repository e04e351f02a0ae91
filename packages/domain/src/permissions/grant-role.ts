import { CLINIC_ROLES, GLOBAL_CLINIC_NPI, normalizeRole, type Role } from '../users/roles';
import type { UserRole } from '../users/user';
import { assertCan, can } from './can';
import type { AbilityUser } from './define-ability-for';

/**
 * The permission a role grant (given or taken away) needs, and where. A clinic role at one clinic
 * needs 'user:update' there, so a clinic admin manages its own clinic. Anything under '*', any
 * provider-company role and any name the product does not know need 'user:assign-global-roles'.
 */
function describeGrantCheck(grant: UserRole) {
  const role = normalizeRole(grant.role);
  const isClinicGrant =
    grant.clinicNPI !== GLOBAL_CLINIC_NPI &&
    role !== undefined &&
    (CLINIC_ROLES as readonly Role[]).includes(role);
  return isClinicGrant
    ? ({ permission: 'user:update', clinicNpi: grant.clinicNPI } as const)
    : ({ permission: 'user:assign-global-roles', clinicNpi: GLOBAL_CLINIC_NPI } as const);
}

/** Whether the actor may give (or take away) this role grant. */
export function canGrantRole(actor: AbilityUser, grant: UserRole): boolean {
  const { permission, clinicNpi } = describeGrantCheck(grant);
  return can(actor, permission, clinicNpi);
}

/**
 * Throws CASL's ForbiddenError unless the actor may give (or take away) this role grant:
 * 'Cannot execute "user:update" on "{clinicNPI}"' or 'Cannot execute "user:assign-global-roles" on "*"'.
 */
export function assertCanGrantRole(actor: AbilityUser, grant: UserRole): void {
  const { permission, clinicNpi } = describeGrantCheck(grant);
  assertCan(actor, permission, clinicNpi);
}
