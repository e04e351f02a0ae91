import { describe, expect, it } from 'vitest';
import { INBOX_VIEWS, listInboxStatuses } from '../reports/inbox';
import {
  buildClinicConfiguration,
  buildConfigurationWithAllFlagsOn,
} from '../test-support/build-clinic-configuration';
import { ROLES, type Role } from '../users/roles';
import type { UserRole } from '../users/user';
import { can } from './abilities';
import {
  canUseMultiSelectMenu,
  GLOBAL_PERMISSIONS,
  isGlobalPermission,
  isPermissionGrantedToRole,
  listPermittedRoles,
  PERMISSION_GATES,
  PERMISSION_NAMES,
  PERMISSIONS,
  type PermissionName,
} from './permissions';
import { getInboxRoleClass } from './role-summaries';

const CLINIC = '1234567893';
const everythingOn = buildConfigurationWithAllFlagsOn();

/** A user holding one role, at the clinic and under '*' (where only the eligible ones count). */
function holderOf(role: Role) {
  return {
    roles: [
      { role, clinicNPI: CLINIC },
      { role, clinicNPI: '*' },
    ],
  };
}

// The whole table, restated so that a change to PERMISSIONS must be made here too, on purpose.
// Checked through can() with every flag and setting on; the gates have their own tests.
describe('PERMISSIONS: who may do what at a clinic with everything switched on', () => {
  it.each<[PermissionName, string]>([
    [
      'clinic:read',
      'provider nurse clinic-read-only device-tech clinic-admin irh-tech irh-reporting irh-finance irh-admin sys-admin',
    ],
    ['clinic:create', 'irh-admin sys-admin'],
    ['clinic:update', 'irh-admin sys-admin'],
    ['clinic:update-settings', 'clinic-admin irh-admin sys-admin'],
    ['clinic:update-feature-flags', 'clinic-admin irh-admin sys-admin'],
    ['clinic:delete', 'irh-admin sys-admin'],
    ['defaults:manage', 'irh-admin sys-admin'],
    ['user:read', 'provider nurse clinic-admin irh-tech irh-admin sys-admin'],
    ['user:create', 'clinic-admin irh-admin sys-admin'],
    ['user:update', 'clinic-admin irh-admin sys-admin'],
    ['user:delete', 'clinic-admin irh-admin sys-admin'],
    ['user:lock', 'clinic-admin irh-admin sys-admin'],
    ['user:password-ticket', 'clinic-admin irh-admin sys-admin'],
    ['user:assign-global-roles', 'irh-admin sys-admin'],
    [
      'document:read',
      'provider nurse clinic-read-only clinic-admin irh-tech irh-reporting irh-admin sys-admin',
    ],
    ['document:sign', 'provider'],
    ['document:bulk-sign', 'provider'],
    ['document:acknowledge', 'provider nurse'],
    ['document:unsign', 'provider irh-admin sys-admin'],
    ['document:reassign', 'provider nurse clinic-admin irh-tech irh-admin sys-admin'],
    ['document:comment', 'provider nurse clinic-admin irh-tech irh-reporting irh-admin sys-admin'],
    ['document:update', 'provider nurse clinic-admin irh-tech irh-admin sys-admin'],
    ['document:edit-technician-review', 'provider irh-tech irh-admin sys-admin'],
    ['document:trash', 'clinic-admin irh-admin sys-admin'],
    ['document:hard-delete', 'sys-admin'],
    ['document:ingest', 'irh-tech irh-admin sys-admin'],
    ['audit:verify', 'irh-admin sys-admin'],
    ['notification:send', 'irh-admin sys-admin'],
    [
      'patient:read',
      'provider nurse clinic-read-only device-tech clinic-admin irh-tech irh-reporting irh-admin sys-admin',
    ],
    [
      'patient:read-advisories',
      'provider nurse clinic-read-only device-tech clinic-admin irh-tech irh-reporting irh-admin sys-admin',
    ],
    ['patient:create', 'provider nurse device-tech clinic-admin irh-tech irh-admin sys-admin'],
    ['patient:populate', 'irh-admin sys-admin'],
    ['patient:update', 'provider nurse clinic-admin irh-tech irh-admin sys-admin'],
    ['patient:update-device', 'provider nurse device-tech clinic-admin irh-tech irh-admin sys-admin'],
    ['device-check:create', 'provider nurse device-tech clinic-admin irh-tech irh-admin sys-admin'],
    ['device-check:edit', 'device-tech irh-tech irh-admin sys-admin'],
    ['device-data:import', 'irh-tech irh-admin sys-admin'],
    ['study:read', 'provider nurse clinic-read-only clinic-admin irh-tech irh-reporting irh-admin sys-admin'],
    ['study:create', 'provider nurse irh-tech irh-admin sys-admin'],
    ['study:push', 'provider nurse irh-tech irh-admin sys-admin'],
    ['study:cancel', 'provider nurse irh-tech irh-admin sys-admin'],
    ['document:resend-to-emr', 'provider nurse clinic-admin irh-tech irh-admin sys-admin'],
    ['metrics:read-escalations', 'irh-tech irh-reporting irh-admin sys-admin'],
    ['document:review-internally', 'irh-tech irh-admin sys-admin'],
    [
      'metrics:read',
      'provider nurse clinic-read-only clinic-admin irh-tech irh-reporting irh-finance irh-admin sys-admin',
    ],
    ['metrics:read-daily-report', 'irh-reporting irh-finance irh-admin sys-admin'],
  ])('%s: %s', (permission, holders) => {
    const allowed = ROLES.filter((role) => can(holderOf(role), permission, CLINIC, everythingOn));
    expect(allowed.toSorted()).toEqual(holders.split(' ').toSorted());
  });

  it('the table above covers every permission', () => {
    expect(PERMISSION_NAMES).toHaveLength(46);
  });
});

