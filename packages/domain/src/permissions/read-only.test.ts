import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../users/roles';
import { isReadOnly } from './read-only';

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
