import { describe, expect, it } from 'vitest';
import type { Actor } from '../../auth/actor';
import { OTHER_CLINIC_NPI, OWN_CLINIC_NPI, setClinicSetting } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { getClinicTimeZone, saveClinicTimeZone } from './clinic-time-zone';

// Issue 28 §2: the clinic time zone is a clinic setting (IANA, America/New_York by default), read and
// written in one place; issue 31 prints the signature time in it.
describe('the clinic time zone setting', () => {
  const portal = signedInPortal(['clinicAdmin', 'sysAdmin', 'nurse']);

  const actorOf = async (email: string): Promise<Actor> => {
    const user = await portal.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { id: user.id, user, session: { userId: user.id, grantId: null } };
  };

  it('is America/New_York for a clinic that set none, and for a clinic that does not exist', async () => {
    expect(await getClinicTimeZone(portal.db, OTHER_CLINIC_NPI)).toBe('America/New_York');
    expect(await getClinicTimeZone(portal.db, '0000000000')).toBe('America/New_York');
    const stored = await portal.db
      .selectFrom('workflowDefaults')
      .select(['valueType', 'value', 'enabled'])
      .where('name', '=', 'clinicTimeZone')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ valueType: 'string', value: 'America/New_York', enabled: true });
  });

  it('is changed by the clinic administrator, audited in the same transaction, and read back', async () => {
    const admin = await actorOf('clinicadmin@example.org');
    const before = await portal.db
      .selectFrom('auditEvents')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('eventType', '=', 'workflow_modification')
      .executeTakeFirstOrThrow();
    expect(await saveClinicTimeZone(portal.db, admin, OWN_CLINIC_NPI, 'America/Chicago')).toBe(
      'America/Chicago',
    );
    expect(await getClinicTimeZone(portal.db, OWN_CLINIC_NPI)).toBe('America/Chicago');
    const after = await portal.db
      .selectFrom('auditEvents')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('eventType', '=', 'workflow_modification')
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count) + 1);
    await saveClinicTimeZone(portal.db, admin, OWN_CLINIC_NPI, 'America/New_York');
  });

  it('refuses a name that is no IANA time zone (422 naming timeZone), another clinic (404) and a nurse (403)', async () => {
    const admin = await actorOf('clinicadmin@example.org');
    await expect(saveClinicTimeZone(portal.db, admin, OWN_CLINIC_NPI, 'Eastern-ish')).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(
      saveClinicTimeZone(portal.db, admin, OTHER_CLINIC_NPI, 'America/Chicago'),
    ).rejects.toMatchObject({ statusCode: 404 });
    const nurse = await actorOf('nurse@example.org');
    await expect(
      saveClinicTimeZone(portal.db, nurse, OWN_CLINIC_NPI, 'America/Chicago'),
    ).rejects.toBeDefined();
    expect(await getClinicTimeZone(portal.db, OWN_CLINIC_NPI)).toBe('America/New_York');
  });

  it('is refused through the clinic settings too when it is not a time zone, naming the field', async () => {
    const clinic = await portal.db
      .selectFrom('organizations')
      .selectAll()
      .where('npi', '=', OWN_CLINIC_NPI)
      .executeTakeFirstOrThrow();
    const response = await portal.as.sysAdmin.put(`/api/customers/organizations/${clinic.id}`, {
      npi: clinic.npi,
      name: clinic.name,
      code: clinic.code,
      isActive: clinic.isActive,
      samlConnectionName: null,
      featureFlags: [],
      workflows: [{ name: 'clinicTimeZone', enabled: true, value: 'Not/AZone' }],
    });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json().details)).toContain('workflows.0.value');
  });

  it('falls back to the default when a stored value is not a time zone', async () => {
    await setClinicSetting(portal.db, 'clinicTimeZone', { enabled: true, value: 'Nowhere/Land' });
    expect(await getClinicTimeZone(portal.db, OWN_CLINIC_NPI)).toBe('America/New_York');
    await setClinicSetting(portal.db, 'clinicTimeZone', { enabled: true, value: 'America/New_York' });
  });
});
