import { Ability, type AbilityOptionsOf, type RawRuleOf } from '@casl/ability';

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
export { ForbiddenError } from '@casl/ability';
