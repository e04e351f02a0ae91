import {
  type FeatureFlagName,
  PDF_SCRAPE_REASON_MESSAGES,
  type PdfScrapeResponse,
  pdfScrapeResponseSchema,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  insertPatient,
  OTHER_CLINIC_NPI,
  OWN_CLINIC_NPI,
  setClinicFeatureFlag,
} from '../../../test-support/fixtures';
import {
  type DemoAccount,
  type SignedInPortal,
  signedInPortal,
} from '../../../test-support/signed-in-portal';
import { buildScrapeCorpus, type CorpusEntry } from './test-corpus/scrape-corpus';

const corpus = await buildScrapeCorpus();
const NO_PRINTOUT_IDENTITY = {
  patientName: null,
  patientId: null,
  dob: null,
  deviceModel: null,
  serial: null,
};
const entry = (name: string) => corpus.find((each) => each.name === name) as CorpusEntry;

const urlFor = (patientId: string, npi = OWN_CLINIC_NPI) =>
  `/api/reports/clinics/${npi}/patients/${patientId}/device-checks/pdf-scrape`;

async function countRows(db: SignedInPortal<DemoAccount>['db']) {
  const count = async (table: 'deviceSessions' | 'deviceMeasurements' | 'documents' | 'auditEvents') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    sessions: await count('deviceSessions'),
    measurements: await count('deviceMeasurements'),
    documents: await count('documents'),
    auditEvents: await count('auditEvents'),
  };
}

// Issue 15 §2: the server proposes measurements from an interrogation PDF; nothing is stored.
describe('scraping an interrogation PDF for the device check', () => {
  const portal = signedInPortal(['deviceTech', 'readOnly', 'nurse']);
  const newPatient = (clinicNpi = OWN_CLINIC_NPI) =>
    insertPatient(portal.db, { clinicNpi, firstName: 'Zoë', lastName: 'Łukasiewicz' });
  const upload = (
    patientId: string,
    bytes: Uint8Array,
    options: { npi?: string; as?: 'deviceTech' | 'readOnly' | 'nurse'; contentType?: string } = {},
  ) =>
    portal.as[options.as ?? 'deviceTech'].inject({
      method: 'POST',
      url: urlFor(patientId, options.npi),
      headers: { 'content-type': options.contentType ?? 'application/pdf' },
      payload: Buffer.from(bytes),
    });
  const setFlag = (name: FeatureFlagName, enabled: boolean) => setClinicFeatureFlag(portal.db, name, enabled);

  it('proposes each value with its key, unit, page and box, and stores nothing', async () => {
    const patient = await newPatient();
    const report = entry('crt-d-table-continued-without-header');
    const before = await countRows(portal.db);
    const response = await upload(patient.id, report.bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = pdfScrapeResponseSchema.parse(response.json()) as PdfScrapeResponse;
    expect(data).toMatchObject({ reason: null, message: null, pageCount: 2 });
    expect(Object.fromEntries(data.proposals.map((proposal) => [proposal.key, proposal.value]))).toEqual(
      report.expected,
    );
    // Read from the second page, where the table goes on without its header.
    expect(
      data.proposals.find(
        (proposal) => proposal.key === 'MDC_IDC_MSMT_LEADCHNL_LV_PACING_THRESHOLD_AMPLITUDE',
      ),
    ).toMatchObject({
      page: 2,
      unit: 'V',
      label: 'Pacing Threshold (Left Ventricular)',
      box: {
        x: expect.any(Number),
        y: expect.any(Number),
        width: expect.any(Number),
        height: expect.any(Number),
      },
    });
    expect(await countRows(portal.db)).toEqual(before);
  });

  it("reads the portal's own device check report back", async () => {
    const patient = await newPatient();
    const report = entry('portal-own-dual-pm');
    const response = await upload(patient.id, report.bytes);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as PdfScrapeResponse;
    expect(Object.fromEntries(data.proposals.map((proposal) => [proposal.key, proposal.value]))).toEqual(
      report.expected,
    );
  });

  for (const [name, reason] of [
    ['scanned-image', 'no-text'],
    ['encrypted-user-password', 'encrypted'],
    ['broken', 'unreadable'],
    ['letter-without-measurements', 'no-labels'],
  ] as const) {
    it(`answers 200 with no proposals and why for a PDF that cannot be read: ${name} → ${reason}`, async () => {
      const patient = await newPatient();
      const response = await upload(patient.id, entry(name).bytes);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        data: {
          proposals: [],
          pageCount: expect.any(Number),
          reason,
          message: PDF_SCRAPE_REASON_MESSAGES[reason],
          // Nothing read, so nothing of the identity either: the technician is asked to confirm (issue 29 §1).
          identity: expect.objectContaining({ printout: NO_PRINTOUT_IDENTITY, needsConfirmation: true }),
        },
      });
    });
  }

  it('refuses a body that is not a PDF, naming the body: 415 for another media type, 400 for other bytes', async () => {
    const patient = await newPatient();
    const json = await portal.as.deviceTech.post(urlFor(patient.id), { pdf: 'no' });
    expect(json.statusCode).toBe(415);
    expect(json.json().details).toEqual([{ field: 'body', message: 'must be a PDF (application/pdf)' }]);
    const png = await upload(patient.id, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
      contentType: 'image/png',
    });
    expect(png.statusCode).toBe(415);
    const notPdf = await upload(patient.id, new TextEncoder().encode('Battery Voltage 3.01 V'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().details).toEqual([{ field: 'body', message: 'must be a PDF file' }]);
    const empty = await upload(patient.id, new Uint8Array());
    expect([400, 415]).toContain(empty.statusCode);
    expect(empty.json().details?.[0]?.field).toBe('body');
  });

  it('refuses a PDF over the upload size limit with 413', async () => {
    const patient = await newPatient();
    const big = new Uint8Array(portal.config.maxPdfBytes + 1);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    expect((await upload(patient.id, big)).statusCode).toBe(413);
  });

  it('answers 404 for another clinic or an unknown patient, 403 without the permission or the flag', async () => {
    const report = entry('medtronic-dual-pm-chamber-table').bytes;
    const elsewhere = await newPatient(OTHER_CLINIC_NPI);
    expect((await upload(elsewhere.id, report, { npi: OTHER_CLINIC_NPI })).statusCode).toBe(404);
    expect((await upload(elsewhere.id, report)).statusCode).toBe(404);
    expect((await upload(crypto.randomUUID(), report)).statusCode).toBe(404);
    const patient = await newPatient();
    expect((await upload(patient.id, report, { as: 'readOnly' })).statusCode).toBe(403);
    await setFlag('inPersonDeviceCheck', false);
    try {
      const response = await upload(patient.id, report);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(`Cannot execute "device-check:create" on "${OWN_CLINIC_NPI}"`);
    } finally {
      await setFlag('inPersonDeviceCheck', true);
    }
  });
});

describe('scraping a PDF that takes longer than its time budget', () => {
  const portal = signedInPortal(['deviceTech'], { env: { PDF_SCRAPE_TIMEOUT_MS: '1' } });

  it("answers 200 with reason 'too-slow', not an error", async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const response = await portal.as.deviceTech.inject({
      method: 'POST',
      url: urlFor(patient.id),
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from(entry('medtronic-dual-pm-chamber-table').bytes),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: {
        proposals: [],
        pageCount: 0,
        reason: 'too-slow',
        message: PDF_SCRAPE_REASON_MESSAGES['too-slow'],
        identity: expect.objectContaining({ printout: NO_PRINTOUT_IDENTITY, needsConfirmation: true }),
      },
    });
  });
});
