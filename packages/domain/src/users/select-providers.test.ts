import { describe, expect, it } from 'vitest';
import { buildUser } from '../test-support/build-user';
import { selectProviders } from './select-providers';

const CLINIC = '1234567893';
const OTHER = '1245319599';
const providerHere = [{ role: 'provider', clinicNPI: CLINIC }];

describe('selectProviders', () => {
  it.each([
    ['a provider with an npi is listed', { npi: '1003000126', roles: providerHere }, true],
    [
      'the physician alias counts as provider',
      { npi: '1003000126', roles: [{ role: 'physician', clinicNPI: CLINIC }] },
      true,
    ],
    ['a provider without an npi is not', { npi: null, roles: providerHere }, false],
    ['a blank npi counts as none', { npi: '  ', roles: providerHere }, false],
    ['a locked provider is not', { npi: '1003000126', isLocked: true, roles: providerHere }, false],
    [
      'a provider at another clinic is not',
      { npi: '1003000126', roles: [{ role: 'provider', clinicNPI: OTHER }] },
      false,
    ],
    [
      'a provider role under * is not',
      { npi: '1003000126', roles: [{ role: 'provider', clinicNPI: '*' }] },
      false,
    ],
    [
      'a nurse with an npi is not',
      { npi: '1003000126', roles: [{ role: 'nurse', clinicNPI: CLINIC }] },
      false,
    ],
  ])('%s', (_story, overrides, listed) => {
    const user = buildUser(overrides);
    expect(selectProviders([user], CLINIC)).toEqual(listed ? [user] : []);
  });

  it('the clinic picks from its providers sorted by name', () => {
    const users = [
      buildUser({ id: 'z', firstName: 'zach', lastName: 'Ng', npi: '1003000126', roles: providerHere }),
      buildUser({ id: 'n', firstName: 'Nora', lastName: 'Hale', npi: null, roles: providerHere }),
      buildUser({ id: 'a', firstName: 'Amir', lastName: 'Stone', npi: '1003000134', roles: providerHere }),
    ];
    expect(selectProviders(users, CLINIC).map((u) => u.id)).toEqual(['a', 'z']);
  });
});
