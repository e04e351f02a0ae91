import { type ConditionsMatcher, fieldPatternMatcher, mongoQueryMatcher } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { createPortalAbility, EMPTY_SUBJECT, type PortalRawRule } from './portal-ability';

const EMPTY_FIELDS = 'The `rawRule.fields` array cannot be empty. https://bit.ly/390miLa';
const NEEDS_FIELD_MATCHER = 'Cannot restrict access by fields without a "fieldMatcher" option';
const NEEDS_CONDITIONS_MATCHER =
  'Cannot restrict access by conditions without a "conditionsMatcher" option. Please, provide a "conditionsMatcher" function to your Ability class or use "createMongoAbility" instead.';

describe('createPortalAbility: permission rules are validated by CASL itself (SPEC §5)', () => {
  it.each<[string, PortalRawRule, string]>([
    [
      'an empty field list is rejected',
      { action: 'provider', subject: EMPTY_SUBJECT, fields: [] },
      EMPTY_FIELDS,
    ],
    [
      'a field list without a field matcher is rejected',
      { action: 'document:update', subject: '1234567893', fields: ['note'] },
      NEEDS_FIELD_MATCHER,
    ],
    [
      'conditions without a conditions matcher are rejected',
      { action: 'document:update', subject: '1234567893', conditions: { pinned: true } },
      NEEDS_CONDITIONS_MATCHER,
    ],
  ])('%s', (_story, rule, message) => {
    expect(() => createPortalAbility([rule])).toThrow(message);
  });

  it('an empty field list is rejected even when matchers are given', () => {
    const rule: PortalRawRule = { action: 'provider', subject: EMPTY_SUBJECT, fields: [] };
    expect(() => createPortalAbility([rule], { fieldMatcher: fieldPatternMatcher })).toThrow(EMPTY_FIELDS);
  });

  it('fields and conditions are accepted once their matchers are given', () => {
    const rules: PortalRawRule[] = [
      { action: 'document:update', subject: '1234567893', fields: ['note'], conditions: { pinned: true } },
    ];
    const ability = createPortalAbility(rules, {
      fieldMatcher: fieldPatternMatcher,
      // The portal ability types its conditions as unknown: it never uses any of its own.
      conditionsMatcher: mongoQueryMatcher as ConditionsMatcher<unknown>,
    });
    expect(ability.can('document:update', '1234567893', 'note')).toBe(true);
  });
});

describe('the empty subject', () => {
  it.each([
    [
      'a role rule with the empty subject answers a check on the empty subject',
      'provider',
      EMPTY_SUBJECT,
      true,
    ],
    ['a role the rules do not hold is refused', 'nurse', EMPTY_SUBJECT, false],
    ['a role rule on the empty subject matches any subject', 'provider', '1234567893', true],
    ['a permission rule on a clinic answers for that clinic', 'document:sign', '1234567893', true],
    ['a permission rule on a clinic says nothing about another', 'document:sign', '1245319599', false],
  ])('%s', (_story, action, subject, expected) => {
    const ability = createPortalAbility([
      { action: 'provider', subject: EMPTY_SUBJECT },
      { action: 'document:sign', subject: '1234567893' },
    ]);
    expect(ability.can(action, subject)).toBe(expected);
  });
});
