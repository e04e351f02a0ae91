import { describe, expect, it } from 'vitest';
import type { UserRole } from '../users/user';
import { listAllowedClinicNpis, pickCurrentClinic } from './allowed-clinics';
import { can } from './can';

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
