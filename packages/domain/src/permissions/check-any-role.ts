import { ForbiddenError } from '@casl/ability';
import type { Role } from '../users/roles';
import { EMPTY_SUBJECT, type PortalAbility } from './portal-ability';

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
