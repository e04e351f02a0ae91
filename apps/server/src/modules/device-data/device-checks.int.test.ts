import type { DeviceCheckResponse, FeatureFlagName } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  insertPatient,
  OTHER_CLINIC_NPI,
  OWN_CLINIC_NPI,
  setClinicFeatureFlag,
} from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { checkWithQpdf, extractText, withoutWhitespace } from '../documents/pdf/test-support/pdf-tools';
import { insertPrintoutIdentityCheck } from './printout-identity/printout-identity-checks.repository';

const DUAL_PM = {
  MDC_IDC_MSMT_BATTERY_STATUS: 'BOS',
  MDC_IDC_MSMT_BATTERY_VOLTAGE: 3.01,
  MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY: 118,
  MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL: 2.8,
  MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_AMPLITUDE: 0.75,
  MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_PULSEWIDTH: 0.4,
  MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 475,
  MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 11.6,
  MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: 1.25,
  MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 620,
  MDC_IDC_STAT_BRADY_RA_PERCENT_PACED: 34,
  MDC_IDC_STAT_BRADY_RV_PERCENT_PACED: 2.5,
  'MDC_IDC_STAT_EPISODE_RECENT_COUNT.ATAF': 3,
  MDC_IDC_STAT_AT_BURDEN_PERCENT: 0.4,
};

const CHECK = {
  deviceType: 'PM',
  leadConfiguration: 'dualLead',
  sessionDate: '2026-03-04T15:30:00Z',
  measurements: DUAL_PM,
  observations: 'Appropriate Device Function\nUnderlying sinus rhythm, no symptoms.',
  programmingChanges: 'Lower rate 60 → 55 bpm',
  nextFollowUp: '2026-09-04',
};

