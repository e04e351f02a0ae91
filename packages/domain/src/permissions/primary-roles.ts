import { listEffectiveRoles } from '../users/effective-roles';
import { GLOBAL_CLINIC_NPI } from '../users/roles';
import type { UserRole } from '../users/user';

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
