import { listEffectiveRoles } from '../users/effective-roles';
import type { User } from '../users/user';

/**
 * The clinics a user may open (SPEC §4 "the user's list"), in the order of allClinicNpis: those where
 * the user has any effective role, which is every clinic once a role under '*' counts globally.
 * Clinics missing from allClinicNpis (deleted, or left out by the caller, e.g. inactive) are not listed.
 */
export function listAllowedClinicNpis(user: Pick<User, 'roles'>, allClinicNpis: readonly string[]): string[] {
  return allClinicNpis.filter((npi) => listEffectiveRoles(user.roles, npi).length > 0);
}

/**
 * The clinic to show (SPEC §4): the requested one if it is in the user's list, otherwise the first
 * allowed clinic, or undefined when the user may open none. Switching to a clinic outside the list
 * therefore never happens.
 */
export function pickCurrentClinic(
  requestedNpi: string | null | undefined,
  allowedNpis: readonly string[],
): string | undefined {
  if (requestedNpi != null && allowedNpis.includes(requestedNpi)) return requestedNpi;
  return allowedNpis[0];
}
