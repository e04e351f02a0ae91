import { describe, expect, it } from 'vitest';
import {
  getSamplePdf,
  insertDocument,
  insertPatient,
  OWN_CLINIC_NPI,
  setClinicFeatureFlag,
} from '../test-support/fixtures';
import { uploadBody } from '../test-support/multipart';
import { signedInPortal } from '../test-support/signed-in-portal';

// Issue 31 §3: the API refuses what it does not understand. An unknown field is a 400 naming it, never a
// 200 that changed nothing; a body nested past the limit is a 400, never a stack overflow's 500.
describe('the API refuses what it does not understand', () => {
  const portal = signedInPortal(['nurse', 'provider', 'sysAdmin', 'irhTech']);

  it('refuses a patient change whose field is not where the contract puts it, naming it, and changes nothing', async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI, firstName: 'Ottilie' });
    const url = `/api/patients/clinics/${OWN_CLINIC_NPI}/patients/${patient.id}`;
    const response = await portal.as.nurse.patch(url, { override: { firstName: 'X' } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toContainEqual({
      field: 'override.firstName',
      message: 'is not a known field',
    });
    const after = await portal.db
      .selectFrom('patients')
      .select('firstName')
      .where('id', '=', patient.id)
      .executeTakeFirst();
    expect(after?.firstName).toBe('Ottilie');
  });

  it('names every unknown field, at the top and nested, each in its own detail', async () => {
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const response = await portal.as.provider.patch(`/api/reports/${document.id}/sign`, {
      note: 'reviewed',
      signature: 'x',
      extra: { deep: true },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { field: 'signature', message: 'is not a known field' },
        { field: 'extra', message: 'is not a known field' },
      ]),
    );
    const row = await portal.db
      .selectFrom('documents')
      .select('status')
      .where('id', '=', document.id)
      .executeTakeFirst();
    expect(row?.status).toBe('unsigned');
  });

  it('refuses an unknown query-string parameter, naming it', async () => {
    const response = await portal.as.sysAdmin.get('/api/audit/verify?clinicNpi=1000000001&verbose=1');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toContainEqual({ field: 'verbose', message: 'is not a known field' });
  });

  it('answers 400, not 500, to a patient created with a 10,000-level array', async () => {
    await setClinicFeatureFlag(portal.db, 'createNewPatients', true);
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const response = await portal.as.nurse.inject({
      method: 'POST',
      url: `/api/patients/clinics/${OWN_CLINIC_NPI}/patients`,
      headers: { 'content-type': 'application/json' },
      payload: `{"patientId":"DEEP-1","firstName":"A","lastName":"B","dob":"1950-01-01","medicalInfo":{"icd10Codes":${deep}}}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      details: [{ field: 'body', message: 'must not nest more than 64 levels deep' }],
    });
  });

  it('answers 400 to deep JSON on every kind of route, before authentication decides anything else', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const response = await portal.as.provider.inject({
      method: 'POST',
      url: '/api/reports/bulk-sign',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'body', message: 'must not nest more than 64 levels deep' },
    ]);
  });

  it('answers 400 to a JSON form field of an upload nested past the limit, naming the field', async () => {
    const body = uploadBody(
      {
        clinicNpi: OWN_CLINIC_NPI,
        type: 'implicity-90-day-remote-report',
        serviceLine: 'crm',
        dos: '2026-11-02T09:30:00Z',
        patientId: 'P-DEEP',
        patientFirstName: 'Deep',
        patientLastName: 'Field',
        metadata: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
      },
      { name: 'report.pdf', bytes: await getSamplePdf() },
    );
    const response = await portal.as.irhTech.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toContainEqual({
      field: 'metadata',
      message: 'must not nest more than 64 levels deep',
    });
  });
});
