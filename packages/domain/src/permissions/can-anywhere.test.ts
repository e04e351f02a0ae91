import { describe, expect, it } from 'vitest';
import { canAnywhere } from './can-anywhere';

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
