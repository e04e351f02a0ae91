import { describe, expect, it } from 'vitest';
import { loadHl7Fixture } from '../../modules/device-data/test-fixtures/hl7-fixtures';
import { parseHl7Message } from './hl7-message';
import { IdcoMessageError, parseHl7DateTime, readIdcoOru } from './read-idco-oru';

const NPI = '1234567893';
const read = (text: string) => readIdcoOru(parseHl7Message(text));
const problemOf = (text: string) => {
  try {
    read(text);
  } catch (error) {
    if (error instanceof IdcoMessageError) return error.problem;
    throw error;
  }
  throw new Error('the message was read');
};
const pacemaker = () => loadHl7Fixture('pacemaker-dual-chamber', { clinicNpi: NPI, controlId: 'PM1' }).text;

describe('readIdcoOru', () => {
  it('reads a dual-chamber pacemaker: device, session, per-chamber values and episodes by kind', () => {
    const { text, patientId, serial } = loadHl7Fixture('pacemaker-dual-chamber', {
      clinicNpi: NPI,
      controlId: 'PM1',
    });
    const transmission = read(text);
    expect(transmission).toMatchObject({
      controlId: 'PM1',
      sendingFacility: 'MDT-CARELINK',
      receivingFacility: NPI,
      patient: {
        identifiers: [patientId],
        firstName: 'Jane',
        lastName: 'Doe',
        dob: '1948-03-12',
        gender: 'female',
      },
      device: {
        type: 'PM',
        manufacturer: 'Medtronic',
        model: 'Azure XT DR MRI SureScan',
        serialNumber: serial,
      },
      session: { kind: 'remote', leadConfiguration: 'dualLead' },
      report: null,
      // The brady mode and lower rate are settings the portal does not record.
      ignoredCount: 2,
    });
    expect(transmission.session.date.toISOString()).toBe('2026-11-01T09:15:00.000Z');
    expect(Object.fromEntries(transmission.measurements.map(({ key, value }) => [key, value]))).toEqual({
      MDC_IDC_MSMT_BATTERY_VOLTAGE: 3.01,
      MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY: 132,
      MDC_IDC_MSMT_BATTERY_STATUS: 'MOS',
      MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL: 2.8,
      MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_AMPLITUDE: 0.75,
      MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_PULSEWIDTH: 0.4,
      MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 456,
      MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 11.2,
      MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: 0.875,
      MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_PULSEWIDTH: 0.4,
      MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 532,
      MDC_IDC_STAT_BRADY_RA_PERCENT_PACED: 45,
      MDC_IDC_STAT_BRADY_RV_PERCENT_PACED: 3,
      MDC_IDC_STAT_ATAF_BURDEN_PERCENT: 0.8,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.ATAF': 4,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.SVT': 1,
    });
  });

  it('reads a single-chamber ICD checked in clinic, with its HV channel, VT/VF and therapies', () => {
    const transmission = read(loadHl7Fixture('icd-single-chamber', { clinicNpi: NPI }).text);
    expect(transmission.device).toMatchObject({ type: 'ICD', manufacturer: 'STJ', model: 'CD1357-40C' });
    expect(transmission.session).toMatchObject({ kind: 'in-person', leadConfiguration: 'singleLead' });
    expect(transmission.patient.gender).toBe('male');
    const values = Object.fromEntries(transmission.measurements.map(({ key, value }) => [key, value]));
    expect(values).toMatchObject({
      MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 610,
      MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE: 68,
      MDC_IDC_MSMT_CAP_CHARGE_TIME: 8.9,
      MDC_IDC_MSMT_BATTERY_STATUS: 'BOS',
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.VT': 2,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.VF': 1,
      MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT: 3,
      MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT: 1,
    });
    expect(transmission.ignoredCount).toBe(1);
  });

  it('reads a CRT-D in IDCO 1.0 terms (MDC_IDC_PG_*), with an escaped name and three chambers', () => {
    const { text, serial } = loadHl7Fixture('crt-d', { clinicNpi: NPI });
    const transmission = read(text);
    expect(transmission.device).toMatchObject({
      type: 'ICD',
      manufacturer: 'Biotronik',
      serialNumber: serial,
    });
    expect(transmission.patient).toMatchObject({ lastName: 'Müller', firstName: 'Jürgen' });
    expect(transmission.patient.identifiers).toHaveLength(2);
    expect(transmission.session.leadConfiguration).toBe('biValve');
    expect(transmission.session.date.toISOString()).toBe('2026-11-03T06:30:00.000Z');
    const values = Object.fromEntries(transmission.measurements.map(({ key, value }) => [key, value]));
    expect(values).toMatchObject({
      MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 520,
      MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE: 740,
      MDC_IDC_STAT_CRT_LV_PERCENT_PACED: 97.5,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.ATAF': 12,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.VT': 0,
    });
    // NSVT is an episode kind the portal does not count: ignored, not refused.
    expect(transmission.ignoredCount).toBe(1);
  });

  it('reads an ILR: R-wave, AF burden and patient-activated episodes', () => {
    const transmission = read(loadHl7Fixture('ilr', { clinicNpi: NPI }).text);
    expect(transmission.device.type).toBe('ILR');
    expect(transmission.session).toMatchObject({ kind: 'remote', leadConfiguration: 'ilr' });
    const values = Object.fromEntries(transmission.measurements.map(({ key, value }) => [key, value]));
    expect(values).toEqual({
      MDC_IDC_MSMT_BATTERY_STATUS: 'BOS',
      MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY: 31,
      MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 0.45,
      MDC_IDC_STAT_ATAF_BURDEN_PERCENT: 2.4,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.ATAF': 3,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.Pause': 1,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.Brady': 0,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.PatientActivated': 2,
    });
  });

  it('reads the embedded report: OBX type ED, application/pdf in Base64', () => {
    const bytes = Buffer.from('%PDF-1.4 test');
    const { text } = loadHl7Fixture('pacemaker-dual-chamber', {
      clinicNpi: NPI,
      pdfBase64: bytes.toString('base64'),
    });
    const report = read(text).report;
    expect(Buffer.from(report?.bytes ?? []).toString()).toBe('%PDF-1.4 test');
    expect(report).toMatchObject({
      documentType: 'implicity-crm-report',
      location: { segment: 'OBX', sequence: 27, field: 5 },
    });
  });

  it.each([
    [
      'an NM value that is not a number',
      (text: string) => text.replace('|3.01|V', '|abc|V'),
      {
        ack: 'AE',
        condition: 'dataTypeError',
        location: { segment: 'OBX', sequence: 7, field: 5 },
        message: 'OBX 7: OBX-5 (MDC_IDC_MSMT_BATTERY_VOLTAGE) must be a number',
      },
    ],
    [
      'a value outside the physical range',
      (text: string) => text.replace('|532|Ohm', '|40|Ohm'),
      {
        ack: 'AE',
        condition: 'dataTypeError',
        location: { segment: 'OBX', sequence: 17, field: 5 },
        message: 'OBX 17: OBX-5 (MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE) must be between 100 and 3000 Ω',
      },
    ],
    [
      'a unit that is not the measurement’s',
      (text: string) => text.replace('|532|Ohm^Ohm^UCUM', '|532|kOhm'),
      {
        ack: 'AE',
        condition: 'tableValueNotFound',
        location: { segment: 'OBX', sequence: 17, field: 6 },
      },
    ],
    [
      'a battery status IDCO does not have',
      (text: string) => text.replace('BATTERY_STATUS_MOS', 'BATTERY_STATUS_LOW'),
      {
        ack: 'AE',
        condition: 'tableValueNotFound',
        location: { segment: 'OBX', sequence: 9, field: 5 },
      },
    ],
    [
      'a code that is another term',
      (text: string) =>
        text.replace('721344^MDC_IDC_MSMT_BATTERY_VOLTAGE', '722433^MDC_IDC_MSMT_BATTERY_VOLTAGE'),
      {
        ack: 'AE',
        condition: 'tableValueNotFound',
        location: { segment: 'OBX', sequence: 7, field: 3 },
      },
    ],
    [
      'an episode count without its type',
      (text: string) => text.replace('|1.2|Epis_SVT', '|9.9|Epis_SVT'),
      {
        ack: 'AE',
        condition: 'requiredFieldMissing',
        location: { segment: 'OBX', sequence: 24, field: 4 },
      },
    ],
    [
      'no device type',
      (text: string) => text.replace(/OBX\|1\|CWE\|720897[^\r]*\r/, ''),
      {
        ack: 'AE',
        condition: 'requiredFieldMissing',
      },
    ],
    [
      'a device type IDCO does not have',
      (text: string) => text.replace('DEVICE_TYPE_IPG', 'DEVICE_TYPE_TOASTER'),
      {
        ack: 'AE',
        condition: 'tableValueNotFound',
        location: { segment: 'OBX', sequence: 1, field: 5 },
      },
    ],
    [
      'a session date that is not a date',
      (text: string) => text.replace('|20261101091500+0000||||||F', '|yesterday||||||F'),
      {
        ack: 'AE',
        condition: 'dataTypeError',
        location: { segment: 'OBX', sequence: 5, field: 5 },
      },
    ],
    [
      'an ADT^A01',
      (text: string) => text.replace('ORU^R01^ORU_R01', 'ADT^A01^ADT_A01'),
      {
        ack: 'AR',
        condition: 'unsupportedMessageType',
        location: { segment: 'MSH', sequence: 1, field: 9 },
      },
    ],
    [
      'no control id',
      (text: string) => text.replace('|PM1|P|2.6', '||P|2.6'),
      {
        ack: 'AR',
        condition: 'requiredFieldMissing',
        location: { segment: 'MSH', sequence: 1, field: 10 },
      },
    ],
    [
      'no PID',
      (text: string) => text.replace(/PID\|[^\r]*\r/, ''),
      {
        ack: 'AE',
        condition: 'segmentSequenceError',
        location: { segment: 'PID', sequence: 1 },
      },
    ],
    [
      'a bad ED payload',
      (text: string) => `${text}OBX|28|ED|^PDF^L|1|^application^pdf^Base64^@@not base64@@||||||F\r`,
      {
        ack: 'AE',
        condition: 'dataTypeError',
        location: { segment: 'OBX', sequence: 27, field: 5 },
      },
    ],
    [
      'an ED that is not a PDF',
      (text: string) => `${text}OBX|28|ED|^PDF^L|1|^image^png^Base64^AAAA||||||F\r`,
      {
        ack: 'AE',
        condition: 'dataTypeError',
        location: { segment: 'OBX', sequence: 27, field: 5 },
      },
    ],
  ])('refuses %s, naming where', (_label, edit, expected) => {
    expect(problemOf(edit(pacemaker()))).toMatchObject(expected);
  });

  it('reads HL7 date-times with and without a zone, and refuses days that do not exist', () => {
    expect(parseHl7DateTime('20261101091500+0100')?.toISOString()).toBe('2026-11-01T08:15:00.000Z');
    expect(parseHl7DateTime('202611010915')?.toISOString()).toBe('2026-11-01T09:15:00.000Z');
    expect(parseHl7DateTime('20260230')).toBeNull();
    expect(parseHl7DateTime('soon')).toBeNull();
  });
});
