import { describe, expect, it } from 'vitest';
import { buildUser } from '../test-support/build-user';
import { formatUserDisplayName } from './display-name';

const irhRoles = [{ role: 'irh-admin', clinicNPI: '*' }];
const clinicRoles = [{ role: 'provider', clinicNPI: '1234567893' }];

describe('formatUserDisplayName', () => {
  it.each([
    [
      'a clinic provider with title and suffixes',
      { title: 'Dr.', suffixes: 'MD, FACC', roles: clinicRoles },
      'Dr. Jane Doe MD, FACC',
    ],
    ['a provider-company user is marked (IRH)', { title: 'Dr.', roles: irhRoles }, 'Dr. Jane Doe (IRH)'],
    ['blank and padded parts are skipped', { title: '  ', firstName: ' Jane ', suffixes: '' }, 'Jane Doe'],
    ['only a last name', { firstName: null }, 'Doe'],
    ['no name at all falls back to the email', { firstName: '', lastName: null }, 'jane.doe@clinic.example'],
    [
      'an IRH user without a name shows the email alone',
      { firstName: null, lastName: null, roles: irhRoles },
      'jane.doe@clinic.example',
    ],
  ])('%s', (_story, overrides, expected) => {
    expect(formatUserDisplayName(buildUser(overrides))).toBe(expected);
  });

  it.each([
    ['a clinic user', clinicRoles, 'Jane Doe'],
    ['a provider-company user keeps the marker', irhRoles, 'Jane Doe (IRH)'],
  ])('the short variant leaves out title and suffixes for %s', (_story, roles, expected) => {
    const user = buildUser({ title: 'Dr.', suffixes: 'MD', roles });
    expect(formatUserDisplayName(user, { withTitleAndSuffixes: false })).toBe(expected);
  });
});
