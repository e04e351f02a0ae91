import { groupDeviceCheckFields } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  buildDeviceCheckBody,
  canUsePrintoutValues,
  type DeviceCheckFormValues,
  insertPrompt,
  isPrintoutSettled,
  PRINTOUT_CONFIRMATION_REQUIRED,
  parseMeasurement,
  statusLabel,
  suggestDeviceType,
} from './device-check-form';

const fields = groupDeviceCheckFields('singleLead', 'PM').flatMap((group) => group.fields);
const form = (
  values: Record<string, string>,
  extra: Partial<DeviceCheckFormValues> = {},
): DeviceCheckFormValues => ({
  deviceType: 'PM',
  leadConfiguration: 'singleLead',
  values,
  scraped: {},
  printout: null,
  observations: 'Appropriate Device Function',
  programmingChanges: '',
  nextFollowUp: '',
  ...extra,
});
const COMPLETE = {
  MDC_IDC_MSMT_BATTERY_STATUS: 'BOS',
  MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: '9,5',
  MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: '0.75',
  MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: '540',
  MDC_IDC_MSMT_BATTERY_VOLTAGE: '',
};

describe('the device check form', () => {
  it('builds the body: numbers parsed (a decimal comma too), empty values left out', () => {
    const { body, errors } = buildDeviceCheckBody(
      form(COMPLETE, { nextFollowUp: '2030-01-02' }),
      fields,
      '2026-01-01',
    );
    expect(errors).toEqual({});
    expect(body).toEqual({
      deviceType: 'PM',
      leadConfiguration: 'singleLead',
      measurements: {
        MDC_IDC_MSMT_BATTERY_STATUS: 'BOS',
        MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 9.5,
        MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: 0.75,
        MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 540,
      },
      observations: 'Appropriate Device Function',
      nextFollowUp: '2030-01-02',
    });
  });

  it('names what is wrong as the server would: not a number, out of range, missing, a past follow-up', () => {
    const { errors } = buildDeviceCheckBody(
      form(
        {
          ...COMPLETE,
          MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: '9.5mV',
          MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: '90',
        },
        { observations: ' ', nextFollowUp: '2025-12-31' },
      ),
      fields,
      '2026-01-01',
    );
    expect(errors).toEqual({
      'measurements.MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL': 'must be a number',
      'measurements.MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE': 'must be between 100 and 3000 Ω',
      observations: 'is required',
      nextFollowUp: 'must not be in the past',
    });
    const missing = buildDeviceCheckBody(form({}), fields, '2026-01-01').errors;
    expect(missing['measurements.MDC_IDC_MSMT_BATTERY_STATUS']).toBe('is required');
  });

  it('sends as confirmed from the PDF only the values still as the PDF put them', () => {
    const { body } = buildDeviceCheckBody(
      form(
        { ...COMPLETE, MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: '560' },
        {
          scraped: {
            MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: '0.75',
            // Changed by hand after the PDF put 540 there: the user's own value.
            MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: '540',
          },
        },
      ),
      fields,
      '2026-01-01',
    );
    expect(body.scrapedFromPdf).toEqual(['MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE']);
    expect(buildDeviceCheckBody(form(COMPLETE), fields, '2026-01-01').body).not.toHaveProperty(
      'scrapedFromPdf',
    );
  });

  it("sends the printout's identity check with PDF values, and holds the check until a differing printout is confirmed with a reason (issue 29 §1)", () => {
    const scraped = { scraped: { MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: '0.75' } };
    const checkId = '5f0c6a55-3bd3-4a5e-9a55-8d1d1c1f4f11';
    const matching = buildDeviceCheckBody(
      form(COMPLETE, {
        ...scraped,
        printout: { checkId, needsConfirmation: false, confirmed: false, reason: '' },
      }),
      fields,
      '2026-01-01',
    );
    expect(matching.errors).toEqual({});
    expect(matching.body).toMatchObject({ printoutCheckId: checkId });
    expect(matching.body).not.toHaveProperty('printoutConfirmation');

    const differing = { checkId, needsConfirmation: true, confirmed: true, reason: '  ' };
    const unconfirmed = buildDeviceCheckBody(
      form(COMPLETE, { ...scraped, printout: differing }),
      fields,
      '2026-01-01',
    );
    expect(unconfirmed.errors).toEqual({ printoutConfirmation: PRINTOUT_CONFIRMATION_REQUIRED });
    const confirmed = buildDeviceCheckBody(
      form(COMPLETE, { ...scraped, printout: { ...differing, reason: ' Same patient, renamed. ' } }),
      fields,
      '2026-01-01',
    );
    expect(confirmed.errors).toEqual({});
    expect(confirmed.body).toMatchObject({
      printoutCheckId: checkId,
      printoutConfirmation: 'Same patient, renamed.',
    });
    // No value from the printout kept: nothing about it is sent.
    expect(buildDeviceCheckBody(form(COMPLETE, { printout: differing }), fields, '2026-01-01')).toMatchObject(
      {
        errors: {},
        body: expect.not.objectContaining({ printoutCheckId: checkId }),
      },
    );
    expect(canUsePrintoutValues({ ...differing, confirmed: false })).toBe(false);
    expect(canUsePrintoutValues(differing)).toBe(true);
    expect(isPrintoutSettled(differing)).toBe(false);
  });

  it('parses numbers strictly', () => {
    expect(parseMeasurement(' ')).toBeUndefined();
    expect(parseMeasurement('.5')).toBe(0.5);
    expect(parseMeasurement('1e3')).toBeNaN();
  });

  it('inserts a prompt once, on its own line', () => {
    expect(insertPrompt('', 'Battery ERI')).toBe('Battery ERI');
    expect(insertPrompt('Seen.\n', 'Battery ERI')).toBe('Seen.\nBattery ERI');
    expect(insertPrompt('Battery ERI\nSeen.', 'Battery ERI')).toBe('Battery ERI\nSeen.');
  });

  it('suggests the device type from the recorded device', () => {
    expect(suggestDeviceType('CRT-D')).toBe('ICD');
    expect(suggestDeviceType('pm')).toBe('PM');
    expect(suggestDeviceType(null)).toBeUndefined();
  });
});

describe('the status choices of the form', () => {
  it('offers each status field its own values: a lead channel’s OK / Check lead, a battery’s by name', () => {
    const fields = groupDeviceCheckFields('dualLead', 'PM').flatMap((group) => group.fields);
    const lead = fields.find((field) => field.key === 'MDC_IDC_MSMT_LEADCHNL_RV_LEAD_CHANNEL_STATUS');
    const battery = fields.find((field) => field.key === 'MDC_IDC_MSMT_BATTERY_STATUS');
    expect(lead?.kind === 'status' && lead.values.map(statusLabel)).toEqual(['OK', 'Check lead']);
    expect(battery?.kind === 'status' && battery.values.map(statusLabel)).toContain(
      'ERI — elective replacement',
    );
  });
});
