import {
  Ability,
  AbilityBuilder,
  type AbilityOptionsOf,
  ForbiddenError,
  type RawRuleOf,
} from '@casl/ability';
import type { MergedClinicConfiguration } from '../clinics/merge-clinic-configuration';
import { listEffectiveRoles } from '../users/effective-roles';
import { CLINIC_ROLES, GLOBAL_CLINIC_NPI, normalizeRole, type Role } from '../users/roles';
import type { User, UserRole } from '../users/user';
import {
  type GatedPermissionName,
  isGlobalPermission,
  isPermissionGrantedToRole,
  PERMISSION_NAMES,
  PERMISSIONS,
  type PermissionName,
} from './permissions';

// What a user may do, asked in one place: the CASL ability built from PERMISSIONS (permissions.ts),
// and the questions the server and the web app ask of it (can, assertCan, canAnywhere,
// clinicsWherePermitted, checkAnyRole, canGrantRole, listAllowedClinicNpis).

/**
 * The empty subject of SPEC §6 ("the role name itself as an action on an empty subject"). CASL 7 has
 * no empty subject type of its own: a rule with subject '' (given raw, or through AbilityBuilder,
 * which drops a falsy subject) is indexed under CASL's catch-all subject type 'all', so it matches
 * any subject. Checks pass '' and a denial names it: 'Cannot execute "provider" on ""'.
 */
export const EMPTY_SUBJECT = '';

/**
 * The portal's CASL ability. Actions are role names (on EMPTY_SUBJECT) and permission names (on the
 * clinic NPI the ability was built for); subjects are plain strings, never objects, so no condition
 * or field matching is involved.
 */
export type PortalAbility = Ability<[string, string]>;
export type PortalRawRule = RawRuleOf<PortalAbility>;

/**
 * A portal ability from raw rules (for example rules sent to the web app). It is CASL's plain
 * Ability, with no matchers unless given, so CASL itself enforces SPEC §5: a rule with an empty field
 * list is rejected, and a rule using fields or conditions needs a field or conditions matcher.
 */
export function createPortalAbility(
  rules: PortalRawRule[] = [],
  options?: AbilityOptionsOf<PortalAbility>,
): PortalAbility {
  return new Ability<[string, string]>(rules, options);
}

// Re-exported so the apps can recognise a denial (error instanceof ForbiddenError) through the index.
export { ForbiddenError };

export type AbilityUser = Pick<User, 'roles'> & { isLocked?: boolean | null | undefined };

/**
 * What a user may do at one clinic, as a CASL ability:
 * - every effective role (SPEC §6: the clinic's roles plus the global ones that count, aliases
 *   normalised) as an action on EMPTY_SUBJECT, which is what checkAnyRole asks;
 * - every named permission those roles hold there as an action on the clinic NPI, which is what
 *   can and assertCan ask, and what the web app can ask directly. Global permissions count only
 *   roles held under '*'. Gated permissions need the clinic's merged configuration; without it
 *   their gated grants are left out.
 * A locked user gets an empty ability: the token may outlive the lock.
 */
export function defineAbilityFor(
  user: AbilityUser,
  clinicNpi: string,
  configuration?: MergedClinicConfiguration,
): PortalAbility {
  const { can, build } = new AbilityBuilder<PortalAbility>(createPortalAbility);
  if (user.isLocked) return build();

  const clinicRoles = listEffectiveRoles(user.roles, clinicNpi);
  const globalRoles = listEffectiveRoles(user.roles, GLOBAL_CLINIC_NPI);
  for (const role of clinicRoles) can(role, EMPTY_SUBJECT);
  for (const permission of PERMISSION_NAMES) {
    const holders = isGlobalPermission(permission) ? globalRoles : clinicRoles;
    if (holders.some((role) => isPermissionGrantedToRole({ permission, role, configuration }))) {
      can(permission, clinicNpi);
    }
  }
  return build();
}

