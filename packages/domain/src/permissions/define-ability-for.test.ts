import { describe, expect, it } from 'vitest';
import { buildClinicConfiguration } from '../test-support/build-clinic-configuration';
import { buildUser } from '../test-support/build-user';
import type { UserRole } from '../users/user';
import { defineAbilityFor } from './define-ability-for';
import { EMPTY_SUBJECT } from './portal-ability';

const CLINIC = '1234567893';
const OTHER = '1245319599';

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
