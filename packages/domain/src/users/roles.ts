import { z } from 'zod';

/** The clinic entry under which global roles are held. */
export const GLOBAL_CLINIC_NPI = '*';

/** Clinic roles (SPEC §6). */
export const CLINIC_ROLES = ['provider', 'nurse', 'clinic-read-only', 'device-tech', 'clinic-admin'] as const;
/** Provider-company (IRH) roles (SPEC §6). */
export const PROVIDER_COMPANY_ROLES = [
  'irh-tech',
  'irh-reporting',
  'irh-finance',
  'irh-admin',
  'sys-admin',
] as const;
export const ROLES = [...CLINIC_ROLES, ...PROVIDER_COMPANY_ROLES] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Other names the same roles go by; normalizeRole maps them to the canonical name. */
export const ROLE_ALIASES = {
  physician: 'provider',
  ma: 'nurse',
  'Clinic Staff': 'nurse',
  dev: 'sys-admin',
  'System Admin': 'sys-admin',
} as const satisfies Record<string, Role>;

/** Human-readable role names; where SPEC gives one (Clinic Staff, System Admin) it is used. */
export const ROLE_LABELS = {
  provider: 'Provider',
  nurse: 'Clinic Staff',
  'clinic-read-only': 'Clinic Read-Only',
  'device-tech': 'Device Technician',
  'clinic-admin': 'Clinic Admin',
  'irh-tech': 'IRH Technician',
  'irh-reporting': 'IRH Reporting',
  'irh-finance': 'IRH Finance',
  'irh-admin': 'IRH Admin',
  'sys-admin': 'System Admin',
} as const satisfies Record<Role, string>;

/** Roles that count when held under '*'; any other role under '*' grants nothing (SPEC §6). */
export const GLOBAL_ELIGIBLE_ROLES = [
  'clinic-admin',
  'irh-tech',
  'irh-reporting',
  'irh-admin',
  'sys-admin',
] as const satisfies readonly Role[];

/** Only these count as admin-level (SPEC §6). */
export const ADMIN_LEVEL_ROLES = ['irh-admin', 'sys-admin'] as const satisfies readonly Role[];

/** Holding any of these makes a user not read-only (SPEC §6). */
export const WRITE_ROLES = [
  'provider',
  'nurse',
  'clinic-admin',
  'irh-admin',
] as const satisfies readonly Role[];

/** Ordered permission slots per role (SPEC §6; it lists none for irh-finance). What each slot allows is not shown. */
export const ROLE_PERMISSION_SLOTS = {
  provider: [0],
  nurse: [1],
  'clinic-read-only': [3],
  'device-tech': [1, 2, 4],
  'clinic-admin': [4, 7, 8],
  'irh-admin': [7, 8],
  'sys-admin': [8],
  'irh-tech': [5, 7, 8],
  'irh-reporting': [6, 7, 8],
  'irh-finance': [],
} as const satisfies Record<Role, readonly number[]>;

/** The canonical role for a name or alias; undefined for names the product does not know. */
export function normalizeRole(name: string): Role | undefined {
  // A plain lookup, not roleSchema: the web app uses this, and its bundle leaves zod out.
  if ((ROLES as readonly string[]).includes(name)) return name as Role;
  return Object.hasOwn(ROLE_ALIASES, name) ? ROLE_ALIASES[name as keyof typeof ROLE_ALIASES] : undefined;
}

/** Permission denial message (SPEC §6, CASL's own wording). */
export function formatPermissionDeniedMessage(action: string, subject: string): string {
  return `Cannot execute "${action}" on "${subject}"`;
}
