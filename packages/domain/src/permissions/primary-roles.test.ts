import { describe, expect, it } from 'vitest';
import type { UserRole } from '../users/user';
import { getPrimaryClinicRole, getPrimaryInternalRole } from './primary-roles';

const CLINIC = '1234567893';
const OTHER = '1245319599';

describe('getPrimaryInternalRole (SPEC §4): system admin or IRH admin at *', () => {
  it.each<[string, UserRole[], string]>([
    ['a system admin', [{ role: 'sys-admin', clinicNPI: '*' }], 'sys-admin'],
    ['System Admin is the same role', [{ role: 'System Admin', clinicNPI: '*' }], 'sys-admin'],
    [
      'system admin comes before IRH admin',
      [
        { role: 'irh-admin', clinicNPI: '*' },
        { role: 'dev', clinicNPI: '*' },
      ],
      'sys-admin',
    ],
    ['an IRH admin', [{ role: 'irh-admin', clinicNPI: '*' }], 'irh-admin'],
    ['an IRH admin of one clinic only is not internal', [{ role: 'irh-admin', clinicNPI: CLINIC }], 'none'],
    ['an irh-tech has none', [{ role: 'irh-tech', clinicNPI: '*' }], 'none'],
  ])('%s → %s', (_story, roles, expected) => {
    expect(getPrimaryInternalRole(roles)).toBe(expected);
  });
});

describe('getPrimaryClinicRole (SPEC §4): provider or nurse at the current clinic', () => {
  it.each<[string, UserRole[], string]>([
    ['a provider', [{ role: 'physician', clinicNPI: CLINIC }], 'provider'],
    [
      'provider comes before nurse',
      [
        { role: 'nurse', clinicNPI: CLINIC },
        { role: 'provider', clinicNPI: CLINIC },
      ],
      'provider',
    ],
    ['a nurse', [{ role: 'Clinic Staff', clinicNPI: CLINIC }], 'nurse'],
    ['a provider at another clinic has none here', [{ role: 'provider', clinicNPI: OTHER }], 'none'],
    ['a provider under * has none', [{ role: 'provider', clinicNPI: '*' }], 'none'],
    ['a clinic admin has none', [{ role: 'clinic-admin', clinicNPI: CLINIC }], 'none'],
  ])('%s → %s', (_story, roles, expected) => {
    expect(getPrimaryClinicRole(roles, CLINIC)).toBe(expected);
  });
});
