import { describe, expect, it } from 'vitest';
import { OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

describe('signature and device-check settings', () => {
  const portal = signedInPortal(['clinicAdmin', 'provider']);
  const signatureUrl = (userId: string, npi = OWN_CLINIC_NPI) =>
    `/api/customers/clinics/${npi}/signature-settings/${encodeURIComponent(userId)}`;

  it('missing settings give the SPEC defaults', async () => {
    // The demo clinic turns bulk signing on clinic-wide (demo data); without that row, the SPEC defaults.
    await portal.db.deleteFrom('signatureSettings').where('clinicNpi', '=', OWN_CLINIC_NPI).execute();
    const response = await portal.as.provider.get(signatureUrl('0'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: '0',
      crmPrompts: ['Report reviewed.'],
      wcdPrompts: ['Report reviewed.'],
      sleepPrompts: ['Report reviewed.'],
      abpmPrompts: ['Report reviewed.'],
      rpmPrompts: ['Report reviewed.'],
      noIssuesNote: 'Report reviewed.',
      quickSignNote: 'Report reviewed.',
      bulkSignNote: 'Report reviewed.',
      rpmSelectByDos: false,
      bulkSignEnabled: false,
      isDefault: true,
    });
    const deviceCheck = await portal.as.provider.get(
      `/api/customers/device-check-settings/${OWN_CLINIC_NPI}`,
    );
    expect(deviceCheck.json()).toEqual({
      observationPrompts: ['Appropriate Device Function', 'Battery ERI'],
      isDefault: true,
    });
  });

  it('the clinic admin sets clinic-wide prompts, stored newline-joined and served as lists; a user inherits them', async () => {
    const patched = await portal.as.clinicAdmin.patch(signatureUrl('0'), {
      crmPrompts: ['No arrhythmias.', 'AF burden stable.'],
      rpmSelectByDos: true,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      crmPrompts: ['No arrhythmias.', 'AF burden stable.'],
      rpmSelectByDos: true,
      isDefault: false,
    });
    const stored = await portal.db
      .selectFrom('signatureSettings')
      .select('crmPrompts')
      .where('userId', '=', '0')
      .executeTakeFirstOrThrow();
    expect(stored.crmPrompts).toBe('No arrhythmias.\nAF burden stable.');
    const mine = await portal.as.provider.get(signatureUrl('auth0|demo-provider'));
    expect(mine.json()).toMatchObject({
      userId: 'auth0|demo-provider',
      crmPrompts: ['No arrhythmias.', 'AF burden stable.'],
      isDefault: true,
    });
  });

  it('a provider changes their own settings but not the clinic-wide ones', async () => {
    const own = await portal.as.provider.patch(signatureUrl('auth0|demo-provider'), {
      quickSignNote: 'Reviewed, no change.',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ quickSignNote: 'Reviewed, no change.', isDefault: false });
    expect((await portal.as.provider.patch(signatureUrl('0'), { quickSignNote: 'x' })).statusCode).toBe(403);
  });

  it.each([
    ['a prompt with a line break', { crmPrompts: ['one\ntwo'] }, 'crmPrompts.0'],
    ['a note over 900 characters', { noIssuesNote: 'x'.repeat(901) }, 'noIssuesNote'],
    ['an unknown field', { favouritePrompt: 'x' }, 'favouritePrompt'],
  ])('refuses %s with a 400 naming the field', async (_label, payload, field) => {
    const response = await portal.as.clinicAdmin.patch(signatureUrl('0'), payload);
    expect(response.statusCode).toBe(400);
    expect((response.json().details as { field: string }[]).map((detail) => detail.field)).toContain(field);
  });

  it('device-check settings: POST while default, PATCH after, DELETE back to the defaults', async () => {
    const url = `/api/customers/device-check-settings/${OWN_CLINIC_NPI}`;
    expect((await portal.as.clinicAdmin.patch(url, { observationPrompts: ['x'] })).statusCode).toBe(404);
    const created = await portal.as.clinicAdmin.post(url, {
      observationPrompts: ['Appropriate Device Function', 'Lead noise'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      observationPrompts: ['Appropriate Device Function', 'Lead noise'],
      isDefault: false,
    });
    expect((await portal.as.clinicAdmin.post(url, { observationPrompts: ['x'] })).statusCode).toBe(409);
    expect(
      (await portal.as.clinicAdmin.patch(url, { observationPrompts: ['Battery ERI'] })).json()
        .observationPrompts,
    ).toEqual(['Battery ERI']);
    expect((await portal.as.clinicAdmin.delete(url)).json()).toEqual({
      observationPrompts: ['Appropriate Device Function', 'Battery ERI'],
      isDefault: true,
    });
    expect((await portal.as.provider.post(url, { observationPrompts: ['x'] })).statusCode).toBe(403);
  });

  it("another clinic's settings answer 404", async () => {
    expect((await portal.as.clinicAdmin.get(signatureUrl('0', OTHER_CLINIC_NPI))).statusCode).toBe(404);
    expect(
      (await portal.as.clinicAdmin.patch(signatureUrl('0', OTHER_CLINIC_NPI), { rpmSelectByDos: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await portal.as.clinicAdmin.get(`/api/customers/device-check-settings/${OTHER_CLINIC_NPI}`))
        .statusCode,
    ).toBe(404);
  });
});
