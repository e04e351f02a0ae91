import { describe, expect, it } from 'vitest';
import { type InboxRoleClass, listInboxStatuses } from '../reports/inbox';
import type { Role } from '../users/roles';
import { getInboxRoleClass } from './inbox-role-class';

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
