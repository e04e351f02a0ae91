import { describe, expect, it } from 'vitest';
import { hasRoleAtClinic, listEffectiveRoles } from './effective-roles';

const CLINIC = '1234567893';
const OTHER = '1245319599';

describe('listEffectiveRoles', () => {
  it.each([
    [
      'the clinic roles, aliases normalised',
      [
        { role: 'physician', clinicNPI: CLINIC },
        { role: 'ma', clinicNPI: CLINIC },
      ],
      ['provider', 'nurse'],
    ],
    ['another clinic grants nothing here', [{ role: 'provider', clinicNPI: OTHER }], []],
    [
      'eligible global roles are added',
      [
        { role: 'nurse', clinicNPI: CLINIC },
        { role: 'irh-tech', clinicNPI: '*' },
      ],
      ['nurse', 'irh-tech'],
    ],
    [
      'a provider role under * does not count',
      [
        { role: 'provider', clinicNPI: '*' },
        { role: 'irh-finance', clinicNPI: '*' },
      ],
      [],
    ],
    ['System Admin under * counts as sys-admin', [{ role: 'System Admin', clinicNPI: '*' }], ['sys-admin']],
    [
      'duplicates and unknown names are dropped',
      [
        { role: 'nurse', clinicNPI: CLINIC },
        { role: 'Clinic Staff', clinicNPI: CLINIC },
        { role: 'janitor', clinicNPI: CLINIC },
      ],
      ['nurse'],
    ],
  ])('%s', (_story, roles, expected) => {
    expect(listEffectiveRoles(roles, CLINIC)).toEqual(expected);
  });

  it('asked for * itself, only the roles that count everywhere are listed', () => {
    const roles = [
      { role: 'provider', clinicNPI: '*' },
      { role: 'irh-admin', clinicNPI: '*' },
      { role: 'nurse', clinicNPI: CLINIC },
    ];
    expect(listEffectiveRoles(roles, '*')).toEqual(['irh-admin']);
  });

  it('hasRoleAtClinic answers for one role', () => {
    const roles = [{ role: 'clinic-admin', clinicNPI: '*' }];
    expect(hasRoleAtClinic(roles, CLINIC, 'clinic-admin')).toBe(true);
    expect(hasRoleAtClinic(roles, CLINIC, 'provider')).toBe(false);
  });
});
