import { describe, expect, it } from 'vitest';
import { type InboxRoleClass, listInboxStatuses } from '../reports/inbox';
import { ROLES, type Role } from '../users/roles';
import type { UserRole } from '../users/user';
import {
  getInboxRoleClass,
  getPrimaryClinicRole,
  getPrimaryInternalRole,
  getSummaryRole,
  getTopRole,
  isAdminLevel,
  isReadOnly,
  listPermissionSlots,
  type SummaryRole,
  type TopRole,
} from './role-summaries';

const CLINIC = '1234567893';
const OTHER = '1245319599';

describe('getSummaryRole (SPEC §6): provider, staff, clinic admin, device tech, clinic read-only, none', () => {
  it.each<[string, Role[], SummaryRole]>([
    ['a provider', ['provider'], 'provider'],
    [
      'a provider who is also clinic admin is summed up as provider',
      ['clinic-admin', 'provider'],
      'provider',
    ],
    ['a nurse is staff', ['nurse'], 'staff'],
    ['a nurse who is also clinic admin is staff', ['clinic-admin', 'nurse'], 'staff'],
    ['a clinic admin', ['clinic-admin'], 'clinic-admin'],
    ['an irh-admin counts as clinic admin', ['irh-admin'], 'clinic-admin'],
    ['a sys-admin counts as clinic admin', ['sys-admin'], 'clinic-admin'],
    [
      'a clinic admin who is also device tech is clinic admin',
      ['device-tech', 'clinic-admin'],
      'clinic-admin',
    ],
    ['a device tech', ['device-tech'], 'device-tech'],
    [
      'a device tech who is also read-only is device tech',
      ['clinic-read-only', 'device-tech'],
      'device-tech',
    ],
    ['a read-only user', ['clinic-read-only'], 'clinic-read-only'],
    ['an irh-tech alone is none', ['irh-tech'], 'none'],
    ['an irh-reporting user alone is none', ['irh-reporting'], 'none'],
    ['an irh-finance user alone is none', ['irh-finance'], 'none'],
    ['no role at all is none', [], 'none'],
  ])('%s', (_story, roles, expected) => {
    expect(getSummaryRole(roles)).toBe(expected);
  });
});

describe('getTopRole (SPEC §6): sys-admin, then irh-admin, then the summary role', () => {
  it.each<[string, Role[], TopRole]>([
    ['sys-admin wins over everything', ['provider', 'irh-admin', 'sys-admin'], 'sys-admin'],
    ['irh-admin wins over a provider role', ['provider', 'irh-admin'], 'irh-admin'],
    ['otherwise the summary role: provider', ['provider', 'nurse'], 'provider'],
    ['otherwise the summary role: staff', ['nurse'], 'staff'],
    ['otherwise the summary role: clinic admin', ['clinic-admin'], 'clinic-admin'],
    ['otherwise the summary role: device tech', ['device-tech'], 'device-tech'],
    ['otherwise the summary role: read-only', ['clinic-read-only'], 'clinic-read-only'],
    ['otherwise the summary role: none', ['irh-tech'], 'none'],
  ])('%s', (_story, roles, expected) => {
    expect(getTopRole(roles)).toBe(expected);
  });
});

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

const WRITERS: readonly Role[] = ['provider', 'nurse', 'clinic-admin', 'irh-admin'];

describe('isReadOnly (SPEC §6): true unless provider, nurse, clinic-admin or irh-admin', () => {
  it.each(ROLES.map((role) => [role, !WRITERS.includes(role)] as const))(
    '%s alone → %s',
    (role, expected) => {
      expect(isReadOnly([role])).toBe(expected);
    },
  );

  it.each<[string, Role[], boolean]>([
    ['a device tech who is also a nurse may write', ['device-tech', 'nurse'], false],
    ['sys-admin alone is read-only, as SPEC lists it', ['sys-admin'], true],
    ['no role is read-only', [], true],
  ])('%s', (_story, roles, expected) => {
    expect(isReadOnly(roles)).toBe(expected);
  });
});

describe('isAdminLevel (SPEC §6): only irh-admin and sys-admin', () => {
  it.each(ROLES.map((role) => [role, role === 'irh-admin' || role === 'sys-admin'] as const))(
    '%s alone → %s',
    (role, expected) => {
      expect(isAdminLevel([role])).toBe(expected);
    },
  );

  it.each<[string, Role[], boolean]>([
    ['a clinic admin who is also sys-admin is admin-level', ['clinic-admin', 'sys-admin'], true],
    ['no role is not admin-level', [], false],
  ])('%s', (_story, roles, expected) => {
    expect(isAdminLevel(roles)).toBe(expected);
  });
});

const ALL = ['unsigned', 'signed', 'acknowledged'];

describe('getInboxRoleClass (SPEC §6) and what each class sees in the Any view', () => {
  it.each<[string, Role[], InboxRoleClass, string[]]>([
    ['a provider', ['provider'], 'provider', ALL],
    ['a nurse is staff', ['nurse'], 'staff', ALL],
    ['a read-only user', ['clinic-read-only'], 'clinic-read-only', ALL],
    ['a clinic admin', ['clinic-admin'], 'clinic-admin', ALL],
    ['an irh-admin is in the clinic-admin class', ['irh-admin'], 'clinic-admin', ALL],
    ['a sys-admin is in the clinic-admin class', ['sys-admin'], 'clinic-admin', ALL],
    ['an irh-tech works like a clinic admin', ['irh-tech'], 'clinic-admin', ALL],
    ['an irh-reporting user only reads', ['irh-reporting'], 'clinic-read-only', ALL],
    ['a device tech sees no documents', ['device-tech'], 'device-tech', []],
    [
      'a device tech who is also read-only sees them read-only',
      ['device-tech', 'clinic-read-only'],
      'clinic-read-only',
      ALL,
    ],
    ['a provider who is also a nurse is a provider', ['nurse', 'provider'], 'provider', ALL],
    ['an irh-finance user sees nothing', ['irh-finance'], 'none', []],
    ['no role sees nothing', [], 'none', []],
  ])('%s', (_story, roles, roleClass, statuses) => {
    expect(getInboxRoleClass(roles)).toBe(roleClass);
    expect(listInboxStatuses(roleClass, 'any')).toEqual(statuses);
  });
});

describe('listPermissionSlots: the ordered permission slots of SPEC §6', () => {
  it.each<[Role[], number[]]>([
    [['provider'], [0]],
    [['nurse'], [1]],
    [['clinic-read-only'], [3]],
    [['device-tech'], [1, 2, 4]],
    [['clinic-admin'], [4, 7, 8]],
    [['irh-admin'], [7, 8]],
    [['sys-admin'], [8]],
    [['irh-tech'], [5, 7, 8]],
    [['irh-reporting'], [6, 7, 8]],
    [['irh-finance'], []],
    [[], []],
    [
      ['irh-tech', 'nurse', 'device-tech'],
      [1, 2, 4, 5, 7, 8],
    ],
  ])('%j hold slots %j', (roles, slots) => {
    expect(listPermissionSlots(roles)).toEqual(slots);
  });
});
