import { ForbiddenError } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { formatPermissionDeniedMessage, type Role } from '../users/roles';
import { checkAnyRole, holdsAnyRole } from './check-any-role';
import { defineAbilityFor } from './define-ability-for';

const CLINIC = '1234567893';
const nurseAbility = defineAbilityFor(
  {
    roles: [
      { role: 'Clinic Staff', clinicNPI: CLINIC },
      { role: 'irh-tech', clinicNPI: '*' },
    ],
  },
  CLINIC,
);

describe('checkAnyRole: a user can do it if any listed role is held (SPEC §6)', () => {
  it.each<[string, Role[]]>([
    ['the nurse passes a check for nurses', ['nurse']],
    ['the nurse passes a check for providers or nurses', ['provider', 'nurse']],
    ['a global irh-tech role is held at the clinic too', ['irh-admin', 'irh-tech']],
  ])('%s', (_story, roles) => {
    expect(holdsAnyRole(nurseAbility, roles)).toBe(true);
    expect(() => checkAnyRole(nurseAbility, roles)).not.toThrow();
  });

  it.each<[string, Role[], string]>([
    ['the nurse is refused a provider-only check', ['provider'], 'Cannot execute "provider" on ""'],
    [
      'a refusal names every role that would have done',
      ['provider', 'clinic-admin'],
      'Cannot execute "provider|clinic-admin" on ""',
    ],
    ['a check listing no role refuses everyone', [], 'Cannot execute "" on ""'],
  ])('%s', (_story, roles, message) => {
    expect(holdsAnyRole(nurseAbility, roles)).toBe(false);
    let error: unknown;
    try {
      checkAnyRole(nurseAbility, roles);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toBeInstanceOf(Error);
    expect((error as ForbiddenError<never>).message).toBe(message);
    expect((error as ForbiddenError<never>).message).toBe(formatPermissionDeniedMessage(roles.join('|'), ''));
  });
});
