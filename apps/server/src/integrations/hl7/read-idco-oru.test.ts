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
      MDC_IDC_STAT_AT_BURDEN_PERCENT: 0.8,
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
      MDC_IDC_STAT_AT_BURDEN_PERCENT: 2.4,
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

  const valuesOf = (text: string) =>
    Object.fromEntries(read(text).measurements.map(({ key, value }) => [key, value]));
  const warningsOf = (text: string) => read(text).warnings;

  // Issue 28 §1: what cannot be read is a warning naming its OBX; the rest of the transmission is kept.
  it.each([
    [
      'an NM value that is not a number',
      (text: string) => text.replace('|3.01|V', '|abc|V'),
      { condition: 'dataTypeError', location: { segment: 'OBX', sequence: 7, field: 5 } },
      'MDC_IDC_MSMT_BATTERY_VOLTAGE',
    ],
    [
      'a physically impossible value (a negative impedance)',
      (text: string) => text.replace('|532|Ohm', '|-40|Ohm'),
      { condition: 'dataTypeError', location: { segment: 'OBX', sequence: 17, field: 5 } },
      'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE',
    ],
    [
      'a percentage over 100',
      (text: string) => text.replace('|45|%', '|145|%'),
      { condition: 'dataTypeError', location: { segment: 'OBX', sequence: 18, field: 5 } },
      'MDC_IDC_STAT_BRADY_RA_PERCENT_PACED',
    ],
    [
      'a unit that is not the measurement’s',
      (text: string) => text.replace('|532|Ohm^Ohm^UCUM', '|532|kOhm'),
      { condition: 'tableValueNotFound', location: { segment: 'OBX', sequence: 17, field: 6 } },
      'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE',
    ],
    [
      'a battery status IDCO does not have',
      (text: string) => text.replace('BATTERY_STATUS_MOS', 'BATTERY_STATUS_LOW'),
      { condition: 'tableValueNotFound', location: { segment: 'OBX', sequence: 9, field: 5 } },
      'MDC_IDC_MSMT_BATTERY_STATUS',
    ],
    [
      'a code that is another term',
      (text: string) =>
        text.replace('721344^MDC_IDC_MSMT_BATTERY_VOLTAGE', '722433^MDC_IDC_MSMT_BATTERY_VOLTAGE'),
      { condition: 'tableValueNotFound', location: { segment: 'OBX', sequence: 7, field: 3 } },
      'MDC_IDC_MSMT_BATTERY_VOLTAGE',
    ],
    [
      'an episode count without its type',
      (text: string) => text.replace('|1.2|Epis_SVT', '|9.9|Epis_SVT'),
      { condition: 'requiredFieldMissing', location: { segment: 'OBX', sequence: 24, field: 4 } },
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.SVT',
    ],
    [
      'a bad value after a good one of the same term',
      (text: string) =>
        text.replace('OBX|8|', 'OBX|7a|NM|721344^MDC_IDC_MSMT_BATTERY_VOLTAGE^MDC|1|abc|V|||||F\rOBX|8|'),
      { condition: 'dataTypeError', location: { segment: 'OBX', sequence: 8, field: 5 } },
      undefined,
    ],
    [
      'a damaged embedded PDF',
      (text: string) => `${text}OBX|28|ED|^PDF^L|1|^application^pdf^Base64^@@not base64@@||||||F\r`,
      { condition: 'dataTypeError', location: { segment: 'OBX', sequence: 27, field: 5 } },
      undefined,
    ],
    [
      'an embedded report that is not a PDF',
      (text: string) => `${text}OBX|28|ED|^PDF^L|1|^image^png^Base64^AAAA||||||F\r`,
      { condition: 'dataTypeError', location: { segment: 'OBX', sequence: 27, field: 5 } },
      undefined,
    ],
    [
      'a term the vocabulary does not know',
      (text: string) => `${text}OBX|28|NM|^MDC_IDC_MSMT_SOMETHING_NEW^MDC|1|7|ms|||||F\r`,
      { condition: 'tableValueNotFound', location: { segment: 'OBX', sequence: 27, field: 3 } },
      undefined,
    ],
    [
      'an MSH-7 that is not a date',
      (text: string) => text.replace('|20261101093000+0000||ORU', '|not-a-date||ORU'),
      { condition: 'dataTypeError', location: { segment: 'MSH', sequence: 1, field: 7 } },
      undefined,
    ],
    [
      'a session date that is not a date (OBR-7 is used)',
      (text: string) => text.replace('|20261101091500+0000||||||F', '|yesterday||||||F'),
      { condition: 'dataTypeError', location: { segment: 'OBX', sequence: 5, field: 5 } },
      undefined,
    ],
    [
      'a device type IDCO does not have (the session is stored as Other)',
      (text: string) => text.replace('DEVICE_TYPE_IPG', 'DEVICE_TYPE_TOASTER'),
      { condition: 'tableValueNotFound', location: { segment: 'OBX', sequence: 1, field: 5 } },
      undefined,
    ],
    [
      'no device type',
      (text: string) => text.replace(/OBX\|1\|CWE\|720897[^\r]*\r/, ''),
      { condition: 'requiredFieldMissing' },
      undefined,
    ],
  ])('warns of %s, naming where, and keeps the rest', (_label, edit, expected, droppedKey) => {
    const edited = edit(pacemaker());
    const warnings = warningsOf(edited);
    expect(warnings).toContainEqual(expect.objectContaining({ ...expected, severity: 'W' }));
    const values = valuesOf(edited);
    if (droppedKey) expect(values).not.toHaveProperty(droppedKey);
    // The rest of the transmission is read as before.
    expect(values.MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE).toBe(456);
    expect(values['MDC_IDC_STAT_EPISODE_RECENT_COUNT.ATAF']).toBe(4);
  });

  it('keeps the first value of a term given twice, warning of the second', () => {
    const edited = pacemaker().replace(
      'OBX|8|',
      'OBX|7a|NM|721344^MDC_IDC_MSMT_BATTERY_VOLTAGE^MDC|1|2.5|V|||||F\rOBX|8|',
    );
    expect(valuesOf(edited).MDC_IDC_MSMT_BATTERY_VOLTAGE).toBe(3.01);
    expect(warningsOf(edited)).toContainEqual(
      expect.objectContaining({
        condition: 'segmentSequenceError',
        location: { segment: 'OBX', sequence: 8, field: 3 },
      }),
    );
  });

  it('stores a clinically unusual value (HV impedance 330 Ω, battery 6.3 V) without a warning', () => {
    const edited = pacemaker().replace('|3.01|V', '|6.3|V');
    expect(valuesOf(edited).MDC_IDC_MSMT_BATTERY_VOLTAGE).toBe(6.3);
    expect(warningsOf(edited)).toEqual([
      expect.objectContaining({ location: { segment: 'OBX', sequence: 25, field: 3 } }),
      expect.objectContaining({ location: { segment: 'OBX', sequence: 26, field: 3 } }),
    ]);
  });

  it.each([
    [
      'an ADT^A01',
      (text: string) => text.replace('ORU^R01^ORU_R01', 'ADT^A01^ADT_A01'),
      { ack: 'AR', condition: 'unsupportedMessageType', location: { segment: 'MSH', sequence: 1, field: 9 } },
    ],
    [
      'no control id',
      (text: string) => text.replace('|PM1|P|2.6', '||P|2.6'),
      { ack: 'AR', condition: 'requiredFieldMissing', location: { segment: 'MSH', sequence: 1, field: 10 } },
    ],
    [
      'no PID',
      (text: string) => text.replace(/PID\|[^\r]*\r/, ''),
      { ack: 'AE', condition: 'segmentSequenceError', location: { segment: 'PID', sequence: 1 } },
    ],
    [
      'no session time anywhere',
      (text: string) =>
        text
          .replace('|20261101091500+0000||||||F', '|||||||F')
          .replace('|||20261101091500+0000|||', '|||||||')
          .replace('|20261101093000+0000||ORU', '|||ORU'),
      { ack: 'AE', condition: 'requiredFieldMissing' },
    ],
  ])('refuses %s, naming where', (_label, edit, expected) => {
    expect(problemOf(edit(pacemaker()))).toMatchObject(expected);
  });

  // Issue 28 §2: the device type in every form real senders write.
  it.each([
    ['753665^MDC_IDC_ENUM_DEV_TYPE_IPG^MDC', 'PM', 'dualLead'],
    ['753666^MDC_IDC_ENUM_DEV_TYPE_ICD^MDC', 'ICD', 'dualLead'],
    ['753667^MDC_IDC_ENUM_DEV_TYPE_CRT_D^MDC', 'ICD', 'biValve'],
    ['753668^MDC_IDC_ENUM_DEV_TYPE_CRT_P^MDC', 'PM', 'biValve'],
    ['753669^MDC_IDC_ENUM_DEV_TYPE_Monitor^MDC', 'ILR', 'ilr'],
    ['753666', 'ICD', 'dualLead'],
    ['753667^^MDC', 'ICD', 'biValve'],
    ['^MDC_IDC_ENUM_DEVICE_TYPE_ICD^MDC', 'ICD', 'dualLead'],
    ['CIED^Implantable Cardioverter-Defibrillator', 'ICD', 'dualLead'],
    ['CRT_D^Cardiac Resynchronization Therapy - Defibrillator', 'ICD', 'biValve'],
    ['IPG^Implantable Pulse Generator', 'PM', 'dualLead'],
  ])('reads the device type %s as %s (%s)', (written, type, configuration) => {
    const transmission = read(pacemaker().replace('^MDC_IDC_ENUM_DEVICE_TYPE_IPG^MDC', written));
    expect(transmission.device.type).toBe(type);
    expect(transmission.session.leadConfiguration).toBe(configuration);
    expect(transmission.warnings).toHaveLength(2);
  });

  it('reads IDCO 1.0’s MDC_IDC_PG_TYPE', () => {
    expect(read(pacemaker().replace('720897^MDC_IDC_DEV_TYPE', '720897^MDC_IDC_PG_TYPE')).device.type).toBe(
      'PM',
    );
  });

  // Issue 28 §2: a device type the portal does not know is a warning and the session is stored as Other,
  // never guessed from its values (this one carries an ICD's HV channel and shocks, and an RA lead).
  const icdLike = (text: string) =>
    `${text}OBX|28|NM|722624^MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE^MDC|1|62|Ohm|||||F\rOBX|29|NM|737824^MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT^MDC|1|1|{shocks}|||||F\r`;
  const DEVICE_TYPE_OBX = /OBX\|1\|CWE\|720897[^\r]*\r/;
  it.each([
    [
      'IDCO’s Other (name and code)',
      (text: string) =>
        text.replace('^MDC_IDC_ENUM_DEVICE_TYPE_IPG^MDC', '753670^MDC_IDC_ENUM_DEV_TYPE_Other^MDC'),
      'OBX 1: the device type is Other (753670^MDC_IDC_ENUM_DEV_TYPE_Other): the session is stored as Other',
      'tableValueNotFound',
    ],
    [
      'IDCO’s Other as its numeric code alone',
      (text: string) => text.replace('^MDC_IDC_ENUM_DEVICE_TYPE_IPG^MDC', '753670'),
      'OBX 1: the device type is Other (753670): the session is stored as Other',
      'tableValueNotFound',
    ],
    [
      'Other as text',
      (text: string) => text.replace('^MDC_IDC_ENUM_DEVICE_TYPE_IPG^MDC', '^Other'),
      'OBX 1: the device type is Other (^Other): the session is stored as Other',
      'tableValueNotFound',
    ],
    [
      'a device type IDCO does not have',
      (text: string) => text.replace('DEVICE_TYPE_IPG', 'DEVICE_TYPE_TOASTER'),
      'OBX 1: OBX-5 (^MDC_IDC_ENUM_DEVICE_TYPE_TOASTER) is not an IDCO device type: the session is stored as Other',
      'tableValueNotFound',
    ],
    [
      'a numeric code outside the value set',
      (text: string) => text.replace('^MDC_IDC_ENUM_DEVICE_TYPE_IPG^MDC', '753699'),
      'OBX 1: OBX-5 (753699) is not an IDCO device type: the session is stored as Other',
      'tableValueNotFound',
    ],
    [
      'an empty device type',
      (text: string) => text.replace('^MDC_IDC_ENUM_DEVICE_TYPE_IPG^MDC', ''),
      'OBX 1: OBX-5 () is not an IDCO device type: the session is stored as Other',
      'tableValueNotFound',
    ],
    [
      'no device type at all',
      (text: string) => text.replace(DEVICE_TYPE_OBX, ''),
      'MDC_IDC_DEV_TYPE is missing: the session is stored as Other',
      'requiredFieldMissing',
    ],
  ])(
    'stores %s as Other, with a warning, whatever its values look like',
    (_label, edit, message, condition) => {
      for (const text of [edit(pacemaker()), edit(icdLike(pacemaker()))]) {
        const transmission = read(text);
        expect(transmission.device.type).toBe('Other');
        expect(transmission.warnings).toContainEqual(
          expect.objectContaining({ message, condition, severity: 'W' }),
        );
        // Its values are kept, and its leads give its configuration.
        expect(valuesOf(text).MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE).toBe(456);
        expect(transmission.session.leadConfiguration).toBe('dualLead');
      }
    },
  );

  it('gives an Other session without lead values no lead configuration', () => {
    const leadless = pacemaker()
      .replace('^MDC_IDC_ENUM_DEVICE_TYPE_IPG^MDC', '753670')
      .replace(/OBX\|\d+\|NM\|\d*\^MDC_IDC_(MSMT_LEADCHNL|STAT_BRADY|STAT_CRT)[^\r]*\r/g, '');
    const transmission = read(leadless);
    expect(transmission.device.type).toBe('Other');
    expect(transmission.session.leadConfiguration).toBeNull();
    expect(transmission.measurements.length).toBeGreaterThan(0);
  });

  it.each([
    ['^application^pdf^Base64^', ''],
    ['Application^PDF^^Base64^', ''],
    ['^APPLICATION^PDF^BASE64^', ''],
    ['^application^pdf^Base64^', 'with line breaks'],
  ])('reads the embedded PDF written %s %s', (shape, breaks) => {
    const data = Buffer.from('%PDF-1.4 embedded report').toString('base64');
    const payload = breaks ? `${data.slice(0, 8)}\\.br\\${data.slice(8)}` : data;
    const text = `${pacemaker()}OBX|28|ED|18750-0^Cardiac Electrophysiology Report^LN|1|${shape}${payload}||||||F\r`;
    const report = read(text).report;
    expect(Buffer.from(report?.bytes ?? []).toString()).toBe('%PDF-1.4 embedded report');
  });

  it.each([
    ['MDC_IDC_STAT_EPISODE_TYPE', 'Epis_VT^VT', 'VT'],
    ['MDC_IDC_EPISODE_TYPE', 'Epis_VF^VF', 'VF'],
    ['MDC_IDC_STAT_EPISODE_VENDOR_TYPE', '772103^MDC_IDC_ENUM_EPISODE_VENDOR_TYPE_MDT-Epis_VT^MDC', 'VT'],
    ['MDC_IDC_EPISODE_VENDOR_TYPE', 'ATAF^ATAF', 'ATAF'],
  ])('pairs an episode count with %s in the same sub-ID', (term, value, kind) => {
    const text = `${pacemaker()}OBX|28|CWE|^${term}^MDC|7|${value}||||||F\rOBX|29|NM|738000^MDC_IDC_STAT_EPISODE_RECENT_COUNT^MDC|7|3|{episodes}|||||F\r`;
    const values = valuesOf(text);
    expect(values[`MDC_IDC_STAT_EPISODE_RECENT_COUNT.${kind}`]).toBe(kind === 'ATAF' ? 7 : 3);
  });

  it('reads a session time without a zone as the clinic’s local time', () => {
    const local = pacemaker().replace('|20261101091500+0000||||||F', '|20260115091500||||||F');
    expect(
      readIdcoOru(parseHl7Message(local), { timeZone: 'America/New_York' }).session.date.toISOString(),
    ).toBe('2026-01-15T14:15:00.000Z');
    expect(
      readIdcoOru(parseHl7Message(local), { timeZone: 'America/Chicago' }).session.date.toISOString(),
    ).toBe('2026-01-15T15:15:00.000Z');
    expect(readIdcoOru(parseHl7Message(local)).session.date.toISOString()).toBe('2026-01-15T14:15:00.000Z');
  });

  it('reads PID-3 by identifier type: MR, PI, PT and U are the patient’s, SS is never read', () => {
    const text = pacemaker().replace(
      /PID\|\|\|[^|]*\|/,
      'PID|||123-45-6789^^^SSA^SS~U-77^^^BSC^U~PT-9^^^Clinic^PT~MR-1^^^Clinic^MR|',
    );
    const { patient } = read(text);
    expect(patient.identifiers).toEqual(['MR-1', 'PT-9', 'U-77']);
    expect(JSON.stringify(read(text))).not.toContain('123-45-6789');
  });

  // Issue 28 §2: each lead's model, serial, manufacturer and implant date, by its sub-ID's location.
  const LEADS = [
    'OBX|40|TX|720961^MDC_IDC_LEAD_MODEL^MDC_IDC|1|Supersense||||||F',
    'OBX|41|TX|720962^MDC_IDC_LEAD_SERIAL^MDC_IDC|1|1234567812||||||F',
    'OBX|42|CWE|720963^MDC_IDC_LEAD_MFG^MDC_IDC|1|SJM^St.Jude Medical||||||F',
    'OBX|43|DTM|720964^MDC_IDC_LEAD_IMPLANT_DT^MDC_IDC|1|20090501000000||||||F',
    'OBX|44|CWE|720966^MDC_IDC_LEAD_LOCATION^MDC_IDC|1|RA^Right Atrium||||||F',
    'OBX|45|TX|720961^MDC_IDC_LEAD_MODEL^MDC_IDC|2|CapSureFix 5076||||||F',
    'OBX|46|CWE|720966^MDC_IDC_LEAD_LOCATION^MDC_IDC|2|^Right Ventricle||||||F',
    'OBX|47|DTM|720964^MDC_IDC_LEAD_IMPLANT_DT^MDC_IDC|2|20090501||||||F',
    'OBX|48|TX|720962^MDC_IDC_LEAD_SERIAL^MDC_IDC|3|LV-77||||||F',
    'OBX|49|CWE|720966^MDC_IDC_LEAD_LOCATION^MDC_IDC|3|MDC_IDC_ENUM_LEAD_LOCATION_LV||||||F',
  ];
  it('reads each lead’s model, serial, manufacturer and implant date under the chamber its location names', () => {
    const values = valuesOf(`${pacemaker()}${LEADS.map((line) => `${line}\r`).join('')}`);
    expect(values).toMatchObject({
      'MDC_IDC_LEAD_MODEL.RA': 'Supersense',
      'MDC_IDC_LEAD_SERIAL.RA': '1234567812',
      'MDC_IDC_LEAD_MFG.RA': 'St.Jude Medical',
      'MDC_IDC_LEAD_IMPLANT_DT.RA': '2009-05-01',
      'MDC_IDC_LEAD_MODEL.RV': 'CapSureFix 5076',
      'MDC_IDC_LEAD_IMPLANT_DT.RV': '2009-05-01',
      'MDC_IDC_LEAD_SERIAL.LV': 'LV-77',
    });
    expect(values).not.toHaveProperty('MDC_IDC_LEAD_SERIAL.RV');
  });

  it.each([
    [
      'no location',
      (lines: string[]) => lines.filter((line) => !line.startsWith('OBX|44|')),
      'OBX 40: no MDC_IDC_LEAD_LOCATION',
      'requiredFieldMissing',
    ],
    [
      'a location that is no chamber',
      (lines: string[]) => lines.map((line) => line.replace('RA^Right Atrium', 'SVC^Superior vena cava')),
      'OBX 40: no MDC_IDC_LEAD_LOCATION',
      'requiredFieldMissing',
    ],
    [
      'an implant date that is no date',
      (lines: string[]) => lines.map((line) => line.replace('20090501000000', 'May 2009')),
      'OBX 43: OBX-5 (MDC_IDC_LEAD_IMPLANT_DT.RA) is not an HL7 date',
      'dataTypeError',
    ],
    [
      'a second lead in the same chamber',
      (lines: string[]) => [
        ...lines,
        'OBX|50|TX|720961^MDC_IDC_LEAD_MODEL^MDC_IDC|9|Other lead||||||F',
        'OBX|51|CWE|720966^MDC_IDC_LEAD_LOCATION^MDC_IDC|9|RA||||||F',
      ],
      'OBX 50: MDC_IDC_LEAD_MODEL.RA was given before',
      'dataTypeError',
    ],
  ])('warns of a lead with %s and keeps the rest', (_label, edit, message, condition) => {
    const text = `${pacemaker()}${edit(LEADS)
      .map((line) => `${line}\r`)
      .join('')}`;
    const transmission = read(text);
    expect(transmission.warnings).toContainEqual(
      expect.objectContaining({ message: expect.stringContaining(message), condition, severity: 'W' }),
    );
    const values = valuesOf(text);
    expect(values['MDC_IDC_LEAD_MODEL.RV']).toBe('CapSureFix 5076');
    expect(values.MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE).toBe(456);
  });

  it('reads the AT burden under its older name too, into the one IDCO key', () => {
    const text = `${pacemaker().replace(/OBX\|20\|[^\r]*\r/, '')}OBX|28|NM|^MDC_IDC_STAT_ATAF_BURDEN_PERCENT^MDC|1|7.5|%|||||F\r`;
    const values = valuesOf(text);
    expect(values.MDC_IDC_STAT_AT_BURDEN_PERCENT).toBe(7.5);
    expect(values).not.toHaveProperty('MDC_IDC_STAT_ATAF_BURDEN_PERCENT');
  });

  it('reads the AT burden under IDCO’s own name and CRT % paced apart from LV % paced', () => {
    const text = `${pacemaker().replace(/OBX\|20\|[^\r]*\r/, '')}OBX|28|NM|737696^MDC_IDC_STAT_AT_BURDEN_PERCENT^MDC|1|12|%|||||F\rOBX|29|NM|737808^MDC_IDC_STAT_CRT_PERCENT_PACED^MDC|1|96|%|||||F\rOBX|30|NM|737792^MDC_IDC_STAT_CRT_LV_PERCENT_PACED^MDC|1|94|%|||||F\r`;
    const values = valuesOf(text);
    expect(values.MDC_IDC_STAT_AT_BURDEN_PERCENT).toBe(12);
    expect(values.MDC_IDC_STAT_CRT_PERCENT_PACED).toBe(96);
    expect(values.MDC_IDC_STAT_CRT_LV_PERCENT_PACED).toBe(94);
  });

  it('reads HL7 date-times with and without a zone, and refuses days that do not exist', () => {
    expect(parseHl7DateTime('20261101091500+0100')?.toISOString()).toBe('2026-11-01T08:15:00.000Z');
    expect(parseHl7DateTime('202611010915')?.toISOString()).toBe('2026-11-01T09:15:00.000Z');
    expect(parseHl7DateTime('20260230')).toBeNull();
    expect(parseHl7DateTime('soon')).toBeNull();
  });
});
