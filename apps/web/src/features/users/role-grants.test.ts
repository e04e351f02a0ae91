import { canGrantRole } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { hasGrant, listEditableClinics, listRoleChoices, toggleGrant } from './role-grants';

const aspen = { id: 'c-aspen', npi: '1209945553', code: 'AHC', name: 'Aspen Hollow Cardiology' };
const bayside = { id: 'c-bayside', npi: '1234567893', code: 'BHC', name: 'Bayside Heart Center' };

describe('which roles an administrator may give', () => {
  it('a clinic admin edits the current clinic only, and only clinic roles there', () => {
    const clinicAdmin = { roles: [{ role: 'clinic-admin', clinicNPI: aspen.npi }] };
    expect(listEditableClinics(clinicAdmin, aspen, [aspen])).toEqual([{ npi: aspen.npi, name: aspen.name }]);
    const grantable = listRoleChoices(aspen.npi).filter((role) =>
      canGrantRole(clinicAdmin, { role, clinicNPI: aspen.npi }),
    );
    expect(grantable).toEqual(['provider', 'nurse', 'clinic-read-only', 'device-tech', 'clinic-admin']);
    expect(canGrantRole(clinicAdmin, { role: 'nurse', clinicNPI: bayside.npi })).toBe(false);
    expect(canGrantRole(clinicAdmin, { role: 'irh-tech', clinicNPI: '*' })).toBe(false);
  });

  it("a global admin may also give '*' roles and roles at their other clinics", () => {
    const sysAdmin = { roles: [{ role: 'sys-admin', clinicNPI: '*' }] };
    expect(listEditableClinics(sysAdmin, aspen, [aspen, bayside]).map((clinic) => clinic.npi)).toEqual([
      aspen.npi,
      '*',
      bayside.npi,
    ]);
    expect(listRoleChoices('*')).toEqual([
      'clinic-admin',
      'irh-tech',
      'irh-reporting',
      'irh-finance',
      'irh-admin',
      'sys-admin',
    ]);
    expect(listRoleChoices('*').every((role) => canGrantRole(sysAdmin, { role, clinicNPI: '*' }))).toBe(true);
  });

  it('toggles one grant and leaves the others alone, aliases included', () => {
    const roles = [
      { role: 'physician', clinicNPI: aspen.npi },
      { role: 'nurse', clinicNPI: bayside.npi },
    ];
    expect(hasGrant(roles, { role: 'provider', clinicNPI: aspen.npi })).toBe(true);
    expect(toggleGrant(roles, { role: 'provider', clinicNPI: aspen.npi })).toEqual([
      { role: 'nurse', clinicNPI: bayside.npi },
    ]);
    expect(toggleGrant(roles, { role: 'nurse', clinicNPI: aspen.npi })).toEqual([
      ...roles,
      { role: 'nurse', clinicNPI: aspen.npi },
    ]);
  });
});