/**
 * A gated permission cannot be answered without the clinic's merged configuration, so the type
 * demands it; for the others it is optional and unused. (A permission typed as the whole
 * PermissionName union makes it optional; left out, gated grants are then refused.)
 */
type ConfigurationArgument<P extends PermissionName> = P extends GatedPermissionName
  ? [configuration: MergedClinicConfiguration]
  : [configuration?: MergedClinicConfiguration];

/** Whether the user holds a named permission at a clinic (for the web app to show or hide a control). */
export function can<P extends PermissionName>(
  user: AbilityUser,
  permission: P,
  clinicNpi: string,
  ...[configuration]: ConfigurationArgument<P>
): boolean {
  return defineAbilityFor(user, clinicNpi, configuration).can(permission, clinicNpi);
}

/**
 * Throws CASL's ForbiddenError unless the user holds the permission at the clinic. The action is the
 * permission name and the subject the clinic NPI, so the message reads
 * 'Cannot execute "document:sign" on "1234567893"'. Use GLOBAL_CLINIC_NPI when no clinic is involved.
 */
export function assertCan<P extends PermissionName>(
  user: AbilityUser,
  permission: P,
  clinicNpi: string,
  ...[configuration]: ConfigurationArgument<P>
): void {
  ForbiddenError.from(defineAbilityFor(user, clinicNpi, configuration)).throwUnlessCan(permission, clinicNpi);
}

/** SPEC §6: a user can do it if any listed role is held (each role an action on the empty subject). */
export function holdsAnyRole(ability: PortalAbility, roles: readonly Role[]): boolean {
  return roles.some((role) => ability.can(role, EMPTY_SUBJECT));
}

/**
 * Throws CASL's ForbiddenError unless the ability holds one of the roles. The denied action is the
 * listed roles joined with '|' (so the message names every role that would have done), on the empty
 * subject: 'Cannot execute "provider|nurse" on ""'. No roles listed: nobody may, action "".
 */
export function checkAnyRole(ability: PortalAbility, roles: readonly Role[]): void {
  if (holdsAnyRole(ability, roles)) return;
  ForbiddenError.from(ability).throwUnlessCan(roles.join('|'), EMPTY_SUBJECT);
}

/**
 * Whether the user holds a permission at some clinic, ignoring feature flags and settings. The server
 * uses it as the coarse gate of a route (403 when no role could ever grant it); the operation then checks
 * the clinic in question, with its flags, and answers 404 for a clinic the user cannot see.
 */
export function canAnywhere(
  user: { roles: readonly UserRole[]; isLocked?: boolean },
  permission: PermissionName,
): boolean {
  if (user.isLocked) return false;
  const allowed: readonly string[] = PERMISSIONS[permission];
  const clinics = isGlobalPermission(permission)
    ? [GLOBAL_CLINIC_NPI]
    : [...new Set(user.roles.map((grant) => grant.clinicNPI))];
  return clinics.some((clinicNpi) =>
    listEffectiveRoles(user.roles, clinicNpi).some((role) => allowed.includes(role)),
  );
}

/**
 * The clinics where a user holds a permission: 'all' through a global role, or a list of NPIs. Queries use
 * it to scope what they return, so another clinic's data never leaves the database.
 */
export function clinicsWherePermitted(
  user: { roles: readonly UserRole[] },
  permission: PermissionName,
): 'all' | string[] {
  const allowed: readonly string[] = PERMISSIONS[permission];
  if (listEffectiveRoles(user.roles, GLOBAL_CLINIC_NPI).some((role) => allowed.includes(role))) return 'all';
  const npis = [...new Set(user.roles.map((grant) => grant.clinicNPI))].filter(
    (npi) => npi !== GLOBAL_CLINIC_NPI,
  );
  return npis.filter((npi) => listEffectiveRoles(user.roles, npi).some((role) => allowed.includes(role)));
}

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
