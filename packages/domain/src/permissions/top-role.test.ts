import { describe, expect, it } from 'vitest';
import type { Role } from '../users/roles';
import { getTopRole, type TopRole } from './top-role';

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
