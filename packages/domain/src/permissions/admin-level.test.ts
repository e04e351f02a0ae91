import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../users/roles';
import { isAdminLevel } from './admin-level';

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
