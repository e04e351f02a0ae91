import { type DeviceCheckResponse, type PdfScrapeResponse, pdfScrapeResponseSchema } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { insertPatient, OWN_CLINIC_NPI, setClinicFeatureFlag } from '../../../test-support/fixtures';
import { signedInPortal } from '../../../test-support/signed-in-portal';
import { buildScrapeCorpus, type CorpusEntry } from '../pdf-scrape/test-corpus/scrape-corpus';

const corpus = await buildScrapeCorpus();
/** Its header: 'Patient: Doe, Jane  ID 00042  DOB 01/02/1948', 'Device: … W1DR01  Serial PJN123456S'. */
const janesPrintout = corpus.find((each) => each.name === 'medtronic-dual-pm-chamber-table') as CorpusEntry;

/** A dual-chamber pacemaker check's values (as in device-checks.int.test.ts). */
const DUAL_PM: Record<string, number | string> = {
  MDC_IDC_MSMT_BATTERY_STATUS: 'BOS',
  MDC_IDC_MSMT_BATTERY_VOLTAGE: 3.01,
  MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL: 2.8,
  MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_AMPLITUDE: 0.75,
  MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 475,
  MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 11.6,
  MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: 1.25,
  MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 620,
};

const CHECK = {
  deviceType: 'PM',
  leadConfiguration: 'dualLead',
  sessionDate: '2026-03-04T15:30:00Z',
  observations: 'Appropriate Device Function',
};

// Issue 29 §1: a printout read on the device check of a patient it does not name.
describe("the right patient: a printout's identity against the chosen patient's", () => {
  const portal = signedInPortal(['deviceTech']);
  const base = (patientId: string) =>
    `/api/reports/clinics/${OWN_CLINIC_NPI}/patients/${patientId}/device-checks`;
  const read = async (patientId: string) => {
    const response = await portal.as.deviceTech.inject({
      method: 'POST',
      url: `${base(patientId)}/pdf-scrape`,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from(janesPrintout.bytes),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (pdfScrapeResponseSchema.parse(response.json()) as PdfScrapeResponse).data;
  };
  /** The check's values, those the printout proposes taken from it (as the technician ticked them). */
  const submission = (data: PdfScrapeResponse['data']) => {
    const fromPrintout = data.proposals.filter((proposal) => proposal.key in DUAL_PM);
    const measurements = {
      ...DUAL_PM,
      ...Object.fromEntries(fromPrintout.map((proposal) => [proposal.key, proposal.value])),
    };
    return { ...CHECK, measurements, scrapedFromPdf: fromPrintout.map((proposal) => proposal.key) };
  };

  it("another patient's printout is shown as such, refused without the technician's reason, and the confirmation is audited with both identities", async () => {
    await setClinicFeatureFlag(portal.db, 'inPersonDeviceCheck', true);
    const ana = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      firstName: 'Ana',
      lastName: 'Lima',
      deviceInfo: { manufacturer: 'STJ', model: 'Assurity MRI', serialNumber: '7654321' },
    });
    const data = await read(ana.id);
    expect(data.identity.printout).toEqual({
      patientName: 'Doe, Jane',
      patientId: '00042',
      dob: '01/02/1948',
      deviceModel: 'Azure XT DR MRI SureScan W1DR01',
      serial: 'PJN123456S',
    });
    expect(data.identity.patient).toMatchObject({ patientName: 'Lima, Ana', serial: '7654321' });
    expect(data.identity.verdicts).toMatchObject({ patientName: 'mismatch', serial: 'mismatch' });
    expect(data.identity.needsConfirmation).toBe(true);

    const body = { ...submission(data), printoutCheckId: data.identity.checkId };
    expect(body.scrapedFromPdf.length).toBeGreaterThan(0);
    const refused = await portal.as.deviceTech.post(base(ana.id), body);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().details).toEqual([expect.objectContaining({ field: 'printoutConfirmation' })]);
    // Without the identity check at all: 400 naming it.
    const { printoutCheckId: _left, ...withoutCheck } = body;
    const missing = await portal.as.deviceTech.post(base(ana.id), withoutCheck);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([expect.objectContaining({ field: 'printoutCheckId' })]);

    const reason = 'Printed before the patient record was merged; serial confirmed on the device.';
    const confirmed = await portal.as.deviceTech.post(base(ana.id), {
      ...body,
      printoutConfirmation: reason,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const { documentId } = (confirmed.json() as DeviceCheckResponse).data;
    const event = await portal.db
      .selectFrom('auditEvents')
      .select(['note', 'before', 'after', 'actorId'])
      .where('entityId', '=', documentId)
      .where('eventType', '=', 'printout_identity_confirmed')
      .executeTakeFirstOrThrow();
    expect(event.note).toBe(reason);
    expect(event.before).toMatchObject({ printout: { patientName: 'Doe, Jane', serial: 'PJN123456S' } });
    expect(event.after).toMatchObject({
      patient: { patientName: 'Lima, Ana', serial: '7654321' },
      verdicts: { patientName: 'mismatch', serial: 'mismatch' },
    });
  });

  it("Jane's own printout goes through without a confirmation; a check made for another patient is refused", async () => {
    await setClinicFeatureFlag(portal.db, 'inPersonDeviceCheck', true);
    const jane = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: '00042',
      firstName: 'Jane',
      lastName: 'Doe',
      dob: '1948-01-02',
      deviceInfo: { manufacturer: 'MDT', model: 'Azure XT DR MRI', serialNumber: 'PJN123456S' },
    });
    const other = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      firstName: 'Bo',
      lastName: 'Li',
    });
    const data = await read(jane.id);
    expect(data.identity.verdicts).toMatchObject({
      patientName: 'match',
      serial: 'match',
      deviceModel: 'match',
    });
    expect(data.identity.needsConfirmation, JSON.stringify(data.identity)).toBe(false);

    const elsewhere = await portal.as.deviceTech.post(base(other.id), {
      ...submission(data),
      printoutCheckId: data.identity.checkId,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().details).toEqual([expect.objectContaining({ field: 'printoutCheckId' })]);

    const accepted = await portal.as.deviceTech.post(base(jane.id), {
      ...submission(data),
      printoutCheckId: data.identity.checkId,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});
