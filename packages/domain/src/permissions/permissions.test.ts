import { describe, expect, it } from 'vitest';
import { INBOX_VIEWS, listInboxStatuses } from '../reports/inbox';
import { buildConfigurationWithAllFlagsOn } from '../test-support/build-clinic-configuration';
import { ROLES, type Role } from '../users/roles';
import { can } from './can';
import { getInboxRoleClass } from './inbox-role-class';
import {
  GLOBAL_PERMISSIONS,
  isGlobalPermission,
  PERMISSION_NAMES,
  PERMISSIONS,
  type PermissionName,
} from './permissions';

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
    ['patient:update', 'provider nurse device-tech clinic-admin irh-tech irh-admin sys-admin'],
    ['device-check:create', 'provider nurse device-tech clinic-admin irh-tech irh-admin sys-admin'],
  ])('%s: %s', (permission, holders) => {
    const allowed = ROLES.filter((role) => can(holderOf(role), permission, CLINIC, everythingOn));
    expect(allowed.toSorted()).toEqual(holders.split(' ').toSorted());
  });

  it('the table above covers every permission', () => {
    expect(PERMISSION_NAMES).toHaveLength(33);
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
