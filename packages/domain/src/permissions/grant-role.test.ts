import { describe, expect, it } from 'vitest';
import type { UserRole } from '../users/user';
import { assertCanGrantRole, canGrantRole } from './grant-role';

const CLINIC = '1234567893';
const OTHER = '1245319599';

const clinicAdmin = { roles: [{ role: 'clinic-admin', clinicNPI: CLINIC }] };
const globalClinicAdmin = { roles: [{ role: 'clinic-admin', clinicNPI: '*' }] };
const irhAdmin = { roles: [{ role: 'irh-admin', clinicNPI: '*' }] };
const irhAdminOfOneClinic = { roles: [{ role: 'irh-admin', clinicNPI: CLINIC }] };
const provider = { roles: [{ role: 'provider', clinicNPI: CLINIC }] };

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
