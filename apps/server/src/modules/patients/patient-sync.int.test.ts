import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FileMakerSimulator,
  fileMakerEnvironmentOf,
  startTestFileMakerSimulator,
} from '../../test-support/filemaker-simulator';
import { OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

// Issue 13 §5: GET …/search/by-fm-id/{id}?forceSync=true fetches the record from the clinic's FileMaker
// server (the simulator, a real HTTP service), merges it without touching overrides and writes a patient
// event; a FileMaker that cannot be reached answers 502 and changes nothing.

const byFmId = (npi: string, fmId: string, forceSync: boolean) =>
  `/api/patients/clinics/${npi}/search/by-fm-id/${fmId}${forceSync ? '?forceSync=true' : ''}`;

describe('syncing a patient from FileMaker', () => {
  let simulator: FileMakerSimulator;
  // Filled in once the simulator listens; the portal reads it when it starts, after this hook.
  const env: Record<string, string> = { FILEMAKER_SYNC_TIMEOUT_MS: '4000' };
  beforeAll(async () => {
    simulator = await startTestFileMakerSimulator();
    Object.assign(env, fileMakerEnvironmentOf(simulator));
  });
  afterAll(async () => {
    await simulator.close();
  });
  const portal = signedInPortal(['nurse', 'readOnly', 'deviceTech'], { env });

  const patientRow = (fmId: string) =>
    portal.db
      .selectFrom('patients')
      .selectAll()
      .where('clinicNpi', '=', OWN_CLINIC_NPI)
      .where('fmId', '=', fmId)
      .executeTakeFirst();
  const eventsOf = async (id: string) =>
    (
      await portal.db
        .selectFrom('auditEvents')
        .select(['eventType', 'note'])
        .where('entityType', '=', 'patient')
        .where('entityId', '=', id)
        .orderBy('id')
        .execute()
    ).map((event) => event.eventType);

  it('creates the patient from the record, with every group of fields', async () => {
    const response = await portal.as.nurse.get(byFmId(OWN_CLINIC_NPI, '1001', true));
    expect(response.statusCode, response.body).toBe(200);
    const { attributes } = response.json().data ?? response.json();
    expect(attributes).toMatchObject({
      clinicNpi: OWN_CLINIC_NPI,
      patientId: 'P900101',
      fmId: '1001',
      firstName: 'Marguerite',
      middleName: 'Anne',
      lastName: 'Fennimore',
      dob: '1946-03-14',
      gender: 'female',
      medicalInfo: { isPacerDependent: true, hasAfibHistory: true, efPercentage: 55, hasLAAO: false },
      deviceInfo: {
        manufacturer: 'MDT',
        model: 'Azure XT DR MRI SureScan',
        modelNumber: 'W1DR01',
        serialNumber: 'RNB204815H',
        implantDate: '2021-06-11',
      },
      contactInfo: { address: { city: 'Evanston', state: 'IL', zip: '60201' } },
    });
    const row = await patientRow('1001');
    expect(row).toBeDefined();
    expect(await eventsOf(row?.id as string)).toEqual(['created']);
  });

  it('merges a later sync without touching overrides, and records it', async () => {
    const row = await patientRow('1001');
    await portal.db
      .updateTable('patients')
      .set({ override: JSON.stringify({ names: { firstName: 'Maggie' } }), firstName: 'Stale' })
      .where('id', '=', row?.id as string)
      .execute();
    const response = await portal.as.deviceTech.get(byFmId(OWN_CLINIC_NPI, '1001', true));
    expect(response.statusCode, response.body).toBe(200);
    const { attributes } = response.json().data ?? response.json();
    expect(attributes.firstName).toBe('Marguerite');
    expect(attributes.override).toEqual({ names: { firstName: 'Maggie' } });
    expect(attributes.effective.firstName).toEqual({ value: 'Maggie', source: 'override' });
    expect(await eventsOf(row?.id as string)).toEqual(['created', 'synced']);
  });

  it('reads without syncing when forceSync is not set', async () => {
    const before = simulator.stats().requests;
    const response = await portal.as.readOnly.get(byFmId(OWN_CLINIC_NPI, '1001', false));
    expect(response.statusCode, response.body).toBe(200);
    expect(simulator.stats().requests).toBe(before);
  });

  it('a read-only user may read but not sync', async () => {
    const response = await portal.as.readOnly.get(byFmId(OWN_CLINIC_NPI, '1002', true));
    expect(response.statusCode).toBe(403);
    expect(await patientRow('1002')).toBeUndefined();
  });

  it('another clinic answers 404, and FileMaker is not asked', async () => {
    const before = simulator.stats().requests;
    const response = await portal.as.nurse.get(byFmId(OTHER_CLINIC_NPI, '1002', true));
    expect(response.statusCode).toBe(404);
    expect(simulator.stats().requests).toBe(before);
  });

  it('a record FileMaker does not have answers 404', async () => {
    const response = await portal.as.nurse.get(byFmId(OWN_CLINIC_NPI, '999999', true));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/FileMaker record not found/);
  });

  it('retries a dropped connection and a 503 (SPEC §9) and then syncs', async () => {
    simulator.setFaults({ dropConnections: 1, status: 503, times: 1 });
    const response = await portal.as.nurse.get(byFmId(OWN_CLINIC_NPI, '1003', true));
    simulator.clearFaults();
    expect(response.statusCode, response.body).toBe(200);
    expect((await patientRow('1003'))?.lastName).toBe('Quill');
  });

  it('answers 502 with the reason when FileMaker keeps failing, and changes nothing', async () => {
    const row = await patientRow('1001');
    simulator.setFaults({ status: 503 });
    const started = Date.now();
    const response = await portal.as.nurse.get(byFmId(OWN_CLINIC_NPI, '1001', true));
    simulator.clearFaults();
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(
      /FileMaker server did not answer within 4 s; nothing was changed/,
    );
    // The sync's own bound, not SPEC §9's ten doublings (over eight minutes).
    expect(Date.now() - started).toBeLessThan(10_000);
    const after = await patientRow('1001');
    expect(after?.updatedAt).toEqual(row?.updatedAt);
    expect(await eventsOf(row?.id as string)).toEqual(['created', 'synced']);
  });

  it('answers 502 when the server cannot be reached at all', async () => {
    await simulator.close();
    const response = await portal.as.nurse.get(byFmId(OWN_CLINIC_NPI, '1004', true));
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/FileMaker/);
    expect(await patientRow('1004')).toBeUndefined();
  });
});
