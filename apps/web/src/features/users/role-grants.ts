import {
  type AbilityUser,
  CLINIC_ROLES,
  canGrantRole,
  GLOBAL_CLINIC_NPI,
  normalizeRole,
  PROVIDER_COMPANY_ROLES,
  ROLE_LABELS,
  type Role,
  type UserRole,
} from '@portal/domain';
import type { AllowedClinic } from '../../lib/user-resource';

/** Roles offered under '*': those that count there (clinic-admin and the provider-company roles). */
const GLOBAL_ROLE_CHOICES: readonly Role[] = ['clinic-admin', ...PROVIDER_COMPANY_ROLES];

/** The roles the editor offers at a clinic (clinic roles), or under '*' (all clinics). */
export function listRoleChoices(clinicNpi: string): readonly Role[] {
  return clinicNpi === GLOBAL_CLINIC_NPI ? GLOBAL_ROLE_CHOICES : CLINIC_ROLES;
}

/** The clinics whose roles the actor may edit: the current clinic; global admins also '*' and their other clinics. */
export function listEditableClinics(
  actor: AbilityUser,
  currentClinic: AllowedClinic | undefined,
  allowedClinics: readonly AllowedClinic[],
): { npi: string; name: string }[] {
  const clinics: { npi: string; name: string }[] = [];
  if (currentClinic) clinics.push({ npi: currentClinic.npi, name: currentClinic.name });
  const mayGrantGlobal = canGrantRole(actor, { role: 'sys-admin', clinicNPI: GLOBAL_CLINIC_NPI });
  if (!mayGrantGlobal) return clinics;
  clinics.push({ npi: GLOBAL_CLINIC_NPI, name: 'All clinics (global roles)' });
  for (const clinic of allowedClinics) {
    if (clinic.npi !== currentClinic?.npi) clinics.push({ npi: clinic.npi, name: clinic.name });
  }
  return clinics;
}

export function hasGrant(roles: readonly UserRole[], grant: { role: Role; clinicNPI: string }): boolean {
  return roles.some((r) => r.clinicNPI === grant.clinicNPI && normalizeRole(r.role) === grant.role);
}

/** Adds or removes one grant, leaving the others as they are. */
export function toggleGrant(
  roles: readonly UserRole[],
  grant: { role: Role; clinicNPI: string },
): UserRole[] {
  return hasGrant(roles, grant)
    ? roles.filter((r) => !(r.clinicNPI === grant.clinicNPI && normalizeRole(r.role) === grant.role))
    : [...roles, { role: grant.role, clinicNPI: grant.clinicNPI }];
}

export function roleLabel(role: string): string {
  const known = normalizeRole(role);
  return known ? ROLE_LABELS[known] : role;
}

/** 'Clinic Staff · Aspen Hollow Cardiology', or '… · All clinics' for '*'. */
export function describeGrant(grant: UserRole, clinicName: (npi: string) => string | undefined): string {
  const where =
    grant.clinicNPI === GLOBAL_CLINIC_NPI ? 'All clinics' : (clinicName(grant.clinicNPI) ?? grant.clinicNPI);
  return `${roleLabel(grant.role)} · ${where}`;
}