// Issue 14 §4: the in-person device check and editing its technician review.
describe('the in-person device check', () => {
  const portal = signedInPortal(['deviceTech', 'irhTech', 'provider', 'nurse', 'readOnly', 'clinicAdmin']);

  const setFlag = (name: FeatureFlagName, enabled: boolean) => setClinicFeatureFlag(portal.db, name, enabled);
  const newPatient = (clinicNpi = OWN_CLINIC_NPI) =>
    insertPatient(portal.db, {
      clinicNpi,
      firstName: 'Zoë',
      lastName: 'Łukasiewicz',
      deviceInfo: { manufacturer: 'MDT', model: 'Azure XT DR MRI', serialNumber: 'RNB123456S' },
    });
  const urlFor = (patientId: string, npi = OWN_CLINIC_NPI) =>
    `/api/reports/clinics/${npi}/patients/${patientId}/device-checks`;
  const editUrl = (sessionId: string) => `/api/reports/clinics/${OWN_CLINIC_NPI}/device-checks/${sessionId}`;
  const counts = async () => {
    const count = async (table: 'deviceSessions' | 'documents' | 'auditEvents' | 'deviceMeasurements') =>
      Number(
        (
          await portal.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      sessions: await count('deviceSessions'),
      documents: await count('documents'),
      auditEvents: await count('auditEvents'),
      measurements: await count('deviceMeasurements'),
    };
  };
  const pdfOf = async (documentId: string) => {
    const row = await portal.db
      .selectFrom('documents')
      .select('originalSha256')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    return portal.storage.get(row.originalSha256);
  };
  const submit = async (patientId: string) => {
    const response = await portal.as.deviceTech.post(urlFor(patientId), CHECK);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as DeviceCheckResponse).data;
  };

  it('a device technician records a check: the session, its values and an unsigned report in the inbox', async () => {
    await setFlag('inPersonDeviceCheck', true);
    const patient = await newPatient();
    const before = await counts();
    const response = await portal.as.deviceTech.post(urlFor(patient.id), CHECK);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { session, documentId } = (response.json() as DeviceCheckResponse).data;
    expect(session).toMatchObject({
      clinicNpi: OWN_CLINIC_NPI,
      patientRef: patient.id,
      deviceType: 'PM',
      kind: 'in-person',
      source: 'in-person-form',
      sessionDate: '2026-03-04T15:30:00.000Z',
      manufacturer: 'Medtronic',
      model: 'Azure XT DR MRI',
      serialNumber: 'RNB123456S',
      leadConfiguration: 'dualLead',
      documentId,
    });
    expect(await counts()).toEqual({
      sessions: before.sessions + 1,
      documents: before.documents + 1,
      // The patient's device_session event and the document's created event.
      auditEvents: before.auditEvents + 2,
      measurements: before.measurements + Object.keys(DUAL_PM).length,
    });

    const stored = await portal.db
      .selectFrom('deviceSessions')
      .select(['observations', 'programmingChanges', 'createdBy'])
      .select((eb) => eb.cast<string>('nextFollowUp', 'text').as('nextFollowUp'))
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      observations: CHECK.observations,
      programmingChanges: CHECK.programmingChanges,
      nextFollowUp: '2026-09-04',
    });
    const values = await portal.db
      .selectFrom('deviceMeasurements')
      .select(['key', 'source', 'confirmedBy'])
      .where('sessionId', '=', session.id)
      .execute();
    expect(
      values.every((value) => value.source === 'in-person-form' && value.confirmedBy === stored.createdBy),
    ).toBe(true);

    // The provider finds it in the inbox, unsigned and linked to the patient.
    const document = await portal.as.provider.get(`/api/reports/${documentId}`);
    expect(document.statusCode, document.body).toBe(200);
    expect(JSON.stringify(document.json())).toContain('in-person-device-check');
    const row = await portal.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'in-person-device-check',
      status: 'unsigned',
      patientRef: patient.id,
      longitudinal: true,
      patientFirstName: 'Zoë',
      patientLastName: 'Łukasiewicz',
    });
    const events = await portal.db
      .selectFrom('auditEvents')
      .select(['entityType', 'entityId', 'eventType', 'after'])
      .where('entityId', 'in', [documentId, patient.id])
      .orderBy('createdAt')
      .execute();
    // One transaction: both events carry its time.
    expect(events.map((event) => `${event.entityType} ${event.eventType}`).toSorted()).toEqual([
      'document created',
      'patient device_session',
    ]);
    expect(events.find((event) => event.entityType === 'document')?.after).toMatchObject({
      type: 'in-person-device-check',
      sessionId: session.id,
    });
  });

  it("values confirmed from an uploaded PDF keep provenance 'pdf-scrape'; a key outside the measurements is refused", async () => {
    await setFlag('inPersonDeviceCheck', true);
    const patient = await newPatient();
    const [scrapedKey, otherKey] = Object.keys(DUAL_PM) as [string, string];
    const before = await counts();
    const wrong = await portal.as.deviceTech.post(urlFor(patient.id), {
      ...CHECK,
      scrapedFromPdf: ['MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE'],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      expect.objectContaining({ field: 'scrapedFromPdf', message: expect.stringContaining('LEADHVCHNL') }),
    ]);
    expect(await counts()).toEqual(before);

    // The printout's identity was checked against this patient when it was read (issue 29 §1).
    const printoutCheckId = await insertPrintoutIdentityCheck(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      patientRef: patient.id,
      printoutSha256: '0'.repeat(64),
      comparison: {},
      needsConfirmation: false,
      createdBy: 'test',
    } as unknown as Parameters<typeof insertPrintoutIdentityCheck>[1]);
    const response = await portal.as.deviceTech.post(urlFor(patient.id), {
      ...CHECK,
      scrapedFromPdf: [scrapedKey],
      printoutCheckId,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { session } = (response.json() as DeviceCheckResponse).data;
    const values = await portal.db
      .selectFrom('deviceMeasurements')
      .select(['key', 'source', 'confirmedBy'])
      .where('sessionId', '=', session.id)
      .execute();
    const sourceOf = (key: string) => values.find((value) => value.key === key)?.source;
    expect(sourceOf(scrapedKey)).toBe('pdf-scrape');
    expect(sourceOf(otherKey)).toBe('in-person-form');
    expect(values.every((value) => value.confirmedBy !== null)).toBe(true);
  });

  it('the report carries the patient, the device, every value with its unit, the review and the technician', async () => {
    const patient = await newPatient();
    const { documentId } = await submit(patient.id);
    const pdf = await pdfOf(documentId);
    const qpdf = await checkWithQpdf(pdf);
    expect(qpdf.exitCode, qpdf.output).toBe(0);
    const text = withoutWhitespace(await extractText(pdf));
    for (const expected of [
      'In-PersonDeviceCheck',
      'Zoë Łukasiewicz',
      'Medtronic',
      'AzureXTDRMRI',
      'RNB123456S',
      'Dual',
      'Battery',
      'BOS',
      '3.01V',
      'RAlead',
      '2.8mV',
      '0.75V',
      '475Ω',
      'RVlead',
      '620Ω',
      'Pacing',
      '34.0%',
      'AT/AFepisodes',
      'Observations',
      'AppropriateDeviceFunction',
      'Lowerrate60→55bpm',
      '09/04/2026',
      'Devicecheckperformedby',
    ]) {
      expect(text).toContain(withoutWhitespace(expected));
    }
  });

  // Issue 28: a device of unknown type (Other) is checked as a pacemaker would be; the new terms are
  // fields of the check, stored with the session and printed on its report.
  it('records a check of a device of type Other with sensing mean/min/max and the lead channel status', async () => {
    await setFlag('inPersonDeviceCheck', true);
    const patient = await newPatient();
    const response = await portal.as.deviceTech.post(urlFor(patient.id), {
      ...CHECK,
      deviceType: 'Other',
      measurements: {
        ...DUAL_PM,
        MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL_MEAN: 10.9,
        MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL_MIN: 8.2,
        MDC_IDC_MSMT_LEADCHNL_RV_LEAD_CHANNEL_STATUS: 'CheckLead',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { session, documentId } = (response.json() as DeviceCheckResponse).data;
    expect(session.deviceType).toBe('Other');
    const rows = await portal.db
      .selectFrom('deviceMeasurements')
      .select(['key', 'valueNumber', 'valueText'])
      .where('sessionId', '=', session.id)
      .execute();
    const values = Object.fromEntries(rows.map((row) => [row.key, row.valueNumber ?? row.valueText]));
    expect(values).toMatchObject({
      MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL_MEAN: 10.9,
      MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL_MIN: 8.2,
      MDC_IDC_MSMT_LEADCHNL_RV_LEAD_CHANNEL_STATUS: 'CheckLead',
      MDC_IDC_STAT_AT_BURDEN_PERCENT: 0.4,
    });
    const text = withoutWhitespace(await extractText(await pdfOf(documentId)));
    for (const expected of ['RV sensing (mean)', '10.9 mV', 'RV lead status', 'CheckLead', 'AT/AF burden'])
      expect(text).toContain(withoutWhitespace(expected));

    // An ICD-only field is not one of an Other device's.
    const refused = await portal.as.deviceTech.post(urlFor(patient.id), {
      ...CHECK,
      deviceType: 'Other',
      measurements: { ...DUAL_PM, MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE: 60 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('measurements.MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE');
  });

  it('a retry with the same Idempotency-Key returns the first check and writes nothing', async () => {
    const patient = await newPatient();
    const send = () =>
      portal.as.deviceTech.inject({
        method: 'POST',
        url: urlFor(patient.id),
        payload: CHECK,
        headers: { 'idempotency-key': `check-${patient.id}` },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const before = await counts();
    const again = await send();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);

    // The same key for another patient is a conflict, not that patient's check.
    const other = await newPatient();
    const reused = await portal.as.deviceTech.inject({
      method: 'POST',
      url: urlFor(other.id),
      payload: CHECK,
      headers: { 'idempotency-key': `check-${patient.id}` },
    });
    expect(reused.statusCode, reused.body).toBe(409);
  });

  it('refuses, naming the field, a measurement the configuration lacks, one out of range and a missing one', async () => {
    const patient = await newPatient();
    const before = await counts();
    const unknown = await portal.as.deviceTech.post(urlFor(patient.id), {
      ...CHECK,
      measurements: { ...DUAL_PM, MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE: 500 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      {
        field: 'measurements.MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE',
        message: 'is not a field of this lead configuration (dualLead, PM)',
      },
    ]);

    for (const [key, value, message] of [
      ['MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', 3500, 'must be between 100 and 3000 Ω'],
      ['MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_AMPLITUDE', 11, 'must be between 0 and 10 V'],
      ['MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL', 31, 'must be between 0 and 30 mV'],
      ['MDC_IDC_MSMT_BATTERY_VOLTAGE', 1.2, 'must be between 1.5 and 3.5 V'],
      ['MDC_IDC_STAT_BRADY_RV_PERCENT_PACED', 101, 'must be between 0 and 100 %'],
      ['MDC_IDC_MSMT_BATTERY_STATUS', 'FULL', 'must be one of BOS, MOS, RRT, ERI, EOS'],
    ] as const) {
      const response = await portal.as.deviceTech.post(urlFor(patient.id), {
        ...CHECK,
        measurements: { ...DUAL_PM, [key]: value },
      });
      expect(response.statusCode, key).toBe(422);
      expect(response.json().details).toEqual([{ field: `measurements.${key}`, message }]);
    }

    const { MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: _left, ...missing } = DUAL_PM;
    const incomplete = await portal.as.deviceTech.post(urlFor(patient.id), {
      ...CHECK,
      measurements: missing,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().details).toEqual([
      { field: 'measurements.MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', message: 'is required' },
    ]);

    const noObservations = await portal.as.deviceTech.post(urlFor(patient.id), {
      ...CHECK,
      observations: ' ',
    });
    expect(noObservations.statusCode).toBe(400);
    expect(JSON.stringify(noObservations.json().details)).toContain('observations');
    expect(await counts()).toEqual(before);
  });

  it('answers 403 to a read-only user and while the flag is off, 404 for another clinic', async () => {
    const patient = await newPatient();
    expect((await portal.as.readOnly.post(urlFor(patient.id), CHECK)).statusCode).toBe(403);

    const elsewhere = await newPatient(OTHER_CLINIC_NPI);
    expect((await portal.as.deviceTech.post(urlFor(elsewhere.id, OTHER_CLINIC_NPI), CHECK)).statusCode).toBe(
      404,
    );
    // Another clinic's patient under this clinic's NPI is not found either.
    expect((await portal.as.deviceTech.post(urlFor(elsewhere.id), CHECK)).statusCode).toBe(404);

    await setFlag('inPersonDeviceCheck', false);
    try {
      const response = await portal.as.deviceTech.post(urlFor(patient.id), CHECK);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(`Cannot execute "device-check:create" on "${OWN_CLINIC_NPI}"`);
    } finally {
      await setFlag('inPersonDeviceCheck', true);
    }
  });

  describe('editing the technician review', () => {
    it('a technician edits it while the report is unsigned: the session and the PDF change, audited', async () => {
      await setFlag('editTechnicianReview', true);
      const patient = await newPatient();
      const { session, documentId } = await submit(patient.id);
      const before = await pdfOf(documentId);
      const response = await portal.as.irhTech.patch(editUrl(session.id), {
        observations: 'Battery ERI\nReplacement to be scheduled.',
        programmingChanges: null,
        nextFollowUp: '2026-04-01',
        measurements: { MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 710, MDC_IDC_MSMT_BATTERY_STATUS: 'ERI' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as DeviceCheckResponse).data).toMatchObject({
        documentId,
        session: { id: session.id },
      });

      const after = await pdfOf(documentId);
      expect(after).not.toEqual(before);
      expect((await checkWithQpdf(after)).exitCode).toBe(0);
      const text = withoutWhitespace(await extractText(after));
      expect(text).toContain('Replacementtobescheduled.');
      expect(text).toContain('710Ω');
      expect(text).toContain('ERI');
      expect(text).toContain('04/01/2026');
      expect(text).not.toContain('620Ω');
      const values = await portal.db
        .selectFrom('deviceMeasurements')
        .select(['key', 'valueNumber', 'valueText'])
        .where('sessionId', '=', session.id)
        .execute();
      expect(values).toHaveLength(Object.keys(DUAL_PM).length);
      expect(
        values.find((value) => value.key === 'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE')?.valueNumber,
      ).toBe(710);

      const event = await portal.db
        .selectFrom('auditEvents')
        .select(['eventType', 'before', 'after'])
        .where('entityId', '=', documentId)
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow();
      expect(event.eventType).toBe('workflow_modification');
      expect(event.after).toMatchObject({
        sessionId: session.id,
        changedMeasurements: ['MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', 'MDC_IDC_MSMT_BATTERY_STATUS'],
      });
    });

    it('refuses a nurse or a provider (403), a value out of range (422) and another clinic (404)', async () => {
      const patient = await newPatient();
      const { session } = await submit(patient.id);
      expect((await portal.as.nurse.patch(editUrl(session.id), { observations: 'x' })).statusCode).toBe(403);
      expect((await portal.as.provider.patch(editUrl(session.id), { observations: 'x' })).statusCode).toBe(
        403,
      );
      const outOfRange = await portal.as.deviceTech.patch(editUrl(session.id), {
        measurements: { MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 50 },
      });
      expect(outOfRange.statusCode).toBe(422);
      expect(outOfRange.json().details[0].field).toBe(
        'measurements.MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE',
      );
      const otherNpi = `/api/reports/clinics/${OTHER_CLINIC_NPI}/device-checks/${session.id}`;
      expect((await portal.as.deviceTech.patch(otherNpi, { observations: 'x' })).statusCode).toBe(404);
    });

    it('answers 403 while editTechnicianReview is off', async () => {
      const patient = await newPatient();
      const { session } = await submit(patient.id);
      await setFlag('editTechnicianReview', false);
      try {
        const response = await portal.as.deviceTech.patch(editUrl(session.id), { observations: 'Changed.' });
        expect(response.statusCode).toBe(403);
      } finally {
        await setFlag('editTechnicianReview', true);
      }
    });

    it('answers 409 once the provider has signed the report, and changes nothing', async () => {
      const patient = await newPatient();
      const { session, documentId } = await submit(patient.id);
      const signed = await portal.as.provider.patch(`/api/reports/${documentId}/sign`, { note: 'Reviewed.' });
      expect(signed.statusCode, signed.body).toBe(200);
      const before = await counts();
      const response = await portal.as.deviceTech.patch(editUrl(session.id), { observations: 'Too late.' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        "The device check's report is signed; its technician review can no longer be edited",
      );
      expect(await counts()).toEqual(before);
    });
  });
});
