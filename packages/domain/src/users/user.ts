import { z } from 'zod';
import { GLOBAL_CLINIC_NPI } from './roles';

/** One role grant: a role name (or alias) at a clinic NPI, or at '*' for all clinics. */
export const userRoleSchema = z.object({
  role: z.string().min(1),
  clinicNPI: z.string().min(1),
});
export type UserRole = z.infer<typeof userRoleSchema>;

/** User id prefixes: 'auth0|…' or 'samlp|{connection}|{email}'. */
export const USER_ID_TYPES = ['auth0', 'samlp'] as const;
export type UserIdType = (typeof USER_ID_TYPES)[number];

export const userSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  title: z.string().nullish(),
  suffixes: z.string().nullish(),
  npi: z.string().nullish(),
  phone: z.string().nullish(),
  roles: z.array(userRoleSchema),
  homePage: z.string().nullish(),
  samlProfileId: z.string().nullish(),
  isLocked: z.boolean().default(false),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
});
export type User = z.infer<typeof userSchema>;

/** Provider-company (IRH) users hold at least one role at the wildcard clinic. */
export function deriveIsIrhUser(roles: readonly UserRole[] | null | undefined): boolean {
  return (roles ?? []).some((r) => r.clinicNPI === GLOBAL_CLINIC_NPI);
}

/** Roles listed for one clinic: that clinic's entries only (SPEC §3 "filtered to the current clinic"). */
export function filterRolesForClinic(roles: readonly UserRole[], clinicNpi: string): UserRole[] {
  return roles.filter((r) => r.clinicNPI === clinicNpi);
}
