import { describe, expect, it } from 'vitest';
import { buildClinicConfiguration } from '../test-support/build-clinic-configuration';
import type { UserRole } from '../users/user';
import { canUseMultiSelectMenu } from './multi-select';

const CLINIC = '1234567893';

describe('canUseMultiSelectMenu (SPEC §6): nurses with nurseMultiSelect, internal users always', () => {
  it.each<[string, UserRole[], boolean, boolean]>([
    ['a nurse gets the menu while the flag is on', [{ role: 'nurse', clinicNPI: CLINIC }], true, true],
    ['a nurse does not while it is off', [{ role: 'ma', clinicNPI: CLINIC }], false, false],
    ['an irh-tech under * always does', [{ role: 'irh-tech', clinicNPI: '*' }], false, true],
    [
      'a nurse who also holds a global role always does',
      [
        { role: 'nurse', clinicNPI: CLINIC },
        { role: 'irh-reporting', clinicNPI: '*' },
      ],
      false,
      true,
    ],
    [
      'a provider does not (providers bulk-sign instead)',
      [{ role: 'provider', clinicNPI: CLINIC }],
      true,
      false,
    ],
    ['a clinic admin of one clinic does not', [{ role: 'clinic-admin', clinicNPI: CLINIC }], true, false],
  ])('%s', (_story, roles, flag, expected) => {
    const configuration = buildClinicConfiguration({ flags: { nurseMultiSelect: flag } });
    expect(canUseMultiSelectMenu({ user: { roles }, clinicNpi: CLINIC, configuration })).toBe(expected);
  });
});
