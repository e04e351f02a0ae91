import { describe, expect, it } from 'vitest';
import { deriveIsIrhUser, filterRolesForClinic } from './user';

const CLINIC = '1234567893';
const OTHER = '1245319599';

describe('deriveIsIrhUser', () => {
  it.each([
    ['an IRH admin at every clinic', [{ role: 'irh-admin', clinicNPI: '*' }], true],
    [
      'a clinic admin who also holds a global role',
      [
        { role: 'provider', clinicNPI: CLINIC },
        { role: 'clinic-admin', clinicNPI: '*' },
      ],
      true,
    ],
    ['a provider at one clinic', [{ role: 'provider', clinicNPI: CLINIC }], false],
    ['a user with no roles', [], false],
    ['roles not loaded', undefined, false],
  ])('%s → %s', (_story, roles, expected) => {
    expect(deriveIsIrhUser(roles)).toBe(expected);
  });
});

describe('filterRolesForClinic', () => {
  it('lists only the roles held at the current clinic', () => {
    const roles = [
      { role: 'provider', clinicNPI: CLINIC },
      { role: 'nurse', clinicNPI: OTHER },
      { role: 'irh-admin', clinicNPI: '*' },
    ];
    expect(filterRolesForClinic(roles, CLINIC)).toEqual([{ role: 'provider', clinicNPI: CLINIC }]);
  });
});
