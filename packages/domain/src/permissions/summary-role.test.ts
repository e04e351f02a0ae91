import { describe, expect, it } from 'vitest';
import type { Role } from '../users/roles';
import { getSummaryRole, type SummaryRole } from './summary-role';

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
