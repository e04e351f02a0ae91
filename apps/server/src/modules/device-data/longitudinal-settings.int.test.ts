import { DEFAULT_FLAG_THRESHOLDS, DEFAULT_LONGITUDINAL_MEASUREMENTS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { insertUser, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { DEMO_ACCOUNTS, signedInPortal } from '../../test-support/signed-in-portal';

const RV_THRESHOLD = 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE';
const RV_IMPEDANCE = 'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE';

describe('longitudinal settings, per clinic and per user', () => {
  const portal = signedInPortal(['provider', 'nurse', 'clinicAdmin', 'deviceTech']);
  const settingsUrl = (userId: string, npi = OWN_CLINIC_NPI) =>
    `/api/reports/clinics/${npi}/longitudinal-settings/${userId}`;
  const idOf = async (account: keyof typeof DEMO_ACCOUNTS) =>
    (
      await portal.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_ACCOUNTS[account])
        .executeTakeFirstOrThrow()
    ).id;
  const storedRows = async () =>
    portal.db.selectFrom('longitudinalSettings').select(['clinicNpi', 'userId', 'settings']).execute();
  const auditCount = async () =>
    Number(
      (
        await portal.db
          .selectFrom('auditEvents')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('entityType', '=', 'setting')
          .where('entityId', 'like', 'longitudinal-settings:%')
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('resolves the user’s over the clinic’s over the defaults, and DELETE falls back a step at a time', async () => {
    const providerId = await idOf('provider');
    const defaults = (await portal.as.provider.get(settingsUrl('0'))).json();
    expect(defaults.data).toMatchObject({ clinicNpi: OWN_CLINIC_NPI, userId: '0', stored: {} });
    expect(defaults.data.effective).toEqual({
      comparisonMode: 'difference',
      measurements: DEFAULT_LONGITUDINAL_MEASUREMENTS,
      thresholds: DEFAULT_FLAG_THRESHOLDS,
      source: 'default',
    });

    const clinic = await portal.as.clinicAdmin.put(settingsUrl('0'), {
      comparisonMode: 'percentage',
      thresholds: { pacingThresholdWarningAbove: 1.2, atafBurdenWarningAbove: 2 },
    });
    expect(clinic.statusCode).toBe(200);
    expect(clinic.json().data.effective).toMatchObject({ comparisonMode: 'percentage', source: 'clinic' });

    const own = await portal.as.provider.put(settingsUrl(providerId), {
      comparisonMode: 'difference',
      measurements: { PM: [RV_IMPEDANCE, RV_THRESHOLD] },
      thresholds: { pacingThresholdWarningAbove: 1.4 },
    });
    expect(own.statusCode).toBe(200);
    const effective = own.json().data.effective;
    expect(effective).toMatchObject({ comparisonMode: 'difference', source: 'user' });
    expect(effective.measurements.PM).toEqual([RV_IMPEDANCE, RV_THRESHOLD]);
    expect(effective.measurements.ICD).toEqual(DEFAULT_LONGITUDINAL_MEASUREMENTS.ICD);
    // Threshold by threshold: the user's own, the clinic's where the user sets none.
    expect(effective.thresholds).toMatchObject({
      pacingThresholdWarningAbove: 1.4,
      atafBurdenWarningAbove: 2,
    });
    expect((await portal.as.provider.get(settingsUrl(providerId))).json().data.stored).toEqual({
      comparisonMode: 'difference',
      measurements: { PM: [RV_IMPEDANCE, RV_THRESHOLD] },
      thresholds: { pacingThresholdWarningAbove: 1.4 },
    });

    const afterUserDelete = (await portal.as.provider.delete(settingsUrl(providerId))).json();
    expect(afterUserDelete.data.stored).toEqual({});
    expect(afterUserDelete.data.effective).toMatchObject({ comparisonMode: 'percentage', source: 'clinic' });
    const afterClinicDelete = (await portal.as.clinicAdmin.delete(settingsUrl('0'))).json();
    expect(afterClinicDelete.data.effective).toEqual(defaults.data.effective);
    expect(await storedRows()).toEqual([]);
  });

  it('audits each change with what the scope stored before and after, in the same transaction', async () => {
    const before = await auditCount();
    await portal.as.clinicAdmin.put(settingsUrl('0'), { comparisonMode: 'percentage' });
    await portal.as.clinicAdmin.delete(settingsUrl('0'));
    expect(await auditCount()).toBe(before + 2);
    const events = await portal.db
      .selectFrom('auditEvents')
      .select(['eventType', 'actorId', 'before', 'after'])
      .where('entityId', '=', 'longitudinal-settings:0')
      .execute();
    const adminId = (
      await portal.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_ACCOUNTS.clinicAdmin)
        .executeTakeFirstOrThrow()
    ).id;
    expect(events).toEqual(
      expect.arrayContaining([
        {
          eventType: 'workflow_modification',
          actorId: adminId,
          before: {},
          after: { comparisonMode: 'percentage' },
        },
        {
          eventType: 'workflow_modification',
          actorId: adminId,
          before: { comparisonMode: 'percentage' },
          after: {},
        },
      ]),
    );
  });

  it('lets the clinic admin change the clinic’s and anyone’s, a user only their own', async () => {
    const providerId = await idOf('provider');
    const nurseId = await idOf('nurse');
    const deviceTechId = await idOf('deviceTech');
    const body = { comparisonMode: 'percentage' };
    expect((await portal.as.nurse.put(settingsUrl('0'), body)).statusCode).toBe(403);
    expect((await portal.as.nurse.delete(settingsUrl('0'))).statusCode).toBe(403);
    expect((await portal.as.nurse.put(settingsUrl(providerId), body)).statusCode).toBe(403);
    expect((await portal.as.nurse.get(settingsUrl(providerId))).statusCode).toBe(403);
    expect((await portal.as.nurse.put(settingsUrl(nurseId), body)).statusCode).toBe(200);
    expect((await portal.as.deviceTech.put(settingsUrl(deviceTechId), body)).statusCode).toBe(200);
    expect((await portal.as.clinicAdmin.put(settingsUrl(providerId), body)).statusCode).toBe(200);
    expect((await portal.as.clinicAdmin.get(settingsUrl(nurseId))).json().data.stored).toEqual(body);
    // Nobody of that id works at the clinic: not found, for who may manage users; refused for the others.
    const stranger = await insertUser(portal.db, { clinicNpi: OTHER_CLINIC_NPI });
    expect((await portal.as.clinicAdmin.put(settingsUrl(stranger.id), body)).statusCode).toBe(404);
    expect((await portal.as.clinicAdmin.get(settingsUrl('no-such-user'))).statusCode).toBe(404);
    expect((await portal.as.provider.put(settingsUrl(stranger.id), body)).statusCode).toBe(403);
    for (const id of [nurseId, deviceTechId, providerId]) await portal.as.clinicAdmin.delete(settingsUrl(id));
    expect(await storedRows()).toEqual([]);
  });

  it('does not find another clinic’s settings', async () => {
    const providerId = await idOf('provider');
    expect((await portal.as.provider.get(settingsUrl('0', OTHER_CLINIC_NPI))).statusCode).toBe(404);
    expect((await portal.as.clinicAdmin.put(settingsUrl('0', OTHER_CLINIC_NPI), {})).statusCode).toBe(404);
    expect((await portal.as.provider.put(settingsUrl(providerId, OTHER_CLINIC_NPI), {})).statusCode).toBe(
      404,
    );
  });

  it('refuses bad settings naming the field, and writes nothing', async () => {
    const before = await auditCount();
    const cases: [object, string][] = [
      [{ measurements: { PM: ['MDC_IDC_MSMT_NO_SUCH_THING'] } }, 'measurements.PM.0'],
      [{ measurements: { PM: [RV_THRESHOLD, RV_THRESHOLD] } }, 'measurements.PM'],
      [{ measurements: { WCD: [] } }, 'measurements'],
      [{ thresholds: { pacingThresholdWarningAbove: -1 } }, 'thresholds.pacingThresholdWarningAbove'],
      [{ thresholds: { pacingThresholdWarningAbove: '1.5' } }, 'thresholds.pacingThresholdWarningAbove'],
      [{ thresholds: { noSuchThreshold: 1 } }, 'thresholds'],
      [{ comparisonMode: 'ratio' }, 'comparisonMode'],
      [{ colour: 'blue' }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await portal.as.clinicAdmin.put(settingsUrl('0'), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const fields = response.json().details.map((detail: { field: string }) => detail.field);
      expect(
        fields.some((name: string) => name.startsWith(field)),
        `${JSON.stringify(body)} → ${fields}`,
      ).toBe(true);
    }
    expect(await storedRows()).toEqual([]);
    expect(await auditCount()).toBe(before);
  });
});
