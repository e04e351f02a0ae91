import { type ConditionsMatcher, fieldPatternMatcher, mongoQueryMatcher } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { buildClinicConfiguration } from '../test-support/build-clinic-configuration';
import { buildUser } from '../test-support/build-user';
import { formatPermissionDeniedMessage, type Role } from '../users/roles';
import type { UserRole } from '../users/user';
import {
  assertCan,
  assertCanGrantRole,
  can,
  canAnywhere,
  canGrantRole,
  checkAnyRole,
  clinicsWherePermitted,
  createPortalAbility,
  defineAbilityFor,
  EMPTY_SUBJECT,
  ForbiddenError,
  holdsAnyRole,
  listAllowedClinicNpis,
  type PortalRawRule,
  pickCurrentClinic,
} from './abilities';

const CLINIC = '1234567893';
const OTHER = '1245319599';
const provider = buildUser({ roles: [{ role: 'physician', clinicNPI: CLINIC }] });
const nurse = buildUser({ roles: [{ role: 'ma', clinicNPI: CLINIC }] });
const globalClinicAdmin = buildUser({ roles: [{ role: 'clinic-admin', clinicNPI: '*' }] });
const trashOn = buildClinicConfiguration({ flags: { clinicAdminTrash: true } });

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

/** The role actions the ability holds at CLINIC, that is the rules on the empty subject. */
function listRoleActions(roles: UserRole[]): string[] {
  return defineAbilityFor({ roles }, CLINIC)
    .rules.filter((rule) => rule.subject === undefined)
    .map((rule) => String(rule.action));
}

describe('defineAbilityFor: the roles a user holds at a clinic (SPEC §6)', () => {
  it.each<[string, UserRole[], string[]]>([
    ['a provider at the clinic holds provider', [{ role: 'provider', clinicNPI: CLINIC }], ['provider']],
    ['physician is another name for provider', [{ role: 'physician', clinicNPI: CLINIC }], ['provider']],
    ['ma is another name for nurse', [{ role: 'ma', clinicNPI: CLINIC }], ['nurse']],
    ['Clinic Staff is another name for nurse', [{ role: 'Clinic Staff', clinicNPI: CLINIC }], ['nurse']],
    ['dev is another name for sys-admin', [{ role: 'dev', clinicNPI: '*' }], ['sys-admin']],
    ['System Admin is another name for sys-admin', [{ role: 'System Admin', clinicNPI: '*' }], ['sys-admin']],
    ['a role at another clinic does not count here', [{ role: 'provider', clinicNPI: OTHER }], []],
    [
      'clinic-admin under * counts at every clinic',
      [{ role: 'clinic-admin', clinicNPI: '*' }],
      ['clinic-admin'],
    ],
    ['irh-tech under * counts at every clinic', [{ role: 'irh-tech', clinicNPI: '*' }], ['irh-tech']],
    [
      'irh-reporting under * counts at every clinic',
      [{ role: 'irh-reporting', clinicNPI: '*' }],
      ['irh-reporting'],
    ],
    ['irh-admin under * counts at every clinic', [{ role: 'irh-admin', clinicNPI: '*' }], ['irh-admin']],
    ['sys-admin under * counts at every clinic', [{ role: 'sys-admin', clinicNPI: '*' }], ['sys-admin']],
    ['provider under * counts nowhere', [{ role: 'provider', clinicNPI: '*' }], []],
    ['nurse under * counts nowhere', [{ role: 'nurse', clinicNPI: '*' }], []],
    ['clinic-read-only under * counts nowhere', [{ role: 'clinic-read-only', clinicNPI: '*' }], []],
    ['device-tech under * counts nowhere', [{ role: 'device-tech', clinicNPI: '*' }], []],
    ['irh-finance under * counts nowhere', [{ role: 'irh-finance', clinicNPI: '*' }], []],
    [
      'the clinic roles and the global ones are united',
      [
        { role: 'nurse', clinicNPI: CLINIC },
        { role: 'irh-reporting', clinicNPI: '*' },
        { role: 'provider', clinicNPI: OTHER },
      ],
      ['nurse', 'irh-reporting'],
    ],
    ['an unknown role name grants nothing', [{ role: 'janitor', clinicNPI: CLINIC }], []],
  ])('%s', (_story, roles, expected) => {
    expect(listRoleActions(roles)).toEqual(expected);
  });

  it('each role is an action on the empty subject, so CASL answers can(role, "")', () => {
    const ability = defineAbilityFor({ roles: [{ role: 'physician', clinicNPI: CLINIC }] }, CLINIC);
    expect(ability.can('provider', EMPTY_SUBJECT)).toBe(true);
    expect(ability.can('physician', EMPTY_SUBJECT)).toBe(false);
    expect(ability.can('nurse', EMPTY_SUBJECT)).toBe(false);
  });
});

