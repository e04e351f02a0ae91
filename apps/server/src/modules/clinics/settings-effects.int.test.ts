import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSamplePdf, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { uploadBody } from '../../test-support/multipart';
import { bearer, signIn, type Tokens } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Issue 6, part 3: the assignment settings decide who a newly ingested document goes to.
describe('assignment settings shape ingest', () => {
  let portal: TestApp;
  let sysadmin: Tokens;
  let tech: Tokens;
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
    const response = await portal.app.inject({
      method: 'PUT',
      url: `/api/customers/organizations/${clinic.id}`,
      headers: bearer(sysadmin),
      payload: {
        npi: clinic.npi,
        name: clinic.name,
        code: clinic.code,
        isActive: clinic.isActive,
        samlConnectionName: null,
        featureFlags: flags,
        workflows,
      },
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
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { ...bearer(tech), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json().attributes.assignedTo as string | null;
  };

  beforeAll(async () => {
    portal = await createTestApp();
    [sysadmin, tech] = await Promise.all([
      signIn(portal.app, 'sysadmin@example.org'),
      signIn(portal.app, 'irhtech@example.org'),
    ]);
  });
  afterAll(async () => {
    await portal.close();
  });

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
