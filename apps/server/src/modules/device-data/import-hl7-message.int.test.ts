import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHl7Message } from '../../integrations/hl7/hl7-message';
import { getSamplePdf, insertPatient, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { buildPlainThreePagePdf, cutInHalf } from '../documents/pdf/test-support/sample-pdfs';
import { serializeRoles } from '../users/users.repository';
import { HL7_FIXTURES, type Hl7Fixture, loadHl7Fixture } from './test-fixtures/hl7-fixtures';

const URL = '/api/device-data/hl7';

describe('POST /api/device-data/hl7: IDCO transmissions over HL7 v2', () => {
  const portal = signedInPortal(['irhTech', 'irhAdmin', 'provider']);

  const send = (
    text: string,
    options: { as?: 'irhTech' | 'irhAdmin' | 'provider'; contentType?: string } = {},
  ) =>
    portal.as[options.as ?? 'irhTech'].inject({
      method: 'POST',
      url: URL,
      payload: text,
      headers: { 'content-type': options.contentType ?? 'application/hl7-v2' },
    });
  /** The dual-chamber pacemaker fixture for a new patient of the own clinic. */
  const dualChamberMessageForNewPatient = async (options: { pdfBase64?: string } = {}) => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const message = loadHl7Fixture('pacemaker-dual-chamber', {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: patient.patientId,
      ...options,
    });
    return { patient, message };
  };
  const ackOf = (body: string) => {
    const ack = parseHl7Message(body);
    const msa = ack.first('MSA');
    const err = ack.first('ERR');
    return {
      code: msa?.get(1),
      controlId: msa?.get(2),
      text: msa?.get(3),
      location: err?.components(2).filter(Boolean).join('^'),
      condition: err?.get(3, 1),
      severity: err?.get(4),
      message: err?.get(8),
    };
  };
  const count = async (
    table: 'deviceSessions' | 'deviceMeasurements' | 'documents' | 'patients' | 'auditEvents',
  ) =>
    Number(
      (
        await portal.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const everything = async () => ({
    sessions: await count('deviceSessions'),
    measurements: await count('deviceMeasurements'),
    documents: await count('documents'),
    patients: await count('patients'),
    events: await count('auditEvents'),
  });
  const sessionOf = (externalId: string) =>
    portal.db
      .selectFrom('deviceSessions')
      .selectAll()
      .where('clinicNpi', '=', OWN_CLINIC_NPI)
      .where('externalId', '=', externalId)
      .executeTakeFirst();
  const valuesOf = async (sessionId: string) =>
    Object.fromEntries(
      (
        await portal.db
          .selectFrom('deviceMeasurements')
          .select(['key', 'valueNumber', 'valueText', 'source', 'confirmedBy'])
          .where('sessionId', '=', sessionId)
          .execute()
      ).map((row) => [row.key, row.valueNumber ?? row.valueText]),
    );

  const EXPECTED: Record<
    Hl7Fixture,
    {
      deviceType: string;
      kind: string;
      lead: string;
      facility: string;
      values: Record<string, number | string>;
    }
  > = {
    'pacemaker-dual-chamber': {
      deviceType: 'PM',
      kind: 'remote',
      lead: 'dualLead',
      facility: 'MDT-CARELINK',
      values: {
        MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 456,
        'MDC_IDC_STAT_EPISODE_RECENT_COUNT.ATAF': 4,
        MDC_IDC_MSMT_BATTERY_STATUS: 'MOS',
      },
    },
    'icd-single-chamber': {
      deviceType: 'ICD',
      kind: 'in-person',
      lead: 'singleLead',
      facility: 'STJ-MERLIN',
      values: {
        MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE: 68,
        'MDC_IDC_STAT_EPISODE_RECENT_COUNT.VF': 1,
        MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT: 1,
      },
    },
    'crt-d': {
      deviceType: 'ICD',
      kind: 'remote',
      lead: 'biValve',
      facility: 'BIO-HM',
      values: { MDC_IDC_STAT_CRT_LV_PERCENT_PACED: 97.5, MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE: 740 },
    },
    ilr: {
      deviceType: 'ILR',
      kind: 'remote',
      lead: 'ilr',
      facility: 'MDT-CARELINK',
      values: {
        MDC_IDC_STAT_AT_BURDEN_PERCENT: 2.4,
        'MDC_IDC_STAT_EPISODE_RECENT_COUNT.PatientActivated': 2,
      },
    },
  };

  it.each(HL7_FIXTURES)(
    'imports a %s transmission for a known patient: AA, one session, its values',
    async (name) => {
      const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
      const message = loadHl7Fixture(name, { clinicNpi: OWN_CLINIC_NPI, patientId: patient.patientId });
      const response = await send(message.text);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/hl7-v2/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(ackOf(response.body)).toMatchObject({ code: 'AA', controlId: message.controlId });
      expect(ackOf(response.body).text).toMatch(/^Session recorded: \d+ measurements/);
      const expected = EXPECTED[name];
      const session = await sessionOf(`${expected.facility}|${message.controlId}`);
      expect(session).toMatchObject({
        patientRef: patient.id,
        deviceType: expected.deviceType,
        kind: expected.kind,
        source: 'device-import',
        leadConfiguration: expected.lead,
        serialNumber: message.serial,
        documentId: null,
      });
      expect(await valuesOf(session?.id ?? '')).toMatchObject(expected.values);
      const confirmed = await portal.db
        .selectFrom('deviceMeasurements')
        .select(['source', 'confirmedBy'])
        .where('sessionId', '=', session?.id ?? '')
        .distinct()
        .execute();
      expect(confirmed).toEqual([{ source: 'device-import', confirmedBy: null }]);
    },
  );

  it('finds the patient by the device serial when PID-3 is not a patient id the clinic has', async () => {
    const patient = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      deviceInfo: { manufacturer: 'BIO', serialNumber: 'bio-7731 22' },
    });
    const message = loadHl7Fixture('crt-d', { clinicNpi: OWN_CLINIC_NPI, serial: 'BIO773122' });
    const before = await count('patients');
    const response = await send(message.text);
    expect(response.statusCode, response.body).toBe(200);
    expect((await sessionOf(`BIO-HM|${message.controlId}`))?.patientRef).toBe(patient.id);
    expect(await count('patients')).toBe(before);
  });

  it('creates the patient from PID when neither the patient id nor the serial is known', async () => {
    const message = loadHl7Fixture('ilr', { clinicNpi: OWN_CLINIC_NPI });
    const response = await send(message.text);
    expect(response.statusCode, response.body).toBe(200);
    const created = await portal.db
      .selectFrom('patients')
      .select(['id', 'firstName', 'lastName', 'gender', 'deviceInfo', 'deviceSerial'])
      .select((eb) => eb.cast<string>('dob', 'text').as('dob'))
      .where('clinicNpi', '=', OWN_CLINIC_NPI)
      .where('patientId', '=', message.patientId)
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({
      firstName: 'Ann',
      lastName: 'Smith',
      dob: '1960-01-01',
      gender: 'female',
      deviceSerial: message.serial,
    });
    expect(created.deviceInfo).toMatchObject({ deviceType: 'ILR', manufacturer: 'MDT', model: 'LINQ II' });
    expect((await sessionOf(`MDT-CARELINK|${message.controlId}`))?.patientRef).toBe(created.id);
    const events = await portal.db
      .selectFrom('auditEvents')
      .select(['eventType', 'note'])
      .where('entityType', '=', 'patient')
      .where('entityId', '=', created.id)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.eventType)).toEqual(['created', 'device_session']);
    expect(events[0]?.note).toBe('device data import');
  });

  it('creates the remote report from the embedded PDF and links the session to it', async () => {
    const pdf = await getSamplePdf();
    const { patient, message } = await dualChamberMessageForNewPatient({
      pdfBase64: Buffer.from(pdf).toString('base64'),
    });
    const response = await send(message.text, { contentType: 'text/plain' });
    expect(response.statusCode, response.body).toBe(200);
    expect(ackOf(response.body).text).toContain('report document created');
    const session = await sessionOf(`MDT-CARELINK|${message.controlId}`);
    expect(session?.documentId).toBeTruthy();
    const document = await portal.db
      .selectFrom('documents')
      .select(['type', 'longitudinal', 'patientRef', 'clinicNpi', 'serviceLine', 'status'])
      .where('id', '=', session?.documentId ?? '')
      .executeTakeFirstOrThrow();
    expect(document).toEqual({
      type: 'implicity-crm-report',
      longitudinal: true,
      patientRef: patient.id,
      clinicNpi: OWN_CLINIC_NPI,
      serviceLine: 'crm',
      status: 'unsigned',
    });
    // The stored report is a PDF the tools read.
    const download = await portal.as.irhAdmin.get(`/api/reports/blob-storage/${session?.documentId}`);
    expect(download.statusCode).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hl7-pdf-')), 'r.pdf');
    fs.writeFileSync(file, download.rawPayload);
    expect(execFileSync('qpdf', ['--check', file]).toString()).toContain(
      'No syntax or stream encoding errors',
    );
    expect(execFileSync('pdftotext', [file, '-']).toString()).toContain('Remote monitoring report');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('imports the same message once: the second answer is AA "already received" and writes nothing', async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const message = loadHl7Fixture('icd-single-chamber', {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: patient.patientId,
    });
    expect((await send(message.text)).statusCode).toBe(200);
    const before = await everything();
    const again = await send(message.text);
    expect(again.statusCode).toBe(200);
    expect(ackOf(again.body)).toMatchObject({ code: 'AA', controlId: message.controlId });
    expect(ackOf(again.body).text).toMatch(/^Already received/);
    expect(await everything()).toEqual(before);
  });

  const broken: [
    string,
    (text: string) => string,
    { status: number; code: string; condition: string; location: string },
  ][] = [
    [
      'text that is not HL7',
      () => 'Hello, this is not a message',
      { status: 400, code: 'AR', condition: '100', location: 'MSH^1' },
    ],
    [
      'a message without MSH',
      (text) => text.replace(/^MSH[^\r]*\r/, ''),
      { status: 400, code: 'AR', condition: '100', location: 'MSH^1' },
    ],
    [
      'an ADT^A01',
      (text) => text.replace('ORU^R01^ORU_R01', 'ADT^A01^ADT_A01'),
      { status: 400, code: 'AR', condition: '200', location: 'MSH^1^9^1' },
    ],
    [
      'a PID without identifier and no serial',
      (text) => text.replace(/PID\|\|\|[^|]*\|/, 'PID||||').replace(/OBX\|4\|ST\|720899[^\r]*\r/, ''),
      { status: 422, code: 'AE', condition: '101', location: 'PID^1^3^1' },
    ],
    [
      'an unknown clinic',
      (text) => text.replace(`|Portal|${OWN_CLINIC_NPI}|`, '|Portal|1999999992|'),
      { status: 404, code: 'AE', condition: '204', location: 'MSH^1^6^1' },
    ],
    [
      'no clinic',
      (text) => text.replace(`|Portal|${OWN_CLINIC_NPI}|`, '|Portal||'),
      { status: 422, code: 'AE', condition: '101', location: 'MSH^1^6^1' },
    ],
  ];
  it.each(broken)('refuses %s with its ACK, and stores nothing', async (_label, edit, expected) => {
    const { message } = await dualChamberMessageForNewPatient();
    const before = await everything();
    const response = await send(edit(message.text));
    expect(response.statusCode, response.body).toBe(expected.status);
    expect(response.headers['content-type']).toMatch(/^application\/hl7-v2/);
    expect(ackOf(response.body)).toMatchObject({
      code: expected.code,
      condition: expected.condition,
      location: expected.location,
      severity: 'E',
    });
    expect(ackOf(response.body).message).toBeTruthy();
    expect(await everything()).toEqual(before);
  });

  it('does not take an embedded PDF cut short (issue 29 §2): a warning naming OBX-5 and the page, the measurements kept, no document', async () => {
    const { message } = await dualChamberMessageForNewPatient();
    const cut = Buffer.from(cutInHalf(await buildPlainThreePagePdf())).toString('base64');
    const [documents, sessions] = [await count('documents'), await count('deviceSessions')];
    const response = await send(`${message.text}OBX|28|ED|^PDF^L|1|^application^pdf^Base64^${cut}||||||F\r`);
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(ackOf(response.body).code).toBe('AA');
    const warnings = parseHl7Message(response.body)
      .all('ERR')
      .map((err) => ({ location: err.components(2).filter(Boolean).join('^'), message: err.get(8) }));
    expect(warnings).toContainEqual({
      location: 'OBX^27^5^1',
      message: expect.stringMatching(/^OBX-5: .*Page \d of the PDF cannot be shown/),
    });
    expect(await count('documents')).toBe(documents);
    expect(await count('deviceSessions')).toBe(sessions + 1);
  });

  it('answers a caller who may not import into the clinic 404, with an AE naming MSH-6', async () => {
    const message = loadHl7Fixture('ilr', { clinicNpi: OWN_CLINIC_NPI });
    const scoped = serializeRoles([{ role: 'irh-tech', clinicNPI: OTHER_CLINIC_NPI }]);
    const original = await portal.db
      .selectFrom('users')
      .select('roles')
      .where('email', '=', 'irhtech@example.org')
      .executeTakeFirstOrThrow();
    await portal.db
      .updateTable('users')
      .set({ roles: scoped })
      .where('email', '=', 'irhtech@example.org')
      .execute();
    try {
      const before = await everything();
      const response = await send(message.text);
      expect(response.statusCode).toBe(404);
      expect(ackOf(response.body)).toMatchObject({ code: 'AE', condition: '204', location: 'MSH^1^6^1' });
      expect(await everything()).toEqual(before);
      // Their own clinic takes it.
      const own = loadHl7Fixture('ilr', { clinicNpi: OTHER_CLINIC_NPI });
      expect((await send(own.text)).statusCode).toBe(200);
    } finally {
      await portal.db
        .updateTable('users')
        // PostgreSQL reads the JSON column back parsed, PGlite as text.
        .set({ roles: typeof original.roles === 'string' ? original.roles : JSON.stringify(original.roles) })
        .where('email', '=', 'irhtech@example.org')
        .execute();
    }
  });

  it('is refused to a clinic role (403) and to a JSON body (415)', async () => {
    const message = loadHl7Fixture('ilr', { clinicNpi: OWN_CLINIC_NPI });
    expect((await send(message.text, { as: 'provider' })).statusCode).toBe(403);
    const json = await portal.as.irhTech.post(URL, { message: message.text });
    expect(json.statusCode).toBe(415);
    // Even a JSON string holding the message: the README names the HL7 content types only.
    const jsonString = await send(JSON.stringify(message.text), { contentType: 'application/json' });
    expect(jsonString.statusCode).toBe(415);
    expect(await sessionOf(`MDT-CARELINK|${message.controlId}`)).toBeUndefined();
  });

  // Issue 28 §1: what cannot be read is a warning (ERR severity W in an AA); the session is stored.
  const warned: [
    string,
    (text: string) => string,
    { location: string; condition: string; kept?: [string, number]; dropped?: string },
  ][] = [
    [
      'an NM value "abc"',
      (text) => text.replace('|3.01|V', '|abc|V'),
      { location: 'OBX^7^5^1', condition: '102', dropped: 'MDC_IDC_MSMT_BATTERY_VOLTAGE' },
    ],
    [
      'a negative impedance (physically impossible)',
      (text) => text.replace('|532|Ohm', '|-9|Ohm'),
      { location: 'OBX^17^5^1', condition: '102', dropped: 'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE' },
    ],
    [
      'an ED payload that is not Base64',
      (text) => `${text}OBX|28|ED|^PDF^L|1|^application^pdf^Base64^%%%%||||||F\r`,
      { location: 'OBX^27^5^1', condition: '102', kept: ['MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', 532] },
    ],
    [
      'an ED payload that is not a PDF',
      (text) =>
        `${text}OBX|28|ED|^PDF^L|1|^application^pdf^Base64^${Buffer.from('plain text, not a PDF').toString('base64')}||||||F\r`,
      { location: 'OBX^27^5^1', condition: '102', kept: ['MDC_IDC_MSMT_BATTERY_VOLTAGE', 3.01] },
    ],
    [
      'a device type nobody defined',
      (text) => text.replace('DEVICE_TYPE_IPG', 'DEVICE_TYPE_TOASTER'),
      { location: 'OBX^1^5^1', condition: '103', kept: ['MDC_IDC_MSMT_BATTERY_VOLTAGE', 3.01] },
    ],
    [
      'an MSH-7 that is not a date',
      (text) => text.replace('|20261101093000+0000||ORU', '|not-a-date||ORU'),
      { location: 'MSH^1^7^1', condition: '102', kept: ['MDC_IDC_MSMT_BATTERY_VOLTAGE', 3.01] },
    ],
  ];
  it.each(warned)(
    'accepts a message with %s: AA, a warning naming it, the rest stored',
    async (_label, edit, expected) => {
      const { message } = await dualChamberMessageForNewPatient();
      const response = await send(edit(message.text));
      expect(response.statusCode, response.body).toBe(200);
      const ack = parseHl7Message(response.body);
      expect(ack.first('MSA')?.get(1)).toBe('AA');
      const errs = ack.all('ERR').map((err) => ({
        location: err.components(2).filter(Boolean).join('^'),
        condition: err.get(3, 1),
        severity: err.get(4),
      }));
      expect(errs).toContainEqual({
        location: expected.location,
        condition: expected.condition,
        severity: 'W',
      });
      expect(errs.every((err) => err.severity === 'W')).toBe(true);
      const session = await sessionOf(`MDT-CARELINK|${message.controlId}`);
      expect(session).toBeDefined();
      const values = await valuesOf(session?.id ?? '');
      if (expected.dropped) expect(values).not.toHaveProperty(expected.dropped);
      if (expected.kept) expect(values[expected.kept[0]]).toBe(expected.kept[1]);
      expect(values.MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE).toBe(456);
    },
  );

  // Issue 28 §2: an unknown device type is never guessed: the session is stored as Other, and shown.
  it.each([
    [
      'a device type nobody defined',
      (text: string) => text.replace('DEVICE_TYPE_IPG', 'DEVICE_TYPE_TOASTER'),
    ],
    [
      'IDCO’s Other',
      (text: string) =>
        text.replace('^MDC_IDC_ENUM_DEVICE_TYPE_IPG^MDC', '753670^MDC_IDC_ENUM_DEV_TYPE_Other^MDC'),
    ],
    ['no device type', (text: string) => text.replace(/OBX\|1\|CWE\|720897[^\r]*\r/, '')],
  ])(
    'stores a session with %s as type Other, says so in the ACK, and shows it in the trends',
    async (_label, edit) => {
      const { patient, message } = await dualChamberMessageForNewPatient();
      const response = await send(edit(message.text));
      expect(response.statusCode, response.body).toBe(200);
      const ack = parseHl7Message(response.body);
      expect(ack.first('MSA')?.get(1)).toBe('AA');
      const warnings = ack.all('ERR').map((err) => ({ severity: err.get(4), message: err.get(8) }));
      expect(warnings).toContainEqual({
        severity: 'W',
        message: expect.stringMatching(/the session is stored as Other$/),
      });
      const session = await sessionOf(`MDT-CARELINK|${message.controlId}`);
      expect(session?.deviceType).toBe('Other');

      const view = await portal.as.provider.get(
        `/api/reports/clinics/${OWN_CLINIC_NPI}/patients/${patient.id}/longitudinal`,
      );
      expect(view.statusCode, view.body).toBe(200);
      const data = view.json().data as {
        deviceType: string;
        deviceTypes: string[];
        sessions: { id: string; deviceType: string }[];
        series: { key: string; values: { value: number | string }[] }[];
      };
      expect(data.deviceType).toBe('Other');
      expect(data.deviceTypes).toEqual(['Other']);
      expect(data.sessions.map((each) => [each.id, each.deviceType])).toEqual([[session?.id, 'Other']]);
      const latestOf = (key: string) => data.series.find((entry) => entry.key === key)?.values.at(-1)?.value;
      expect(latestOf('MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE')).toBe(456);
      expect(latestOf('MDC_IDC_MSMT_BATTERY_VOLTAGE')).toBe(3.01);
      expect(latestOf('MDC_IDC_STAT_AT_BURDEN_PERCENT')).toBe(0.8);
    },
  );

  it('stores an HV impedance of 330 Ω and a battery of 6.3 V, flagged in the longitudinal view', async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const message = loadHl7Fixture('icd-single-chamber', {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: patient.patientId,
    });
    const text = message.text
      .replace(/(MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE\^MDC\|[^|]*\|)[0-9.]+/, '$1330')
      .replace(/(MDC_IDC_MSMT_BATTERY_VOLTAGE\^MDC\|[^|]*\|)[0-9.]+/, '$16.3');
    const response = await send(text);
    expect(response.statusCode, response.body).toBe(200);
    const session = await sessionOf(`${text.split('|')[3]?.split('^')[0]}|${message.controlId}`);
    const values = await valuesOf(session?.id ?? '');
    expect(values.MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE).toBe(330);
    expect(values.MDC_IDC_MSMT_BATTERY_VOLTAGE).toBe(6.3);
    const view = await portal.as.provider.get(
      `/api/reports/clinics/${OWN_CLINIC_NPI}/patients/${patient.id}/longitudinal?deviceType=ICD`,
    );
    expect(view.statusCode, view.body).toBe(200);
    const series = view.json().data.series as { key: string; values: { flags: { rule: string }[] }[] }[];
    const flagsOf = (key: string) => series.find((entry) => entry.key === key)?.values.at(-1)?.flags ?? [];
    expect(flagsOf('MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE').map((flag) => flag.rule)).toContain(
      'hv-impedance-out-of-range',
    );
    expect(flagsOf('MDC_IDC_MSMT_BATTERY_VOLTAGE').map((flag) => flag.rule)).toContain('out-of-usual-range');
  });

  it('keeps the raw message unchanged beside its session, in the audit trail, and refuses to change it', async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const message = loadHl7Fixture('ilr', { clinicNpi: OWN_CLINIC_NPI, patientId: patient.patientId });
    const response = await send(message.text);
    expect(response.statusCode, response.body).toBe(200);
    const kept = await portal.db
      .selectFrom('deviceDataMessages')
      .selectAll()
      .where('controlId', '=', message.controlId)
      .executeTakeFirstOrThrow();
    expect(kept.raw).toBe(message.text);
    expect(kept.ack).toBe(response.body);
    expect(kept).toMatchObject({ ackCode: 'AA', outcome: 'created', clinicNpi: OWN_CLINIC_NPI });
    const sha = (await import('node:crypto')).createHash('sha256').update(message.text).digest('hex');
    expect(kept.sha256).toBe(sha);
    const event = await portal.db
      .selectFrom('auditEvents')
      .select('after')
      .where('eventType', '=', 'device_session')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(event.after)).toContain(sha);
    await expect(
      portal.db
        .updateTable('deviceDataMessages')
        .set({ warnings: '[]', ackCode: 'AA' })
        .where('id', '=', kept.id)
        .execute(),
    ).resolves.toBeDefined();
    await expect(
      portal.db
        .updateTable('deviceDataMessages')
        // @ts-expect-error raw is not updatable in the schema type either
        .set({ raw: 'changed' })
        .where('id', '=', kept.id)
        .execute(),
    ).rejects.toThrow(/immutable/);
    await expect(
      portal.db.deleteFrom('deviceDataMessages').where('id', '=', kept.id).execute(),
    ).rejects.toThrow(/cannot be deleted/);
  });

  it('accepts any well-formed message of a known clinic and patient, whatever else it carries (property)', async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const chars = fc.stringMatching(/^[A-Za-z0-9 .+\-_/%{}=^]{0,30}$/);
    const extraObx = fc.record({
      type: fc.constantFrom('NM', 'ST', 'CWE', 'ED', 'DTM', 'TX'),
      term: fc.oneof(
        fc.constantFrom(
          'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE',
          'MDC_IDC_MSMT_BATTERY_VOLTAGE',
          'MDC_IDC_STAT_EPISODE_RECENT_COUNT',
          'MDC_IDC_DEV_TYPE',
          'MDC_IDC_SET_BRADY_MODE',
        ),
        chars,
      ),
      value: chars,
      unit: fc.oneof(fc.constantFrom('', 'V', 'Ohm', '%'), chars),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(extraObx, { maxLength: 8 }), async (extra) => {
        run += 1;
        const message = loadHl7Fixture('ilr', {
          clinicNpi: OWN_CLINIC_NPI,
          patientId: patient.patientId,
          controlId: `PROP${run}-${Date.now()}`,
        });
        const lines = extra
          .map(
            (obx, index) =>
              `OBX|${50 + index}|${obx.type}|^${obx.term}^MDC|9|${obx.value}|${obx.unit}|||||F\r`,
          )
          .join('');
        const response = await send(`${message.text}${lines}`);
        expect(response.statusCode, response.body).toBe(200);
        const ack = parseHl7Message(response.body);
        expect(ack.first('MSA')?.get(1)).toBe('AA');
        expect(ack.all('ERR').every((err) => err.get(4) === 'W')).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});
