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
