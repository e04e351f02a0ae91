import type { ClinicSettingName } from '../clinics/clinic-settings';
import type { FeatureFlagName } from '../clinics/feature-flags';
import type { MergedClinicConfiguration } from '../clinics/merge-clinic-configuration';
import { isFeatureFlagOn, isSettingEnabled } from '../clinics/read-clinic-configuration';
import { listEffectiveRoles } from '../users/effective-roles';
import { ROLES, type Role } from '../users/roles';
import { deriveIsIrhUser, type User } from '../users/user';

// SPEC §6 says which roles exist and how they combine but "Detailed per-role actions: not shown".
// So this table is the project's own decision; every entry says why its roles were chosen. The server
// enforces it on every route (assertCan) and the web app hides what it denies (can). Feature flags
// and clinic settings that narrow an entry live in PERMISSION_GATES, beside it.

/** Roles that may read documents (and so see the inbox). Device technicians and users with no role do not. */
const DOCUMENT_READERS = [
  'provider',
  'nurse',
  'clinic-read-only',
  'clinic-admin',
  'irh-tech',
  'irh-reporting',
  'irh-admin',
  'sys-admin',
] as const satisfies readonly Role[];

/** Roles that work on documents: the readers less the read-only ones (clinic-read-only, irh-reporting). */
const DOCUMENT_WORKERS = [
  'provider',
  'nurse',
  'clinic-admin',
  'irh-tech',
  'irh-admin',
  'sys-admin',
] as const satisfies readonly Role[];

/** Roles that look after patients and their devices: the document workers plus the device technician. */
const PATIENT_EDITORS = [
  'nurse',
  'provider',
  'clinic-admin',
  'device-tech',
  'irh-tech',
  'irh-admin',
  'sys-admin',
] as const satisfies readonly Role[];

/** Roles that order studies and send them to their vendors (issue 16). */
const STUDY_ORDERERS = [
  'provider',
  'nurse',
  'irh-tech',
  'irh-admin',
  'sys-admin',
] as const satisfies readonly Role[];

/** Roles that administer a clinic's users and settings. */
const CLINIC_ADMINISTRATORS = ['clinic-admin', 'irh-admin', 'sys-admin'] as const satisfies readonly Role[];

/** Provider-company administrators: SPEC §6 makes only these admin-level. */
const PROVIDER_COMPANY_ADMINISTRATORS = ['irh-admin', 'sys-admin'] as const satisfies readonly Role[];

/**
 * The named permissions: each stable action name lists the roles that hold it at a clinic (effective
 * roles, SPEC §6: the clinic's own roles plus the global ones that count). A user may do it if any
 * listed role is held.
 */
