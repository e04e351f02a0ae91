import { describe, expect, it } from 'vitest';
import { buildClinicConfiguration } from '../test-support/build-clinic-configuration';
import { buildUser } from '../test-support/build-user';
import { formatPermissionDeniedMessage } from '../users/roles';
import { assertCan, can } from './can';
import { ForbiddenError } from './portal-ability';

const CLINIC = '1234567893';
const OTHER = '1245319599';
const provider = buildUser({ roles: [{ role: 'physician', clinicNPI: CLINIC }] });
const nurse = buildUser({ roles: [{ role: 'ma', clinicNPI: CLINIC }] });
const globalClinicAdmin = buildUser({ roles: [{ role: 'clinic-admin', clinicNPI: '*' }] });
const trashOn = buildClinicConfiguration({ flags: { clinicAdminTrash: true } });

describe('can: the web app asks before showing a control', () => {
  it.each([
    ['the provider may sign at the clinic', () => can(provider, 'document:sign', CLINIC), true],
    [
      'the provider may not sign at a clinic where it holds no role',
      () => can(provider, 'document:sign', OTHER),
      false,
    ],
    ['the nurse may acknowledge but not sign', () => can(nurse, 'document:acknowledge', CLINIC), true],
    ['the nurse may not sign', () => can(nurse, 'document:sign', CLINIC), false],
    [
      'a clinic admin under * manages users at any clinic',
      () => can(globalClinicAdmin, 'user:create', OTHER),
      true,
    ],
    [
      'a clinic admin under * may not grant global roles',
      () => can(globalClinicAdmin, 'user:assign-global-roles', '*'),
      false,
    ],
    [
      'a clinic admin trashes while the clinic allows it',
      () => can(globalClinicAdmin, 'document:trash', CLINIC, trashOn),
      true,
    ],
    [
      'a clinic admin does not trash while it does not',
      () => can(globalClinicAdmin, 'document:trash', CLINIC, buildClinicConfiguration()),
      false,
    ],
    [
      'a locked provider may do nothing',
      () => can({ ...provider, isLocked: true }, 'document:read', CLINIC),
      false,
    ],
  ])('%s', (_story, check, expected) => {
    expect(check()).toBe(expected);
  });

  it('a gated permission cannot be asked without the clinic configuration', () => {
    // @ts-expect-error the configuration is required for document:trash
    expect(can(globalClinicAdmin, 'document:trash', CLINIC)).toBe(false);
  });
});

describe('assertCan: the server refuses with CASL’s ForbiddenError and the SPEC §6 message', () => {
  it.each([
    ['the nurse tries to sign', () => assertCan(nurse, 'document:sign', CLINIC), 'document:sign', CLINIC],
    [
      'the provider signs at another clinic',
      () => assertCan(provider, 'document:sign', OTHER),
      'document:sign',
      OTHER,
    ],
    [
      'the nurse tries to create a clinic',
      () => assertCan(nurse, 'clinic:create', '*'),
      'clinic:create',
      '*',
    ],
  ])('%s', (_story, act, action, subject) => {
    let error: unknown;
    try {
      act();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ForbiddenError);
    const denial = error as ForbiddenError<never>;
    expect(denial.message).toBe(`Cannot execute "${action}" on "${subject}"`);
    expect(denial.message).toBe(formatPermissionDeniedMessage(action, subject));
    expect(denial.action).toBe(action);
    expect(denial.subject).toBe(subject);
  });

  it('the provider signs without a fuss', () => {
    expect(() => assertCan(provider, 'document:sign', CLINIC)).not.toThrow();
  });
});