describe('PERMISSIONS: rules that tie entries together', () => {
  it.each(ROLES)('%s sees documents in the inbox exactly when it may read them', (role) => {
    const seesDocuments = INBOX_VIEWS.some(
      (view) => listInboxStatuses(getInboxRoleClass([role]), view).length > 0,
    );
    expect(seesDocuments).toBe((PERMISSIONS['document:read'] as readonly Role[]).includes(role));
  });

  it('patients are read by the document readers plus the device technician', () => {
    expect(PERMISSIONS['patient:read'].toSorted()).toEqual(
      [...PERMISSIONS['document:read'], 'device-tech'].toSorted(),
    );
  });

  it('whoever edits the clinical record also keeps the device current', () => {
    for (const role of PERMISSIONS['patient:update']) {
      expect(PERMISSIONS['patient:update-device']).toContain(role);
    }
  });

  it('every document reader but clinic-read-only may comment', () => {
    expect(PERMISSIONS['document:comment'].toSorted()).toEqual(
      PERMISSIONS['document:read'].filter((role) => role !== 'clinic-read-only').toSorted(),
    );
  });

  it.each(PERMISSION_NAMES)('%s is named area:action in kebab case', (permission) => {
    expect(permission).toMatch(/^[a-z]+(-[a-z]+)*:[a-z]+(-[a-z]+)*$/);
  });
});

describe('global permissions count only roles held under *', () => {
  const siteAdminOfOneClinic = { roles: [{ role: 'irh-admin', clinicNPI: CLINIC }] };
  const globalAdmin = { roles: [{ role: 'irh-admin', clinicNPI: '*' }] };

  it.each(GLOBAL_PERMISSIONS)(
    '%s: an irh-admin of one clinic may not, a global irh-admin may',
    (permission) => {
      expect(isGlobalPermission(permission)).toBe(true);
      expect(can(siteAdminOfOneClinic, permission, CLINIC)).toBe(false);
      expect(can(globalAdmin, permission, CLINIC)).toBe(true);
      expect(can(globalAdmin, permission, '*')).toBe(true);
    },
  );

  it('a clinic permission is not global: the irh-admin of one clinic may unsign there', () => {
    expect(isGlobalPermission('document:unsign')).toBe(false);
    expect(can(siteAdminOfOneClinic, 'document:unsign', CLINIC)).toBe(true);
  });
});

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
      'a device tech edits a submitted device check while editTechnicianReview is on',
      'device-check:edit',
      'device-tech',
      { inPersonDeviceCheck: true, editTechnicianReview: true },
      {},
      true,
    ],
    [
      'nobody edits one while editTechnicianReview is off',
      'device-check:edit',
      'irh-admin',
      { inPersonDeviceCheck: true, editTechnicianReview: false },
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

describe('canUseMultiSelectMenu (SPEC §6): nurses with nurseMultiSelect, internal users always', () => {
  it.each<[string, UserRole[], boolean, boolean]>([
    ['a nurse gets the menu while the flag is on', [{ role: 'nurse', clinicNPI: CLINIC }], true, true],
    ['a nurse does not while it is off', [{ role: 'ma', clinicNPI: CLINIC }], false, false],
    ['an irh-tech under * always does', [{ role: 'irh-tech', clinicNPI: '*' }], false, true],
    [
      'a nurse who also holds a global role always does',
      [
        { role: 'nurse', clinicNPI: CLINIC },
        { role: 'irh-reporting', clinicNPI: '*' },
      ],
      false,
      true,
    ],
    [
      'a provider does not (providers bulk-sign instead)',
      [{ role: 'provider', clinicNPI: CLINIC }],
      true,
      false,
    ],
    ['a clinic admin of one clinic does not', [{ role: 'clinic-admin', clinicNPI: CLINIC }], true, false],
  ])('%s', (_story, roles, flag, expected) => {
    const configuration = buildClinicConfiguration({ flags: { nurseMultiSelect: flag } });
    expect(canUseMultiSelectMenu({ user: { roles }, clinicNpi: CLINIC, configuration })).toBe(expected);
  });
});