export const PERMISSIONS = {
  // Any effective role at the clinic lets a user open it; this is what listAllowedClinicNpis answers.
  'clinic:read': ROLES,
  // Clinics are created, renamed, activated and deleted by provider-company admins only (global, below).
  'clinic:create': PROVIDER_COMPANY_ADMINISTRATORS,
  // Name, code and the activation toggle (isActive, SPEC §4).
  'clinic:update': PROVIDER_COMPANY_ADMINISTRATORS,
  // Workflow settings, signature settings and device-check settings of one clinic.
  'clinic:update-settings': CLINIC_ADMINISTRATORS,
  // Issue 6: a clinic admin changes their own clinic's flags and settings; admin-level roles any clinic's.
  'clinic:update-feature-flags': CLINIC_ADMINISTRATORS,
  'clinic:delete': PROVIDER_COMPANY_ADMINISTRATORS,
  // The global flag and setting defaults every clinic inherits.
  'defaults:manage': PROVIDER_COMPANY_ADMINISTRATORS,

  // Listing a clinic's users: administrators and irh-tech manage them; providers and nurses need the
  // provider list to reassign documents.
  'user:read': ['clinic-admin', 'irh-admin', 'sys-admin', 'irh-tech', 'provider', 'nurse'],
  'user:create': CLINIC_ADMINISTRATORS,
  // Also covers granting and removing clinic roles at this clinic; see canGrantRole.
  'user:update': CLINIC_ADMINISTRATORS,
  'user:delete': CLINIC_ADMINISTRATORS,
  'user:lock': CLINIC_ADMINISTRATORS,
  'user:password-ticket': CLINIC_ADMINISTRATORS,
  // Granting any role under '*' or any provider-company role. A clinic admin may only grant clinic
  // roles at a clinic it administers (canGrantRole).
  'user:assign-global-roles': PROVIDER_COMPANY_ADMINISTRATORS,

  'document:read': DOCUMENT_READERS,
  // Signing is the provider's act alone.
  'document:sign': ['provider'],
  // SPEC §6: bulk e-signing is for providers only; gated by a flag and a clinic setting.
  'document:bulk-sign': ['provider'],
  'document:acknowledge': ['nurse', 'provider'],
  // Also covers un-acknowledging: SPEC §4 treats both the same way and the audit log has only 'unsigned'.
  'document:unsign': ['provider', 'irh-admin', 'sys-admin'],
  'document:reassign': DOCUMENT_WORKERS,
  // Every reader except clinic-read-only, so irh-reporting may comment; also covers 'report a
  // problem', which ends in a system comment (SPEC §4). Gated by the comments flag for everyone.
  'document:comment': [
    'provider',
    'nurse',
    'clinic-admin',
    'irh-tech',
    'irh-reporting',
    'irh-admin',
    'sys-admin',
  ],
  // Pin, lock, downloaded state, hide, note and marking a system error.
  'document:update': DOCUMENT_WORKERS,
  // The technician review is written by irh-tech; the provider who interprets the report may
  // correct it; admins fix mistakes. Nurses and clinic admins do not author clinical content.
  'document:edit-technician-review': ['provider', 'irh-tech', 'irh-admin', 'sys-admin'],
  // Move to trash and undelete. clinic-admin only while the clinicAdminTrash flag is on.
  'document:trash': CLINIC_ADMINISTRATORS,
  'document:hard-delete': ['sys-admin'],
  // Uploading new documents into a clinic: provider-company staff.
  'document:ingest': ['irh-tech', 'irh-admin', 'sys-admin'],
  'audit:verify': PROVIDER_COMPANY_ADMINISTRATORS,

  'notification:send': PROVIDER_COMPANY_ADMINISTRATORS,

  // Device technicians see patients and devices even though they see no documents.
  'patient:read': [...DOCUMENT_READERS, 'device-tech'],
  // Manufacturer advisories are shown to whoever sees the patient, while their flag is on.
  'patient:read-advisories': [...DOCUMENT_READERS, 'device-tech'],
  // Gated by the createNewPatients flag for everyone.
  'patient:create': PATIENT_EDITORS,
  // The clinical record: names and overrides, OAC, medical and contact information, deletion. Also covers
  // the patient's studies (push to a vendor, cancel).
  'patient:update': DOCUMENT_WORKERS,
  // The device a patient carries (device information) and a sync from FileMaker (the system of record):
  // what a device technician keeps current at a device check, without editing the clinical record.
  'patient:update-device': PATIENT_EDITORS,
  // Linking a clinic's existing documents to patients (populate-patients): provider-company admins run it.
  'patient:populate': PROVIDER_COMPANY_ADMINISTRATORS,
  // The in-person device check page: whoever edits patients, while its flag is on.
  'device-check:create': PATIENT_EDITORS,
  // Editing a device check after submission: the technicians who submit checks (device-tech, irh-tech)
  // and the admin-level roles that fix mistakes; not nurses, providers or clinic admins, who read and
  // sign the report rather than author the technician's review. Gated by both flags.
  'device-check:edit': ['device-tech', 'irh-tech', 'irh-admin', 'sys-admin'],
  // Importing remote-monitoring transmissions (HL7 v2 / IDCO) into a clinic: provider-company staff, who
  // run the interfaces, as for document ingest.
  'device-data:import': ['irh-tech', 'irh-admin', 'sys-admin'],

  // Studies (issue 16): whoever reads the clinic's documents sees its studies and their results.
  'study:read': DOCUMENT_READERS,
  // Ordering a study, sending it to its vendor and cancelling it are clinical orders: the clinic's
  // providers and nurses and the provider company's technicians and admins. Clinic admins administer
  // the clinic rather than order tests, and read-only roles read.
  'study:create': STUDY_ORDERERS,
  'study:push': STUDY_ORDERERS,
  'study:cancel': STUDY_ORDERERS,
  // Sending a signed document to the EMR again, after a failure: whoever works on documents.
  'document:resend-to-emr': DOCUMENT_WORKERS,
  // Issue 17: the alert-escalation queue is the provider company's internal review (irhReview): its
  // technicians, reporting staff and admins read it; technicians and admins mark documents reviewed there.
  'metrics:read-escalations': ['irh-tech', 'irh-reporting', 'irh-admin', 'sys-admin'],
  'document:review-internally': ['irh-tech', 'irh-admin', 'sys-admin'],
  // Metrics (clinic activity, the ticker, the clinics' queues): whoever reads the clinic's documents, and
  // the provider company's finance staff, who read figures though not documents. Clinic users see only
  // their clinics (their roles are held there); provider-company roles under '*' see every clinic.
  'metrics:read': [...DOCUMENT_READERS, 'irh-finance'],
  // The admin daily report covers every clinic at once: the provider company's reporting, finance and
  // admin staff.
  'metrics:read-daily-report': ['irh-reporting', 'irh-finance', 'irh-admin', 'sys-admin'],
} as const satisfies Record<string, readonly Role[]>;

