import { describe, expect, it } from 'vitest';
import { getSamplePdf, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { uploadBody } from '../../test-support/multipart';
import { signedInPortal } from '../../test-support/signed-in-portal';

// Issue 6, part 3: the assignment settings decide who a newly ingested document goes to.
describe('assignment settings shape ingest', () => {
  const portal = signedInPortal(['sysAdmin', 'irhTech']);
  const PROVIDER_NPI = '1679576722';

  const setWorkflows = async (workflows: { name: string; enabled: boolean }[]) => {
    const clinic = await portal.db
      .selectFrom('organizations')
      .selectAll()
      .where('npi', '=', OWN_CLINIC_NPI)
      .executeTakeFirstOrThrow();
    const flags = await portal.db
      .selectFrom('organizationFeatureFlags')
      .select(['name', 'enabled'])
      .where('organizationId', '=', clinic.id)
      .execute();
    const response = await portal.as.sysAdmin.put(`/api/customers/organizations/${clinic.id}`, {
      npi: clinic.npi,
      name: clinic.name,
      code: clinic.code,
      isActive: clinic.isActive,
      samlConnectionName: null,
      featureFlags: flags,
      workflows,
    });
    expect(response.statusCode).toBe(200);
  };

  const ingest = async (type: string) => {
    const fields = {
      clinicNpi: OWN_CLINIC_NPI,
      type,
      serviceLine: 'crm',
      dos: '2026-11-01T10:00:00Z',
      patientId: 'P9',
      patientFirstName: 'A',
      patientLastName: 'B',
      physicianNpi: PROVIDER_NPI,
      ...(type === 'crm-alert' ? { alert: 'high' } : {}),
    };
    const body = uploadBody(fields, { name: 'r.pdf', bytes: await getSamplePdf() });
    const response = await portal.as.irhTech.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json().attributes.assignedTo as string | null;
  };

  it.each([
    [
      [{ name: 'assignReportsToUnassigned', enabled: false }],
      'implicity-90-day-remote-report',
      'auth0|demo-provider',
    ],
    [[{ name: 'assignReportsToUnassigned', enabled: true }], 'implicity-90-day-remote-report', null],
    [[{ name: 'assignAlertsToPrimary', enabled: true }], 'crm-alert', 'auth0|demo-provider'],
    [[{ name: 'assignAlertsToPrimary', enabled: false }], 'crm-alert', null],
  ])('with %j a new %s is assigned to %s', async (workflows, type, expected) => {
    await setWorkflows(workflows);
    expect(await ingest(type)).toBe(expected);
  });
});