describe('defineAbilityFor: the permissions a user holds at a clinic', () => {
  it('a provider may sign at the clinic the ability was built for, and at no other', () => {
    const ability = defineAbilityFor({ roles: [{ role: 'provider', clinicNPI: CLINIC }] }, CLINIC);
    expect(ability.can('document:sign', CLINIC)).toBe(true);
    expect(ability.can('document:sign', OTHER)).toBe(false);
    expect(ability.can('document:trash', CLINIC)).toBe(false);
  });

  it('gated grants are left out without the clinic configuration, and follow it when given', () => {
    const admin = { roles: [{ role: 'clinic-admin', clinicNPI: CLINIC }] };
    const trashOn = buildClinicConfiguration({ flags: { clinicAdminTrash: true } });
    expect(defineAbilityFor(admin, CLINIC).can('document:trash', CLINIC)).toBe(false);
    expect(defineAbilityFor(admin, CLINIC, trashOn).can('document:trash', CLINIC)).toBe(true);
  });

  it('a locked user holds nothing, whatever the roles', () => {
    const locked = buildUser({ isLocked: true, roles: [{ role: 'sys-admin', clinicNPI: '*' }] });
    expect(defineAbilityFor(locked, CLINIC).rules).toEqual([]);
  });
});

describe('can: the web app asks before showing a control', () => {
  it.each([
    ['the provider may sign at the clinic', () => can(provider, 'document:sign', CLINIC), true],
    [
      'the provider may not sign at a clinic where it holds no role',
      () => can(provider, 'document:sign', OTHER),
      false,
    ],
    ['the nurse may acknowledge but not sign', () => can(nurse, 'document:acknowledge', CLINIC), true],
    ['the nurse may not sign', () => can(nurse, 'document:sign', CLINIC), false],
    [
      'a clinic admin under * manages users at any clinic',
      () => can(globalClinicAdmin, 'user:create', OTHER),
      true,
    ],
    [
      'a clinic admin under * may not grant global roles',
      () => can(globalClinicAdmin, 'user:assign-global-roles', '*'),
      false,
    ],
    [
      'a clinic admin trashes while the clinic allows it',
      () => can(globalClinicAdmin, 'document:trash', CLINIC, trashOn),
      true,
    ],
    [
      'a clinic admin does not trash while it does not',
      () => can(globalClinicAdmin, 'document:trash', CLINIC, buildClinicConfiguration()),
      false,
    ],
    [
      'a locked provider may do nothing',
      () => can({ ...provider, isLocked: true }, 'document:read', CLINIC),
      false,
    ],
  ])('%s', (_story, check, expected) => {
    expect(check()).toBe(expected);
  });

  it('a gated permission cannot be asked without the clinic configuration', () => {
    // @ts-expect-error the configuration is required for document:trash
    expect(can(globalClinicAdmin, 'document:trash', CLINIC)).toBe(false);
  });
});

describe('assertCan: the server refuses with CASL’s ForbiddenError and the SPEC §6 message', () => {
  it.each([
    ['the nurse tries to sign', () => assertCan(nurse, 'document:sign', CLINIC), 'document:sign', CLINIC],
    [
      'the provider signs at another clinic',
      () => assertCan(provider, 'document:sign', OTHER),
      'document:sign',
      OTHER,
    ],
    [
      'the nurse tries to create a clinic',
      () => assertCan(nurse, 'clinic:create', '*'),
      'clinic:create',
      '*',
    ],
  ])('%s', (_story, act, action, subject) => {
    let error: unknown;
    try {
      act();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ForbiddenError);
    const denial = error as ForbiddenError<never>;
    expect(denial.message).toBe(`Cannot execute "${action}" on "${subject}"`);
    expect(denial.message).toBe(formatPermissionDeniedMessage(action, subject));
    expect(denial.action).toBe(action);
    expect(denial.subject).toBe(subject);
  });

  it('the provider signs without a fuss', () => {
    expect(() => assertCan(provider, 'document:sign', CLINIC)).not.toThrow();
  });
});

const nurseAbility = defineAbilityFor(
  {
    roles: [
      { role: 'Clinic Staff', clinicNPI: CLINIC },
      { role: 'irh-tech', clinicNPI: '*' },
    ],
  },
  CLINIC,
);

