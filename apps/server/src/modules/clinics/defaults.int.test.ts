import { describe, expect, it } from 'vitest';
import { OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

describe('the global feature-flag and setting defaults', () => {
  const portal = signedInPortal(['sysAdmin', 'clinicAdmin']);
  const mergedOf = async (npi: string) =>
    (await portal.as.sysAdmin.get(`/api/customers/organizations?search=${npi}`)).json().data[0] as {
      featureFlags: Record<string, boolean>;
      settings: Record<string, { enabled: boolean; value: unknown }>;
    };

  it('a new flag default appears in every clinic’s merged view, and deleting it removes it again', async () => {
    const created = await portal.as.sysAdmin.post('/api/customers/defaults/feature-flags', {
      name: 'aiSummaries',
      title: 'AI summaries',
      description: 'Show generated summaries',
      enabled: true,
    });
    expect(created.statusCode).toBe(201);
    expect((await mergedOf(OWN_CLINIC_NPI)).featureFlags.aiSummaries).toBe(true);
    const list = await portal.as.clinicAdmin.get('/api/customers/defaults/feature-flags');
    expect((list.json().data as { name: string }[]).map((flag) => flag.name)).toContain('aiSummaries');

    expect(
      (await portal.as.sysAdmin.delete(`/api/customers/defaults/feature-flags/${created.json().id}`))
        .statusCode,
    ).toBe(204);
    expect((await mergedOf(OWN_CLINIC_NPI)).featureFlags).not.toHaveProperty('aiSummaries');
  });

  it('updates a setting default, checking its value against its valueType', async () => {
    const list = (await portal.as.sysAdmin.get('/api/customers/defaults/workflows')).json().data as {
      id: string;
      name: string;
      valueType: string;
      title: string;
      description: string;
      enabled: boolean;
    }[];
    const maxPages = list.find((setting) => setting.name === 'emrPdfMaxPageLength');
    if (!maxPages) throw new Error('seeded default missing');
    const { id: _id, ...body } = { ...maxPages, value: '30' };
    const updated = await portal.as.sysAdmin.put(`/api/customers/defaults/workflows/${maxPages.id}`, body);
    expect(updated.statusCode).toBe(200);
    expect((await mergedOf('1655154049')).settings.emrPdfMaxPageLength?.value).toBe(30);
    const wrong = await portal.as.sysAdmin.put(`/api/customers/defaults/workflows/${maxPages.id}`, {
      ...body,
      value: 'thirty',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().details).toEqual([{ field: 'value', message: 'must be integer' }]);
    // The default itself keeps to the setting's range.
    for (const value of ['-3', '0', 501]) {
      const outOfRange = await portal.as.sysAdmin.put(`/api/customers/defaults/workflows/${maxPages.id}`, {
        ...body,
        value,
      });
      expect(outOfRange.statusCode, String(value)).toBe(422);
      expect(outOfRange.json().details).toEqual([
        { field: 'value', message: 'must be a whole number from 1 to 500' },
      ]);
    }
    expect((await mergedOf('1655154049')).settings.emrPdfMaxPageLength?.value).toBe(30);
    // Clinics keep their values under the name, so a default is never renamed.
    const renamed = await portal.as.sysAdmin.put(`/api/customers/defaults/workflows/${maxPages.id}`, {
      ...body,
      name: 'emrPageLimit',
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().details[0].field).toBe('name');
  });

  it.each([
    ['a duplicate name', { name: 'comments', title: 'Again', enabled: false }, 409, 'name'],
    ['a name that is not camelCase', { name: 'two words', title: 'x', enabled: false }, 400, 'name'],
    ['a missing title', { name: 'someFlag', enabled: false }, 400, 'title'],
  ])('refuses %s', async (_label, payload, status, field) => {
    const response = await portal.as.sysAdmin.post('/api/customers/defaults/feature-flags', payload);
    expect(response.statusCode).toBe(status);
    expect((response.json().details as { field: string }[]).map((detail) => detail.field)).toContain(field);
  });

  it('a clinic admin may read the defaults but not change them', async () => {
    const response = await portal.as.clinicAdmin.post('/api/customers/defaults/feature-flags', {
      name: 'sneaky',
      title: 'x',
      enabled: true,
    });
    expect(response.statusCode).toBe(403);
  });
});
