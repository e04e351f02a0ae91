import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPortal } from '../test-support/signed-in-portal';
import { seedDemoDocuments } from './seed-demo-documents';

type Listed = {
  id: string;
  attributes: {
    type: string;
    serviceLine: string;
    device: string | null;
    deviceDetail: {
      manufacturer?: string | null;
      modelName?: string | null;
      serialNumber?: string | null;
      implantDate?: string | null;
      chambers?: string | null;
    } | null;
    alert: string | null;
    alertType: string | null;
    alertText: string | null;
    cptCodes: string[];
    icd10Codes: string[];
    clinicalStart: string | null;
    clinicalEnd: string | null;
    rpmEncounterId: string | null;
    hasEpisodes: boolean;
    metadata: { demo?: boolean; keyResults?: { label: string; value: string }[] };
  };
};

describe('the demo documents, as the inbox receives them', () => {
  const portal = signedInPortal(['provider']);
  let documents: Listed[];

  beforeAll(async () => {
    const seeded = await seedDemoDocuments(portal.db, portal.storage, {
      count: 60,
      now: new Date('2026-11-20T12:00:00Z'),
    });
    expect(seeded).toBe(true);
    const response = await portal.as.provider.get('/api/reports?page[limit]=100&filter[assignedTo]=any');
    expect(response.statusCode).toBe(200);
    documents = (response.json() as { data: Listed[] }).data;
  });

  it('lists every service line at the demo clinic', () => {
    expect(new Set(documents.map((document) => document.attributes.serviceLine))).toEqual(
      new Set(['crm', 'wcd', 'sleep', 'abpm', 'rpm']),
    );
  });

  it('gives each document only the device fields of its service line', () => {
    for (const { attributes } of documents) {
      const detail = attributes.deviceDetail;
      expect(detail?.manufacturer).toBeTruthy();
      expect(detail?.serialNumber).toBeTruthy();
      if (attributes.serviceLine === 'crm') {
        expect(['PM', 'ICD', 'ILR']).toContain(attributes.device);
        expect(detail?.implantDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(attributes.device === 'ILR').toBe(detail?.chambers === 'No Leads');
      } else {
        expect(detail?.implantDate ?? null).toBeNull();
        expect(detail?.chambers ?? null).toBeNull();
        expect(attributes.device).toBe(
          { wcd: 'WCD', sleep: 'Sleep', abpm: 'ABPM', rpm: 'RPM' }[attributes.serviceLine],
        );
      }
      expect(attributes.rpmEncounterId !== null).toBe(attributes.serviceLine === 'rpm');
      expect(attributes.alert !== null).toBe(attributes.type.endsWith('-alert'));
      if (attributes.type !== 'crm-alert' && attributes.type !== 'in-person-device-check') {
        expect(Date.parse(attributes.clinicalStart ?? '')).toBeLessThan(
          Date.parse(attributes.clinicalEnd ?? ''),
        );
      }
      expect(attributes.metadata.demo).toBe(true);
      expect(attributes.metadata.keyResults?.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("serves each document's PDF, carrying its alert text", async () => {
    const alerts = documents.filter((document) => document.attributes.alertText);
    expect(alerts.length).toBeGreaterThan(0);
    const { id, attributes } = alerts[0] as Listed;
    const download = await portal.as.provider.get(`/api/reports/blob-storage/${id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(attributes.alertType).toBeTruthy();
  });
});

describe('the demo patients', () => {
  const portal = signedInPortal([]);

  beforeAll(async () => {
    await seedDemoDocuments(portal.db, portal.storage, { count: 80, now: new Date('2026-11-20T12:00:00Z') });
  });

  it('own every demo document: each belongs to its clinic’s patient with its patient id', async () => {
    const rows = await portal.db
      .selectFrom('documents')
      .leftJoin('patients', 'patients.id', 'documents.patientRef')
      .select([
        'documents.clinicNpi as documentClinic',
        'documents.patientId as documentPatientId',
        'documents.patientLastName',
        'documents.device',
        'documents.deviceDetail',
        'patients.clinicNpi as patientClinic',
        'patients.patientId',
        'patients.lastName',
        'patients.deviceInfo',
      ])
      .execute();
    expect(rows.length).toBe(80);
    for (const row of rows) {
      expect(row.patientClinic).toBe(row.documentClinic);
      expect(row.patientId).toBe(row.documentPatientId);
      expect(row.lastName).toBe(row.patientLastName);
      // An implant report's device is the patient's device.
      if (row.device === 'PM' || row.device === 'ICD' || row.device === 'ILR') {
        const detail = row.deviceDetail as { serialNumber: string };
        expect((row.deviceInfo as { serialNumber?: string } | null)?.serialNumber).toBe(detail.serialNumber);
      }
    }
  });

  it('have medical, OAC and contact details that fit their documents', async () => {
    const patients = await portal.db.selectFrom('patients').selectAll().execute();
    expect(patients.length).toBeGreaterThan(5);
    for (const patient of patients) {
      expect(patient.medicalInfo).toMatchObject({ hasAfibHistory: expect.any(Boolean) });
      expect(patient.contactInfo).toMatchObject({ email: expect.stringMatching(/@example\.com$/) });
      const onOac = patient.oacStatus === 'on-oac';
      expect(patient.oacHistory.length > 0).toBe(onOac);
      if (onOac) expect((patient.medicalInfo as { hasAfibHistory: boolean }).hasAfibHistory).toBe(true);
    }
    // Some have AF and are not anticoagulated, so the AF-without-OAC flag has patients to show.
    expect(
      patients.some(
        (patient) =>
          (patient.medicalInfo as { hasAfibHistory: boolean }).hasAfibHistory &&
          patient.oacStatus === 'not-on-oac',
      ),
    ).toBe(true);
  });
});