describe('checkAnyRole: a user can do it if any listed role is held (SPEC §6)', () => {
  it.each<[string, Role[]]>([
    ['the nurse passes a check for nurses', ['nurse']],
    ['the nurse passes a check for providers or nurses', ['provider', 'nurse']],
    ['a global irh-tech role is held at the clinic too', ['irh-admin', 'irh-tech']],
  ])('%s', (_story, roles) => {
    expect(holdsAnyRole(nurseAbility, roles)).toBe(true);
    expect(() => checkAnyRole(nurseAbility, roles)).not.toThrow();
  });

  it.each<[string, Role[], string]>([
    ['the nurse is refused a provider-only check', ['provider'], 'Cannot execute "provider" on ""'],
    [
      'a refusal names every role that would have done',
      ['provider', 'clinic-admin'],
      'Cannot execute "provider|clinic-admin" on ""',
    ],
    ['a check listing no role refuses everyone', [], 'Cannot execute "" on ""'],
  ])('%s', (_story, roles, message) => {
    expect(holdsAnyRole(nurseAbility, roles)).toBe(false);
    let error: unknown;
    try {
      checkAnyRole(nurseAbility, roles);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toBeInstanceOf(Error);
    expect((error as ForbiddenError<never>).message).toBe(message);
    expect((error as ForbiddenError<never>).message).toBe(formatPermissionDeniedMessage(roles.join('|'), ''));
  });
});

describe('canAnywhere: the coarse gate of a route', () => {
  it.each([
    [
      'a provider at one clinic may sign somewhere',
      [{ role: 'provider', clinicNPI: '1234567893' }],
      'document:sign',
      true,
    ],
    ['a nurse may not sign anywhere', [{ role: 'nurse', clinicNPI: '1234567893' }], 'document:sign', false],
    [
      'a device tech reads no documents',
      [{ role: 'device-tech', clinicNPI: '1234567893' }],
      'document:read',
      false,
    ],
    ['a global irh-admin may create clinics', [{ role: 'irh-admin', clinicNPI: '*' }], 'clinic:create', true],
    [
      'an irh-admin at one clinic may not create clinics',
      [{ role: 'irh-admin', clinicNPI: '1234567893' }],
      'clinic:create',
      false,
    ],
    ['a provider under * counts nowhere', [{ role: 'provider', clinicNPI: '*' }], 'document:sign', false],
    [
      'a global sys-admin reads documents everywhere',
      [{ role: 'sys-admin', clinicNPI: '*' }],
      'document:read',
      true,
    ],
    ['a user with no roles can do nothing', [], 'clinic:read', false],
  ] as const)('%s', (_story, roles, permission, expected) => {
    expect(canAnywhere({ roles }, permission)).toBe(expected);
  });

  it('a locked user can do nothing', () => {
    expect(
      canAnywhere({ roles: [{ role: 'sys-admin', clinicNPI: '*' }], isLocked: true }, 'clinic:read'),
    ).toBe(false);
  });
});

describe('clinicsWherePermitted: the clinics a query is scoped to', () => {
  it.each<[string, UserRole[], 'all' | string[]]>([
    ['a provider signs at its own clinic only', [{ role: 'provider', clinicNPI: CLINIC }], [CLINIC]],
    [
      'a provider at two clinics signs at both',
      [
        { role: 'provider', clinicNPI: CLINIC },
        { role: 'physician', clinicNPI: OTHER },
      ],
      [CLINIC, OTHER],
    ],
    [
      'a nurse at one clinic and provider at another signs only where it is the provider',
      [
        { role: 'nurse', clinicNPI: CLINIC },
        { role: 'provider', clinicNPI: OTHER },
      ],
      [OTHER],
    ],
    ['a provider role under * counts nowhere', [{ role: 'provider', clinicNPI: '*' }], []],
    ['a user with no roles signs nowhere', [], []],
  ])('%s', (_story, roles, expected) => {
    expect(clinicsWherePermitted({ roles }, 'document:sign')).toEqual(expected);
  });

  it('a global sys-admin reads documents at every clinic', () => {
    expect(clinicsWherePermitted({ roles: [{ role: 'sys-admin', clinicNPI: '*' }] }, 'document:read')).toBe(
      'all',
    );
  });
});

const A = '1234567893';
const B = '1245319599';
const C = '1655154049';
const ALL = [A, B, C];

describe('listAllowedClinicNpis: the clinics a user may open', () => {
  it.each<[string, UserRole[], string[]]>([
    ['a provider at one clinic opens that one', [{ role: 'provider', clinicNPI: B }], [B]],
    [
      'a user with roles at two clinics opens both, in the list order',
      [
        { role: 'nurse', clinicNPI: C },
        { role: 'provider', clinicNPI: A },
      ],
      [A, C],
    ],
    ['a clinic admin under * opens every clinic', [{ role: 'clinic-admin', clinicNPI: '*' }], ALL],
    ['an irh-reporting user under * opens every clinic', [{ role: 'irh-reporting', clinicNPI: '*' }], ALL],
    ['a provider role under * opens none', [{ role: 'provider', clinicNPI: '*' }], []],
    ['irh-finance under * opens none', [{ role: 'irh-finance', clinicNPI: '*' }], []],
    ['irh-finance at one clinic opens it', [{ role: 'irh-finance', clinicNPI: A }], [A]],
    [
      'a role at a clinic that no longer exists opens nothing',
      [{ role: 'provider', clinicNPI: '1818936704' }],
      [],
    ],
    ['an unknown role name opens nothing', [{ role: 'janitor', clinicNPI: A }], []],
  ])('%s', (_story, roles, expected) => {
    expect(listAllowedClinicNpis({ roles }, ALL)).toEqual(expected);
    // The list is exactly where the user may read the clinic.
    expect(ALL.filter((npi) => can({ roles }, 'clinic:read', npi))).toEqual(expected);
  });
});

describe('pickCurrentClinic (SPEC §4): switching works only to a clinic in the list', () => {
  it.each<[string, string | null | undefined, string[], string | undefined]>([
    ['the requested clinic is kept when allowed', B, [A, B], B],
    ['a clinic outside the list falls back to the first allowed', C, [A, B], A],
    ['no current clinic yet picks the first allowed', undefined, [B, A], B],
    ['a null request picks the first allowed', null, [B], B],
    ['a user who may open no clinic gets none', A, [], undefined],
  ])('%s', (_story, requested, allowed, expected) => {
    expect(pickCurrentClinic(requested, allowed)).toBe(expected);
  });
});

const clinicAdmin = { roles: [{ role: 'clinic-admin', clinicNPI: CLINIC }] };
const irhAdmin = { roles: [{ role: 'irh-admin', clinicNPI: '*' }] };
const irhAdminOfOneClinic = { roles: [{ role: 'irh-admin', clinicNPI: CLINIC }] };

describe('canGrantRole: who may give or take away which role', () => {
  it.each<[string, { roles: UserRole[] }, UserRole, boolean]>([
    [
      'a clinic admin makes someone a provider at its clinic',
      clinicAdmin,
      { role: 'provider', clinicNPI: CLINIC },
      true,
    ],
    ['…or a clinic admin there', clinicAdmin, { role: 'clinic-admin', clinicNPI: CLINIC }, true],
    ['…but not at another clinic', clinicAdmin, { role: 'provider', clinicNPI: OTHER }, false],
    ['…nor under *', clinicAdmin, { role: 'clinic-admin', clinicNPI: '*' }, false],
    [
      '…nor a provider-company role, even at its clinic',
      clinicAdmin,
      { role: 'irh-tech', clinicNPI: CLINIC },
      false,
    ],
    [
      'a clinic admin under * grants clinic roles at any clinic',
      globalClinicAdmin,
      { role: 'nurse', clinicNPI: OTHER },
      true,
    ],
    ['…but still nothing under *', globalClinicAdmin, { role: 'irh-reporting', clinicNPI: '*' }, false],
    ['an irh-admin under * grants global roles', irhAdmin, { role: 'sys-admin', clinicNPI: '*' }, true],
    ['…and clinic roles anywhere', irhAdmin, { role: 'physician', clinicNPI: OTHER }, true],
    [
      'an irh-admin of one clinic grants clinic roles there',
      irhAdminOfOneClinic,
      { role: 'nurse', clinicNPI: CLINIC },
      true,
    ],
    ['…but no global role', irhAdminOfOneClinic, { role: 'irh-tech', clinicNPI: '*' }, false],
    ['a provider grants nothing', provider, { role: 'nurse', clinicNPI: CLINIC }, false],
    ['an unknown role name needs a global admin', clinicAdmin, { role: 'janitor', clinicNPI: CLINIC }, false],
  ])('%s', (_story, actor, grant, expected) => {
    expect(canGrantRole(actor, grant)).toBe(expected);
  });

  it.each<[string, UserRole, string]>([
    [
      'a clinic grant elsewhere',
      { role: 'provider', clinicNPI: OTHER },
      `Cannot execute "user:update" on "${OTHER}"`,
    ],
    [
      'a global grant',
      { role: 'irh-tech', clinicNPI: '*' },
      'Cannot execute "user:assign-global-roles" on "*"',
    ],
  ])('a clinic admin refused %s hears why', (_story, grant, message) => {
    expect(() => assertCanGrantRole(clinicAdmin, grant)).toThrow(message);
  });
});
