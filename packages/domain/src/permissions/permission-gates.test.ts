import { describe, expect, it } from 'vitest';
import { buildClinicConfiguration } from '../test-support/build-clinic-configuration';
import type { Role } from '../users/roles';
import { isPermissionGrantedToRole, listPermittedRoles, PERMISSION_GATES } from './permission-gates';
import { PERMISSIONS, type PermissionName } from './permissions';

const defaults = buildClinicConfiguration();

// One row per flag-gated ability of SPEC §6 (the nurse multi-select menu is tested with
// canUseMultiSelectMenu, the alert exclusion with isBulkSignableDocumentType).
describe('flag-gated abilities (SPEC §6)', () => {
  it.each<[string, PermissionName, Role, Record<string, boolean>, Record<string, boolean>, boolean]>([
    [
      'clinic admin may trash documents while clinicAdminTrash is on',
      'document:trash',
      'clinic-admin',
      { clinicAdminTrash: true },
      {},
      true,
    ],
    [
      'clinic admin may not trash documents while it is off',
      'document:trash',
      'clinic-admin',
      { clinicAdminTrash: false },
      {},
      false,
    ],
    [
      'irh-admin may trash documents whatever the flag',
      'document:trash',
      'irh-admin',
      { clinicAdminTrash: false },
      {},
      true,
    ],
    [
      'sys-admin may trash documents whatever the flag',
      'document:trash',
      'sys-admin',
      { clinicAdminTrash: false },
      {},
      true,
    ],
    ['a nurse comments while comments is on', 'document:comment', 'nurse', { comments: true }, {}, true],
    [
      'a nurse does not comment while comments is off',
      'document:comment',
      'nurse',
      { comments: false },
      {},
      false,
    ],
    [
      'even sys-admin does not comment while comments is off',
      'document:comment',
      'sys-admin',
      { comments: false },
      {},
      false,
    ],
    [
      'a provider bulk-signs with the defaults (flag and setting on)',
      'document:bulk-sign',
      'provider',
      {},
      {},
      true,
    ],
    [
      'a provider does not bulk-sign once bulkESigning is off',
      'document:bulk-sign',
      'provider',
      { bulkESigning: false },
      {},
      false,
    ],
    [
      'a provider does not bulk-sign once enableBulkSigning is off',
      'document:bulk-sign',
      'provider',
      {},
      { enableBulkSigning: false },
      false,
    ],
    [
      'bulk e-signing is for providers only',
      'document:bulk-sign',
      'nurse',
      { bulkESigning: true },
      {},
      false,
    ],
    [
      'a nurse creates patients while createNewPatients is on',
      'patient:create',
      'nurse',
      { createNewPatients: true },
      {},
      true,
    ],
    [
      'nobody creates patients while it is off',
      'patient:create',
      'irh-admin',
      { createNewPatients: false },
      {},
      false,
    ],
    [
      'a device tech records an in-person device check while inPersonDeviceCheck is on',
      'device-check:create',
      'device-tech',
      { inPersonDeviceCheck: true },
      {},
      true,
    ],
    [
      'nobody does while it is off',
      'device-check:create',
      'device-tech',
      { inPersonDeviceCheck: false },
      {},
      false,
    ],
    [
      'a device tech sees manufacturer advisories while manufacturerAdvisories is on',
      'patient:read-advisories',
      'device-tech',
      { manufacturerAdvisories: true },
      {},
      true,
    ],
    [
      'nobody sees them while it is off',
      'patient:read-advisories',
      'provider',
      { manufacturerAdvisories: false },
      {},
      false,
    ],
    [
      'irh-tech edits the technician review while editTechnicianReview is on',
      'document:edit-technician-review',
      'irh-tech',
      { editTechnicianReview: true },
      {},
      true,
    ],
    [
      'nobody edits it while it is off',
      'document:edit-technician-review',
      'provider',
      { editTechnicianReview: false },
      {},
      false,
    ],
  ])('%s', (_story, permission, role, flags, settings, expected) => {
    const configuration = buildClinicConfiguration({ flags, settings });
    expect(isPermissionGrantedToRole({ permission, role, configuration })).toBe(expected);
  });

  it('with the built-in defaults, bulk e-signing is the only gated ability that is on', () => {
    const open = Object.entries(PERMISSION_GATES)
      .filter(([permission, gate]) => {
        const gated = 'roles' in gate ? gate.roles : PERMISSIONS[permission as PermissionName];
        return gated.some((role) =>
          isPermissionGrantedToRole({
            permission: permission as PermissionName,
            role,
            configuration: defaults,
          }),
        );
      })
      .map(([permission]) => permission);
    expect(open).toEqual(['document:bulk-sign']);
  });

  it('without a configuration every gated grant is refused, the ungated ones stand', () => {
    expect(listPermittedRoles('document:trash')).toEqual(['irh-admin', 'sys-admin']);
    expect(listPermittedRoles('document:comment')).toEqual([]);
    expect(listPermittedRoles('document:sign')).toEqual(['provider']);
  });

  it('a role the table does not list is never granted, gate open or not', () => {
    expect(
      isPermissionGrantedToRole({ permission: 'document:sign', role: 'nurse', configuration: defaults }),
    ).toBe(false);
  });

  it.each(Object.entries(PERMISSION_GATES))(
    'the gate of %s only narrows roles the table lists',
    (permission, gate) => {
      const listed = PERMISSIONS[permission as PermissionName] as readonly Role[];
      for (const role of 'roles' in gate ? gate.roles : []) expect(listed).toContain(role);
    },
  );
});
