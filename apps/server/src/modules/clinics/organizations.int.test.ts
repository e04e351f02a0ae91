import { describe, expect, it } from 'vitest';
import { insertDocument, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

type Clinic = {
  id: string;
  npi: string;
  code: string;
  name: string;
  isActive: boolean;
  samlConnectionName: string | null;
  featureFlags: Record<string, boolean>;
  settings: Record<string, { enabled: boolean; value: unknown }>;
  clinicFeatureFlags: { name: string; enabled: boolean }[];
  clinicWorkflows: { name: string; enabled: boolean; value: string | null }[];
};

describe('administering clinics', () => {
  const portal = signedInPortal(['sysAdmin', 'clinicAdmin']);
  const clinicByNpi = async (npi: string) => {
    const response = await portal.as.sysAdmin.get(`/api/customers/organizations?search=${npi}`);
    return (response.json().data as Clinic[])[0] as Clinic;
  };
  const payloadOf = (clinic: Clinic) => ({
    npi: clinic.npi,
    name: clinic.name,
    code: clinic.code,
    isActive: clinic.isActive,
    samlConnectionName: clinic.samlConnectionName,
    featureFlags: clinic.clinicFeatureFlags,
    workflows: clinic.clinicWorkflows,
  });
  const countClinics = async () =>
    Number(
      (
        await portal.db
          .selectFrom('organizations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a system administrator creates a clinic with its own flags and settings, audited', async () => {
    const response = await portal.as.sysAdmin.post('/api/customers/organizations', {
      npi: '1234567893',
      name: 'Harbor Light Cardiology',
      code: 'HLC',
      featureFlags: [{ name: 'comments', enabled: true }],
      workflows: [{ name: 'emrPdfMaxPageLength', enabled: true, value: 40 }],
    });
    expect(response.statusCode).toBe(201);
    const clinic = response.json() as Clinic;
    expect(clinic.featureFlags.comments).toBe(true);
    expect(clinic.settings.emrPdfMaxPageLength).toEqual({ enabled: true, value: 40 });
    const events = await portal.db
      .selectFrom('auditEvents')
      .select('eventType')
      .where('entityId', '=', clinic.id)
      .execute();
    expect(events.map((event) => event.eventType)).toEqual(['created']);
  });

  it.each([
    ['an NPI that fails the check digit', { npi: '1234567890', name: 'X', code: 'XX' }, 400, 'npi'],
    ['a duplicate NPI', { npi: OWN_CLINIC_NPI, name: 'X', code: 'XX' }, 409, 'npi'],
    ['a duplicate code', { npi: '1003000126', name: 'X', code: 'AHC' }, 409, 'code'],
    [
      'an unknown flag',
      { npi: '1003000126', name: 'X', code: 'XX', featureFlags: [{ name: 'teleportation', enabled: true }] },
      422,
      'featureFlags.0.name',
    ],
    [
      'a value of the wrong type',
      {
        npi: '1003000126',
        name: 'X',
        code: 'XX',
        workflows: [{ name: 'emrPdfMaxPageLength', enabled: true, value: 'lots' }],
      },
      422,
      'workflows.0.value',
    ],
    [
      'a negative EMR PDF max page length',
      {
        npi: '1003000126',
        name: 'X',
        code: 'XX',
        workflows: [{ name: 'emrPdfMaxPageLength', enabled: true, value: -3 }],
      },
      422,
      'workflows.0.value',
    ],
    [
      'an EMR PDF max page length above its range',
      {
        npi: '1003000126',
        name: 'X',
        code: 'XX',
        workflows: [{ name: 'emrPdfMaxPageLength', enabled: true, value: '501' }],
      },
      422,
      'workflows.0.value',
    ],
    [
      'an enum value outside its options',
      {
        npi: '1003000126',
        name: 'X',
        code: 'XX',
        workflows: [{ name: 'encounterCoversheetType', enabled: true, value: 'fancy' }],
      },
      422,
      'workflows.0.value',
    ],
  ])('refuses %s with a 4xx naming the field, writing nothing', async (_label, payload, status, field) => {
    const before = await countClinics();
    const response = await portal.as.sysAdmin.post('/api/customers/organizations', payload);
    expect(response.statusCode).toBe(status);
    expect((response.json().details as { field: string }[]).map((detail) => detail.field)).toContain(field);
    expect(await countClinics()).toBe(before);
  });

  it("a clinic admin changes their own clinic's flags and settings, but not its name", async () => {
    const clinic = await clinicByNpi(OWN_CLINIC_NPI);
    const updated = await portal.as.clinicAdmin.put(`/api/customers/organizations/${clinic.id}`, {
      ...payloadOf(clinic),
      featureFlags: [
        ...clinic.clinicFeatureFlags.filter((flag) => flag.name !== 'comments'),
        { name: 'comments', enabled: false },
      ],
      workflows: [{ name: 'signatureLabel', enabled: true, value: 'Interpreted by:' }],
    });
    expect(updated.statusCode).toBe(200);
    expect((updated.json() as Clinic).featureFlags.comments).toBe(false);
    expect((updated.json() as Clinic).settings.signatureLabel?.value).toBe('Interpreted by:');

    const renamed = await portal.as.clinicAdmin.put(`/api/customers/organizations/${clinic.id}`, {
      ...payloadOf(clinic),
      name: 'Mine Now',
    });
    expect(renamed.statusCode).toBe(403);
  });

  it("a clinic admin's page length of -3 answers 422 naming the field and its range; nothing is written", async () => {
    const clinic = await clinicByNpi(OWN_CLINIC_NPI);
    const auditEvents = () =>
      portal.db
        .selectFrom('auditEvents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('entityId', '=', clinic.id)
        .executeTakeFirstOrThrow();
    const eventsBefore = await auditEvents();
    const response = await portal.as.clinicAdmin.put(`/api/customers/organizations/${clinic.id}`, {
      ...payloadOf(clinic),
      workflows: [
        { name: 'signatureLabel', enabled: true, value: 'Read by:' },
        { name: 'emrPdfMaxPageLength', enabled: true, value: -3 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details).toEqual([
      { field: 'workflows.1.value', message: 'must be a whole number from 1 to 500' },
    ]);
    const after = await clinicByNpi(OWN_CLINIC_NPI);
    expect(after.clinicWorkflows).toEqual(clinic.clinicWorkflows);
    expect(after.settings.emrPdfMaxPageLength).toEqual(clinic.settings.emrPdfMaxPageLength);
    expect(await auditEvents()).toEqual(eventsBefore);
  });

  it('the clinic admin of clinic A cannot touch clinic B: 404', async () => {
    const other = await clinicByNpi(OTHER_CLINIC_NPI);
    const response = await portal.as.clinicAdmin.put(
      `/api/customers/organizations/${other.id}`,
      payloadOf(other),
    );
    expect(response.statusCode).toBe(404);
    const after = await clinicByNpi(OTHER_CLINIC_NPI);
    expect(after.clinicFeatureFlags).toEqual(other.clinicFeatureFlags);
  });

  it('deleting a clinic with documents answers 409; an empty one is deleted', async () => {
    const withDocuments = await clinicByNpi(OTHER_CLINIC_NPI);
    await insertDocument(portal.db, portal.storage, { clinicNpi: OTHER_CLINIC_NPI });
    expect(
      (await portal.as.sysAdmin.delete(`/api/customers/organizations/${withDocuments.id}`)).statusCode,
    ).toBe(409);
    const created = await portal.as.sysAdmin.post('/api/customers/organizations', {
      npi: '1003000126',
      name: 'Short Lived Clinic',
      code: 'SLC',
    });
    expect(created.statusCode).toBe(201);
    expect(
      (await portal.as.sysAdmin.delete(`/api/customers/organizations/${(created.json() as Clinic).id}`))
        .statusCode,
    ).toBe(204);
    expect(
      (await portal.as.clinicAdmin.delete(`/api/customers/organizations/${withDocuments.id}`)).statusCode,
    ).toBe(403);
  });
});
