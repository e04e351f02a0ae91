import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction';
import { insertDocument, insertPatient, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { type NewDeviceSession, saveDeviceSession } from '../device-data/save-device-session';
import { checkWithQpdf, extractText } from './pdf/test-support/pdf-tools';

const RV_THRESHOLD = 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE';
const RV_IMPEDANCE = 'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE';
const BATTERY = 'MDC_IDC_MSMT_BATTERY_VOLTAGE';
const AF_BURDEN = 'MDC_IDC_STAT_AT_BURDEN_PERCENT';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();
const pageText = (bytes: Uint8Array, page: number) => extractText(bytes, { first: page, last: page });

/** A PDF of `pages` pages, each saying its number. */
async function buildReport(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index += 1)
    pdf.addPage([612, 792]).drawText(`Report page ${index} of ${pages}`, { x: 72, y: 700, size: 14, font });
  return pdf.save();
}

describe('coversheets and EMR copies (issue 14 §5)', () => {
  const portal = signedInPortal(['provider', 'nurse']);

  const clinicId = async () =>
    (
      await portal.db
        .selectFrom('organizations')
        .select('id')
        .where('npi', '=', OWN_CLINIC_NPI)
        .executeTakeFirstOrThrow()
    ).id;
  const setSetting = async (name: string, value: string | null, enabled = true) => {
    const organizationId = await clinicId();
    await portal.db
      .insertInto('organizationWorkflows')
      .values({ organizationId, name, enabled, value })
      .onConflict((conflict) => conflict.columns(['organizationId', 'name']).doUpdateSet({ enabled, value }))
      .execute();
  };
  beforeEach(async () => {
    await portal.db
      .deleteFrom('organizationWorkflows')
      .where('organizationId', '=', await clinicId())
      .execute();
  });

  const storedBytes = async (document: { id: string }) => {
    const row = await portal.db
      .selectFrom('documents')
      .select(['originalSha256', 'signedSha256'])
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
    return portal.storage.get(row.signedSha256 ?? row.originalSha256);
  };
  const download = async (document: { id: string }, query = '') => {
    const response = await portal.as.provider.get(`/api/reports/blob-storage/${document.id}${query}`);
    expect(response.statusCode).toBe(200);
    const bytes = new Uint8Array(response.rawPayload);
    expect((await checkWithQpdf(bytes)).exitCode).toBe(0);
    return bytes;
  };
  const saveSession = (
    patient: { id: string; clinicNpi: string },
    date: string,
    measurements: NewDeviceSession['measurements'],
    documentId: string | null = null,
    deviceType: 'PM' | 'Other' = 'PM',
  ) =>
    inTransaction(portal.db, (tx) =>
      saveDeviceSession(tx, 'auth0|importer', {
        patient,
        deviceType,
        kind: 'remote',
        source: 'device-import',
        sessionDate: new Date(`${date}T09:00:00Z`),
        measurements,
        confirmedBy: null,
        documentId,
      }),
    );

  /** A pacemaker patient with three transmissions; the document reports on the last one. */
  const pacemakerReport = async (options: { type?: string; alertType?: string; pdfPages?: number } = {}) => {
    const patient = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      firstName: 'Łucja',
      lastName: 'Brzęczyszczykiewicz',
      deviceInfo: {
        deviceType: 'PM',
        manufacturer: 'MDT',
        model: 'Azure XT DR',
        serialNumber: 'RNB123456S',
      },
      oacStatus: 'not-on-oac',
      medicalInfo: { hasAfibHistory: true },
      oacHistory: [
        {
          id: 'oac-1',
          medicationName: 'Apixaban',
          startDate: '2024-02-01',
          endDate: '2025-03-01',
          updatedBy: null,
          updatedAt: '2025-03-01T00:00:00Z',
        },
      ],
    });
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      patientRef: patient.id,
      dos: new Date('2025-07-02T12:00:00Z'),
      ...(options.type ? { type: options.type } : {}),
      ...(options.alertType ? { alert: 'high', alertType: options.alertType } : {}),
    });
    if (options.pdfPages) {
      const stored = await portal.storage.put(await buildReport(options.pdfPages));
      await portal.db
        .updateTable('documents')
        .set({ originalSha256: stored.sha256 })
        .where('id', '=', document.id)
        .execute();
    }
    await saveSession(patient, '2025-01-01', [
      { key: RV_THRESHOLD, value: 0.75 },
      { key: RV_IMPEDANCE, value: 500 },
      { key: BATTERY, value: 3.05 },
      { key: AF_BURDEN, value: 0.4 },
    ]);
    await saveSession(patient, '2025-04-02', [
      { key: RV_THRESHOLD, value: 1 },
      { key: RV_IMPEDANCE, value: 520 },
      { key: BATTERY, value: 3.01 },
      { key: AF_BURDEN, value: 2.5 },
    ]);
    await saveSession(
      patient,
      '2025-07-02',
      [
        { key: RV_THRESHOLD, value: 2.25 },
        { key: RV_IMPEDANCE, value: 480 },
        { key: BATTERY, value: 2.98 },
        { key: AF_BURDEN, value: 7.5 },
      ],
      document.id,
    );
    return { patient, document };
  };

  it('by default the download starts with the longitudinal coversheet: patient, device, values, comparisons, flags', async () => {
    const { document } = await pacemakerReport();
    const stored = await storedBytes(document);
    const bytes = await download(document);
    expect(await pageCount(bytes)).toBe((await pageCount(stored)) + 1);
    const cover = await pageText(bytes, 1);
    for (const expected of [
      'COVERSHEET',
      'Device Summary',
      'Łucja Brzęczyszczykiewicz',
      'Medtronic',
      'Azure XT DR',
      'RNB123456S',
      'Session of 07/02/2025 (remote)',
      '3 sessions on record',
      'RV pacing threshold',
      '2.25 V',
      '1.00 V',
      '0.75 V',
      '+1.25',
      '+1.5',
      'RV pacing impedance',
      'Critical',
      'not part of the signed report',
    ])
      expect(cover, expected).toContain(expected);
    // The default template: no AF section.
    expect(cover).not.toContain('Atrial fibrillation and anticoagulation');
    expect(await pageText(bytes, 2)).toContain('Remote monitoring report (test)');
  });

  // Issue 28 §2: a session whose sender named no device type the portal knows is stored as Other.
  it('a report on a session of type Other gets its coversheet: device Other, its values compared', async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      patientRef: patient.id,
      dos: new Date('2025-07-02T12:00:00Z'),
    });
    await saveSession(
      patient,
      '2025-01-01',
      [
        { key: RV_IMPEDANCE, value: 500 },
        { key: AF_BURDEN, value: 0.4 },
      ],
      null,
      'Other',
    );
    await saveSession(
      patient,
      '2025-07-02',
      [
        { key: RV_IMPEDANCE, value: 480 },
        { key: AF_BURDEN, value: 7.5 },
      ],
      document.id,
      'Other',
    );
    const cover = await pageText(await download(document), 1);
    for (const expected of [
      'Other',
      'Session of 07/02/2025 (remote)',
      '2 sessions on record',
      'RV pacing impedance',
      '480',
      '500',
      'AT/AF burden',
      '7.5%',
      'Critical',
    ])
      expect(cover, expected).toContain(expected);
  });

  it('stripCoversheet=true returns exactly the stored PDF', async () => {
    const { document } = await pacemakerReport();
    const bytes = await download(document, '?stripCoversheet=true');
    expect(sha256(bytes)).toBe(sha256(await storedBytes(document)));
  });

  it("with the clinic's type none, the download is the stored PDF unchanged", async () => {
    await setSetting('encounterCoversheetType', 'none');
    const { document } = await pacemakerReport();
    expect(sha256(await download(document))).toBe(sha256(await storedBytes(document)));
  });

  it("an AF alert's coversheet uses the af-alert template: OAC status and history, the flag, the AF burden trend", async () => {
    const { document } = await pacemakerReport({ type: 'crm-alert', alertType: 'AF episode' });
    const cover = await pageText(await download(document), 1);
    for (const expected of [
      'Longitudinal · AF alert',
      'Atrial fibrillation and anticoagulation',
      'AF without OAC',
      'Not on OAC',
      'Apixaban',
      '02/01/2024 – 03/01/2025',
      'AT/AF burden (%)',
      'latest 7.5%',
      '01/01/2025',
    ])
      expect(cover, expected).toContain(expected);
  });

  it('daily AF burden values: the table shows a session without its own value as the mean of its days; the af-alert trend draws the days', async () => {
    const { patient } = await pacemakerReport();
    // A later AF alert about a transmission that reports its burden day by day only.
    const alert = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      patientRef: patient.id,
      dos: new Date('2025-07-06T12:00:00Z'),
      type: 'crm-alert',
      alert: 'high',
      alertType: 'AF episode',
    });
    const days = [2, 4, 9].map((value, index) => ({
      key: AF_BURDEN,
      value,
      measuredAt: new Date(Date.UTC(2025, 6, 3 + index)),
    }));
    await saveSession(patient, '2025-07-06', [{ key: RV_THRESHOLD, value: 2.5 }, ...days], alert.id);
    const cover = await pageText(await download(alert), 1);
    // AT/AF burden: this session the mean of 2, 4 and 9 (5.00 %), the previous session's own 7.5 %.
    expect(cover).toMatch(/AT\/AF burden\s+5(\.0+)?\s?%\s+7\.5\s?%/);
    expect(cover).toContain('4 sessions on record');
    // The trend is drawn through every value, days included: its maximum is the 9 % day.
    expect(cover).toContain('max 9.0%');
    expect(cover).toContain('latest 9.0%');
  });

  it('the billing coversheet: codes, date of service, monitoring period, physicians and the billing window', async () => {
    await setSetting('encounterCoversheetType', 'billing');
    await setSetting('referringAndInterpretingPhysician', null, true);
    const { patient, document } = await pacemakerReport();
    await portal.db
      .updateTable('documents')
      .set({
        cptCodes: ['93294', '93296'],
        icd10Codes: ['Z95.0', 'I48.91'],
        physicianName: 'Dr. Ada Referrer',
      })
      .where('id', '=', document.id)
      .execute();
    // The last billed period: the same patient's earlier signed report of the same type, 60 days before.
    const earlier = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      patientRef: patient.id,
      dos: new Date('2025-05-03T12:00:00Z'),
      status: 'signed',
    });
    await portal.db
      .updateTable('documents')
      .set({ signedAt: new Date('2025-05-04T12:00:00Z') })
      .where('id', '=', earlier.id)
      .execute();

    let cover = await pageText(await download(document), 1);
    for (const expected of [
      'Billing Summary',
      'Date of service',
      '07/02/2025',
      'Monitoring period',
      '04/03/2025 – 07/02/2025 (90 days)',
      '93294',
      '93296',
      'Z95.0',
      'I48.91',
      'Referring physician',
      'Dr. Ada Referrer',
      'Interpreting physician',
      '90-day window',
      'CPT 93294–93296',
      'Open: not yet billable',
      '60 days since the last billed period ended on 05/03/2025; it closes in 30 days.',
    ])
      expect(cover, expected).toContain(expected);

    // Once the earlier report is 90 days back, the window has closed.
    await portal.db
      .updateTable('documents')
      .set({ dos: new Date('2025-03-01T12:00:00Z') })
      .where('id', '=', earlier.id)
      .execute();
    cover = await pageText(await download(document), 1);
    expect(cover).toContain('Closed: billable');
    expect(cover).toContain('123 days since the last billed period');
  });

  it('get-reports puts each document behind its coversheet; forEmr=true cuts each to the EMR length with a note page', async () => {
    await setSetting('emrPdfMaxPageLength', '4');
    const long = await pacemakerReport({ pdfPages: 6 });
    const short = await pacemakerReport({ pdfPages: 2 });
    const ids = `${long.document.id},${short.document.id}`;

    const whole = await portal.as.provider.get(`/api/reports/get-reports/${ids}`);
    expect(whole.statusCode).toBe(200);
    expect(await pageCount(new Uint8Array(whole.rawPayload))).toBe(7 + 3);

    const response = await portal.as.provider.get(`/api/reports/get-reports/${ids}?forEmr=true`);
    expect(response.statusCode).toBe(200);
    const bytes = new Uint8Array(response.rawPayload);
    expect((await checkWithQpdf(bytes)).exitCode).toBe(0);
    // The long one: coversheet, report pages 1–2, the note (4 pages); the short one whole (3 pages).
    expect(await pageCount(bytes)).toBe(4 + 3);
    expect(await pageText(bytes, 1)).toContain('Device Summary');
    expect(await pageText(bytes, 3)).toContain('Report page 2 of 6');
    const note = await pageText(bytes, 4);
    expect(note).toContain('4 pages were left out of this copy.');
    expect(note).toContain('The report has 7 pages; the EMR copy is cut to 4.');
    expect(note).not.toContain('Report page');
    expect(await pageText(bytes, 5)).toContain('Device Summary');
    expect(await pageText(bytes, 7)).toContain('Report page 2 of 2');
  });

  it('a signed document keeps its stamp on its own pages, behind the coversheet', async () => {
    const { document } = await pacemakerReport();
    await portal.db
      .updateTable('documents')
      .set({ assignedTo: 'auth0|demo-provider' })
      .where('id', '=', document.id)
      .execute();
    const signed = await portal.as.provider.patch(`/api/reports/${document.id}/sign`, {
      note: 'Threshold rising.',
    });
    expect(signed.statusCode).toBe(200);
    const bytes = await download(document);
    const cover = await pageText(bytes, 1);
    expect(cover).toContain('Device Summary');
    expect(cover).not.toContain('Reviewed by:');
    const own = await extractText(bytes, { first: 2 });
    expect(own).toContain('Reviewed by:');
    expect(own).toContain('Threshold rising.');
    const stripped = await download(document, '?stripCoversheet=true');
    expect(sha256(stripped)).toBe(sha256(await storedBytes(document)));
  });

  it('unknown query values answer 400 naming the field; another clinic’s document 404', async () => {
    const { document } = await pacemakerReport();
    const strip = await portal.as.provider.get(
      `/api/reports/blob-storage/${document.id}?stripCoversheet=yes`,
    );
    expect(strip.statusCode).toBe(400);
    expect(JSON.stringify(strip.json().details)).toContain('stripCoversheet');
    const emr = await portal.as.provider.get(`/api/reports/get-reports/${document.id}?forEmr=1`);
    expect(emr.statusCode).toBe(400);
    expect(JSON.stringify(emr.json().details)).toContain('forEmr');
    const foreign = await insertDocument(portal.db, portal.storage, { clinicNpi: OTHER_CLINIC_NPI });
    expect(
      (await portal.as.provider.get(`/api/reports/get-reports/${foreign.id}?forEmr=true`)).statusCode,
    ).toBe(404);
  });
});
