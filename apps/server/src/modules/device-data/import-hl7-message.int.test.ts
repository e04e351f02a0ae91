import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
        MDC_IDC_STAT_ATAF_BURDEN_PERCENT: 2.4,
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
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const pdf = await getSamplePdf();
    const message = loadHl7Fixture('pacemaker-dual-chamber', {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: patient.patientId,
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
      'an NM value "abc"',
      (text) => text.replace('|3.01|V', '|abc|V'),
      { status: 422, code: 'AE', condition: '102', location: 'OBX^7^5^1' },
    ],
    [
      'a value out of physical range',
      (text) => text.replace('|532|Ohm', '|9000|Ohm'),
      { status: 422, code: 'AE', condition: '102', location: 'OBX^17^5^1' },
    ],
    [
      'an ED payload that is not Base64',
      (text) => `${text}OBX|28|ED|^PDF^L|1|^application^pdf^Base64^%%%%||||||F\r`,
      { status: 422, code: 'AE', condition: '102', location: 'OBX^27^5^1' },
    ],
    [
      'an ED payload that is not a PDF',
      (text) =>
        `${text}OBX|28|ED|^PDF^L|1|^application^pdf^Base64^${Buffer.from('plain text, not a PDF').toString('base64')}||||||F\r`,
      { status: 422, code: 'AE', condition: '102', location: 'OBX^27^5^1' },
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
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const message = loadHl7Fixture('pacemaker-dual-chamber', {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: patient.patientId,
    });
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

  it('does not take an embedded PDF cut short (issue 29 §2): the ACK names OBX-5 and the page, no document is stored', async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const message = loadHl7Fixture('pacemaker-dual-chamber', {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: patient.patientId,
    });
    const cut = Buffer.from(cutInHalf(await buildPlainThreePagePdf())).toString('base64');
    const documents = await count('documents');
    const response = await send(`${message.text}OBX|28|ED|^PDF^L|1|^application^pdf^Base64^${cut}||||||F\r`);
    expect(response.statusCode).toBeLessThan(500);
    expect(ackOf(response.body).message).toMatch(/^OBX-5: Page \d of the PDF cannot be shown/);
    expect(ackOf(response.body).location).toBe('OBX^27^5^1');
    expect(await count('documents')).toBe(documents);
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
    expect([400, 415]).toContain(json.statusCode);
  });
});
