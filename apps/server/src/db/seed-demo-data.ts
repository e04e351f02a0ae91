import { buildDefaultSignatureSettings, CLINIC_WIDE_SETTINGS_USER_ID, sampleClinics } from '@portal/domain';
import { recordAuditEvent } from '../modules/audit/record-audit-event';
import { hashPassword } from '../modules/credentials/passwords';
import { serializeRoles } from '../modules/users/users.repository';
import { type Db, inTransaction } from './transaction';

const DEMO_DATA_MARKER = 'demo-data-seeded';

type DemoAccount = {
  email: string;
  title?: string;
  firstName: string;
  lastName: string;
  suffixes?: string;
  npi?: string;
  role: string;
  global?: boolean;
};

/** The demo accounts of the README: five clinic roles at the first demo clinic, five provider-company roles at '*'. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'provider@example.org',
    title: 'Dr.',
    firstName: 'Paula',
    lastName: 'Reyes',
    suffixes: 'MD',
    npi: '1679576722',
    role: 'provider',
  },
  { email: 'nurse@example.org', firstName: 'Nina', lastName: 'Okafor', suffixes: 'RN', role: 'nurse' },
  { email: 'readonly@example.org', firstName: 'Rita', lastName: 'Lindqvist', role: 'clinic-read-only' },
  { email: 'devicetech@example.org', firstName: 'Devon', lastName: 'Tran', role: 'device-tech' },
  { email: 'clinicadmin@example.org', firstName: 'Claire', lastName: 'Adams', role: 'clinic-admin' },
  { email: 'irhadmin@example.org', firstName: 'Ian', lastName: 'Hart', role: 'irh-admin', global: true },
  { email: 'sysadmin@example.org', firstName: 'Sasha', lastName: 'Novak', role: 'sys-admin', global: true },
  { email: 'irhtech@example.org', firstName: 'Theo', lastName: 'Marsh', role: 'irh-tech', global: true },
  {
    email: 'irhreporting@example.org',
    firstName: 'Priya',
    lastName: 'Raman',
    role: 'irh-reporting',
    global: true,
  },
  {
    email: 'irhfinance@example.org',
    firstName: 'Felix',
    lastName: 'Moreau',
    role: 'irh-finance',
    global: true,
  },
];

/** The demo clinic's 'sleep global office id' (issue 16). */
export const DEMO_SLEEP_OFFICE = {
  name: 'sleepGlobalOfficeId',
  enabled: true,
  value: 'DEMO-SLEEP-OFFICE',
} as const;

/** The demo clinic: the first sample clinic by name (the top row of the Clinics table). */
export function demoClinicNpi(): string {
  const first = [...sampleClinics].sort((a, b) => a.name.localeCompare(b.name))[0];
  if (!first) throw new Error('no sample clinics');
  return first.npi;
}

/** Features the demo clinic shows off, switched on at its level (the global defaults stay off). */
const DEMO_CLINIC_FLAGS = [
  'comments',
  'nurseMultiSelect',
  'createNewPatients',
  'manufacturerAdvisories',
  'physicianBulkSignAlerts',
  'clinicAdminTrash',
  'inPersonDeviceCheck',
  'editTechnicianReview',
];

/**
 * Creates the demo accounts once per database (a marker records it), so accounts an administrator later
 * deletes are not brought back by a restart. Each account is audited like any created user.
 */
export async function seedDemoData(db: Db, options: { password: string }): Promise<boolean> {
  const marker = await db
    .selectFrom('appState')
    .select('key')
    .where('key', '=', DEMO_DATA_MARKER)
    .executeTakeFirst();
  if (marker) return false;
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(options.password)));
  const clinicNpi = demoClinicNpi();
  return inTransaction(db, async (tx) => {
    // Two instances starting together: the first one to insert the marker seeds.
    const claimed = await tx
      .insertInto('appState')
      .values({ key: DEMO_DATA_MARKER, value: JSON.stringify({ at: new Date().toISOString() }) })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return false;
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const id = `auth0|demo-${account.email.split('@')[0]}`;
      const roles = [{ role: account.role, clinicNPI: account.global ? '*' : clinicNpi }];
      await tx
        .insertInto('users')
        .values({
          id,
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          title: account.title ?? '',
          suffixes: account.suffixes ?? '',
          npi: account.npi ?? null,
          roles: serializeRoles(roles),
          passwordHash: passwordHashes[index] ?? null,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      await recordAuditEvent(tx, {
        clinicNpi: null,
        entityType: 'user',
        entityId: id,
        eventType: 'created',
        actorId: 'system',
        note: 'demo data',
        after: { email: account.email, roles },
      });
    }
    const clinic = await tx
      .selectFrom('organizations')
      .select('id')
      .where('npi', '=', clinicNpi)
      .executeTakeFirstOrThrow();
    for (const name of DEMO_CLINIC_FLAGS) {
      await tx
        .insertInto('organizationFeatureFlags')
        .values({ organizationId: clinic.id, name, enabled: true })
        .onConflict((conflict) => conflict.columns(['organizationId', 'name']).doUpdateSet({ enabled: true }))
        .execute();
    }
    // The demo clinic's office at the sleep-study vendor (the Zoll simulator knows every office), so a
    // demo sleep study can be sent out of the box.
    await tx
      .insertInto('organizationWorkflows')
      .values({ organizationId: clinic.id, ...DEMO_SLEEP_OFFICE })
      .onConflict((conflict) => conflict.columns(['organizationId', 'name']).doNothing())
      .execute();
    await recordAuditEvent(tx, {
      clinicNpi,
      entityType: 'clinic',
      entityId: clinic.id,
      eventType: 'workflow_modification',
      actorId: 'system',
      note: 'demo data',
      after: { featureFlags: DEMO_CLINIC_FLAGS, workflows: [DEMO_SLEEP_OFFICE] },
    });
    // Bulk signing is a provider's opt-in (signature settings, off by default): the demo clinic turns it
    // on clinic-wide, so its providers can bulk-sign out of the box.
    const clinicWideSignatureSettings = { ...buildDefaultSignatureSettings(), bulkSignEnabled: true };
    await tx
      .insertInto('signatureSettings')
      .values({ clinicNpi, ...clinicWideSignatureSettings, updatedBy: 'system' })
      .onConflict((conflict) => conflict.columns(['clinicNpi', 'userId']).doNothing())
      .execute();
    await recordAuditEvent(tx, {
      clinicNpi,
      entityType: 'setting',
      entityId: `signature-settings:${CLINIC_WIDE_SETTINGS_USER_ID}`,
      eventType: 'workflow_modification',
      actorId: 'system',
      note: 'demo data',
      after: clinicWideSignatureSettings,
    });
    return true;
  });
}
