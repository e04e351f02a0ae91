import { describe, expect, it } from 'vitest';
import type { Role } from '../users/roles';
import { listPermissionSlots } from './permission-slots';

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