export type PermissionName = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[];

/**
 * Permissions about the whole product rather than one clinic. Only roles held under '*' count for
 * them, whatever clinic they are asked at: an irh-admin role held at one clinic does not let anyone
 * create clinics. Check them at GLOBAL_CLINIC_NPI when no clinic is involved.
 */
export const GLOBAL_PERMISSIONS = [
  'clinic:create',
  'clinic:update',
  'clinic:delete',
  'defaults:manage',
  'user:assign-global-roles',
  'audit:verify',
  'notification:send',
  'patient:populate',
] as const satisfies readonly PermissionName[];

export function isGlobalPermission(permission: PermissionName): boolean {
  return (GLOBAL_PERMISSIONS as readonly PermissionName[]).includes(permission);
}

/** Clinic flags and settings that must all be on before some roles' grant of a permission counts. */
export type PermissionGate = {
  flags: readonly FeatureFlagName[];
  settings?: readonly ClinicSettingName[];
  /** The roles the gate applies to; when absent, every role that holds the permission. */
  roles?: readonly Role[];
};

/** The flag-gated abilities of SPEC §6 that are permissions (the nurse multi-select menu is a view, see canUseMultiSelectMenu). */
export const PERMISSION_GATES = {
  // "clinic admin may trash documents": irh-admin and sys-admin may always.
  'document:trash': { flags: ['clinicAdminTrash'], roles: ['clinic-admin'] },
  'document:comment': { flags: ['comments'] },
  // "bulk e-signing … enabled by default" plus "also gated by the clinic setting 'enable bulk signing'".
  // Which documents (alerts or not) is isBulkSignableDocumentType's question.
  'document:bulk-sign': { flags: ['bulkESigning'], settings: ['enableBulkSigning'] },
  // SPEC says these flags gate abilities without naming roles, so they gate every role.
  'patient:create': { flags: ['createNewPatients'] },
  'device-check:create': { flags: ['inPersonDeviceCheck'] },
  'device-check:edit': { flags: ['inPersonDeviceCheck', 'editTechnicianReview'] },
  'patient:read-advisories': { flags: ['manufacturerAdvisories'] },
  'document:edit-technician-review': { flags: ['editTechnicianReview'] },
} as const satisfies Partial<Record<PermissionName, PermissionGate>>;

export type GatedPermissionName = keyof typeof PERMISSION_GATES;

function findGate(permission: PermissionName): PermissionGate | undefined {
  return Object.hasOwn(PERMISSION_GATES, permission)
    ? PERMISSION_GATES[permission as GatedPermissionName]
    : undefined;
}

function isGateOpen(gate: PermissionGate, configuration: MergedClinicConfiguration | undefined): boolean {
  if (!configuration) return false;
  return (
    gate.flags.every((flag) => isFeatureFlagOn(configuration, flag)) &&
    (gate.settings ?? []).every((setting) => isSettingEnabled(configuration, setting))
  );
}

/**
 * Whether one role holds a permission at a clinic with this configuration. Without a configuration
 * every gated grant is refused, so forgetting to pass it denies rather than allows.
 */
export function isPermissionGrantedToRole({
  permission,
  role,
  configuration,
}: {
  permission: PermissionName;
  role: Role;
  configuration?: MergedClinicConfiguration | undefined;
}): boolean {
  if (!(PERMISSIONS[permission] as readonly Role[]).includes(role)) return false;
  const gate = findGate(permission);
  if (!gate || (gate.roles && !gate.roles.includes(role))) return true;
  return isGateOpen(gate, configuration);
}

/** The roles that hold a permission at a clinic with this configuration, in PERMISSIONS order. */
export function listPermittedRoles(
  permission: PermissionName,
  configuration?: MergedClinicConfiguration,
): Role[] {
  return PERMISSIONS[permission].filter((role) =>
    isPermissionGrantedToRole({ permission, role, configuration }),
  );
}

/**
 * SPEC §6: the multi-select menu is for nurses while the nurseMultiSelect flag is on, and always on
 * for internal users (isIrhUser: any role under '*'). Providers select for bulk signing instead
 * ('document:bulk-sign'); other clinic roles get no menu.
 */
export function canUseMultiSelectMenu({
  user,
  clinicNpi,
  configuration,
}: {
  user: Pick<User, 'roles'>;
  clinicNpi: string;
  configuration: MergedClinicConfiguration;
}): boolean {
  if (deriveIsIrhUser(user.roles)) return true;
  return (
    listEffectiveRoles(user.roles, clinicNpi).includes('nurse') &&
    isFeatureFlagOn(configuration, 'nurseMultiSelect')
  );
}
