import { describe, expect, it } from 'vitest';
import { parseHl7Message } from '../../../integrations/hl7/hl7-message';
import { insertPatient, OWN_CLINIC_NPI } from '../../../test-support/fixtures';
import { multipartBody } from '../../../test-support/multipart';
import { signedInPortal } from '../../../test-support/signed-in-portal';
import { buildScrapeCorpus, type CorpusEntry } from '../pdf-scrape/test-corpus/scrape-corpus';
import { loadHl7Fixture } from '../test-fixtures/hl7-fixtures';

const corpus = await buildScrapeCorpus();
/** Its header: 'Patient: Doe, Jane  ID 00042  DOB 01/02/1948', 'Device: … W1DR01  Serial PJN123456S'. */
const janesPrintout = corpus.find((each) => each.name === 'medtronic-dual-pm-chamber-table') as CorpusEntry;

const REASON = 'Printed before the patient record was merged; serial confirmed on the device.';

/** Ana Lima: another patient, with another device. */
const ana = (patientId: string) => ({
  clinicNpi: OWN_CLINIC_NPI,
  patientId,
  firstName: 'Ana',
  lastName: 'Lima',
  dob: '1961-05-06',
  deviceInfo: { manufacturer: 'STJ', model: 'Assurity MRI', serialNumber: '7654321' },
});
/** Jane Doe, whom the printout names (her id printed as 00042: leading zeros aside). */
const jane = (patientId: string) => ({
  clinicNpi: OWN_CLINIC_NPI,
  patientId,
  firstName: 'Jane',
  lastName: 'Doe',
  dob: '1948-01-02',
  deviceInfo: { manufacturer: 'MDT', model: 'Azure XT DR MRI', serialNumber: 'PJN123456S' },
});

// Issue 29 §1: "the same check applies wherever a printout is attached to a patient": the device check
// (printout-identity.int.test.ts), a session without values, and upload with a patient id.
describe('a printout attached to a patient without the device check page must name that patient', () => {
  const portal = signedInPortal(['irhTech']);

  const documentsOf = (patientRef: string) =>
    portal.db.selectFrom('documents').select(['id']).where('patientRef', '=', patientRef).execute();
  const confirmationsOf = (documentId: string) =>
    portal.db
      .selectFrom('auditEvents')
      .select(['note', 'before', 'after', 'actorId'])
      .where('entityType', '=', 'document')
      .where('entityId', '=', documentId)
      .where('eventType', '=', 'printout_identity_confirmed')
      .execute();
  const expectConfirmedWithBothIdentities = async (documentId: string) => {
    const events = await confirmationsOf(documentId);
    expect(events).toHaveLength(1);
    expect(events[0]?.note).toBe(REASON);
    const technician = await portal.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'irhtech@example.org')
      .executeTakeFirstOrThrow();
    expect(events[0]?.actorId).toBe(technician.id);
    expect(events[0]?.before).toMatchObject({
      printout: { patientName: 'Doe, Jane', serial: 'PJN123456S', patientId: '00042' },
    });
    expect(events[0]?.after).toMatchObject({
      patient: { patientName: 'Lima, Ana', serial: '7654321' },
      verdicts: { patientName: 'mismatch', serial: 'mismatch', patientId: 'mismatch', dob: 'mismatch' },
    });
  };

  describe('upload with a patient id (POST /api/reports)', () => {
    const upload = (fields: Record<string, string>) => {
      const body = multipartBody([
        ...Object.entries({
          clinicNpi: OWN_CLINIC_NPI,
          type: 'implicity-90-day-remote-report',
          serviceLine: 'crm',
          dos: '2026-11-02T09:30:00Z',
          device: 'PM',
          ...fields,
        }).map(([name, value]) => ({ name, value })),
        { name: 'file', filename: 'printout.pdf', bytes: janesPrintout.bytes },
      ]);
      return portal.as.irhTech.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const anaFields = (patientId: string) => ({
      patientId,
      patientFirstName: 'Ana',
      patientLastName: 'Lima',
    });

    it("refuses another patient's printout with 422 naming printoutConfirmation and the fields that differ; nothing is stored", async () => {
      const patient = await insertPatient(portal.db, ana('UP-ANA-1'));
      const refused = await upload(anaFields('UP-ANA-1'));
      expect(refused.statusCode, refused.body).toBe(422);
      const details = refused.json().details as { field: string; message: string }[];
      expect(details.map((detail) => detail.field)).toEqual([
        'printoutConfirmation',
        'printout.patientName',
        'printout.patientId',
        'printout.dob',
        'printout.serial',
      ]);
      expect(details[0]?.message).toMatch(/patient name, patient id, date of birth, device serial differ/);
      // Names the fields, never the people.
      expect(refused.body).not.toMatch(/Doe|Jane|Lima|PJN123456S/);
      expect(await documentsOf(patient.id)).toEqual([]);
    });

    it('takes it with the reason, and audits the confirmation with both identities on the document', async () => {
      const patient = await insertPatient(portal.db, ana('UP-ANA-2'));
      const accepted = await upload({ ...anaFields('UP-ANA-2'), printoutConfirmation: `  ${REASON} ` });
      expect(accepted.statusCode, accepted.body).toBe(201);
      const documentId = accepted.json().id as string;
      expect(await documentsOf(patient.id)).toEqual([{ id: documentId }]);
      await expectConfirmedWithBothIdentities(documentId);
      // The reason is the audit's, not a document attribute.
      const row = await portal.db
        .selectFrom('documents')
        .select(['metadata'])
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row.metadata)).not.toContain('merged');
    });

    it("takes Jane's own printout for Jane without a confirmation, and a new patient's whose fields name her", async () => {
      const patient = await insertPatient(portal.db, jane('0042'));
      // The upload's own names differ in spelling only; the patient on file is the one compared.
      const own = await upload({ patientId: '0042', patientFirstName: 'JANE', patientLastName: 'DOE' });
      expect(own.statusCode, own.body).toBe(201);
      expect(await confirmationsOf(own.json().id)).toEqual([]);
      expect(await documentsOf(patient.id)).toHaveLength(1);

      const created = await upload({
        patientId: '042',
        patientFirstName: 'Jane',
        patientLastName: 'Doe',
        patientDob: '1948-01-02',
        deviceDetail: JSON.stringify({ serialNumber: 'PJN-123456-S' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      // A new patient's identity is the upload's: someone else's name refuses it.
      const otherNew = await upload(anaFields('UP-NEW-ANA'));
      expect(otherNew.statusCode).toBe(422);
    });

    it('leaves documents other than device reports alone (the check is for CRM printouts)', async () => {
      await insertPatient(portal.db, ana('UP-ANA-3'));
      const study = await upload({ ...anaFields('UP-ANA-3'), type: 'holter-study', serviceLine: 'rpm' });
      expect(study.statusCode, study.body).toBe(201);
    });
  });

  describe('a device session without values, its printout embedded (POST /api/device-data/hl7)', () => {
    /** The pacemaker fixture without its measurements: device facts, session facts and the report. */
    const withoutValues = (patientId: string, query = '') => {
      const message = loadHl7Fixture('pacemaker-dual-chamber', {
        clinicNpi: OWN_CLINIC_NPI,
        patientId,
        pdfBase64: Buffer.from(janesPrintout.bytes).toString('base64'),
      });
      const text = message.text
        .split('\r')
        .filter((segment) => {
          const set = /^OBX\|(\d+)\|/.exec(segment);
          return !set || Number(set[1]) <= 6 || Number(set[1]) === 27;
        })
        .join('\r');
      return { ...message, text, query };
    };
    const send = ({ text, query }: { text: string; query: string }) =>
      portal.as.irhTech.inject({
        method: 'POST',
        url: `/api/device-data/hl7${query}`,
        payload: text,
        headers: { 'content-type': 'application/hl7-v2' },
      });
    const ackOf = (body: string) => {
      const ack = parseHl7Message(body);
      const err = ack.first('ERR');
      return {
        code: ack.first('MSA')?.get(1),
        location: err?.components(2).filter(Boolean).join('^'),
        message: err?.get(8),
      };
    };
    const sessionsOf = (patientRef: string) =>
      portal.db
        .selectFrom('deviceSessions')
        .select(['id', 'documentId'])
        .where('patientRef', '=', patientRef)
        .execute();
    const measurementsOf = async (sessionId: string) =>
      (
        await portal.db
          .selectFrom('deviceMeasurements')
          .select('key')
          .where('sessionId', '=', sessionId)
          .execute()
      ).length;

    it("refuses another patient's printout as the whole of a session (AE 422 naming OBX-5 and printoutConfirmation); nothing is written", async () => {
      const patient = await insertPatient(portal.db, ana('HL7-ANA-1'));
      const response = await send(withoutValues('HL7-ANA-1'));
      expect(response.statusCode, response.body).toBe(422);
      const ack = ackOf(response.body);
      expect(ack.code).toBe('AE');
      expect(ack.location).toBe('OBX^7^5^1');
      expect(ack.message).toMatch(/OBX-5: The printout names another patient .*printoutConfirmation/);
      expect(ack.message).not.toMatch(/Doe|Jane|Lima/);
      expect(await sessionsOf(patient.id)).toEqual([]);
      expect(await documentsOf(patient.id)).toEqual([]);
    });

    it('takes it with printoutConfirmation: the session and its report, the confirmation audited on the report', async () => {
      const patient = await insertPatient(portal.db, ana('HL7-ANA-2'));
      const response = await send(
        withoutValues('HL7-ANA-2', `?printoutConfirmation=${encodeURIComponent(REASON)}`),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(ackOf(response.body).code).toBe('AA');
      const [session] = await sessionsOf(patient.id);
      expect(session?.documentId).toBeTruthy();
      expect(await measurementsOf(session?.id ?? '')).toBe(0);
      await expectConfirmedWithBothIdentities(session?.documentId ?? '');
    });

    it("takes Jane's own printout for Jane; with values, another's printout is left out with a warning and the values kept", async () => {
      const patient = await insertPatient(portal.db, jane('42'));
      const own = await send(withoutValues('42'));
      expect(own.statusCode, own.body).toBe(200);
      const [session] = await sessionsOf(patient.id);
      expect(session?.documentId).toBeTruthy();
      expect(await confirmationsOf(session?.documentId ?? '')).toEqual([]);

      const other = await insertPatient(portal.db, ana('HL7-ANA-3'));
      const message = loadHl7Fixture('pacemaker-dual-chamber', {
        clinicNpi: OWN_CLINIC_NPI,
        patientId: 'HL7-ANA-3',
        pdfBase64: Buffer.from(janesPrintout.bytes).toString('base64'),
      });
      const withValues = await send({ text: message.text, query: '' });
      expect(withValues.statusCode, withValues.body).toBe(200);
      expect(ackOf(withValues.body).code).toBe('AA');
      const warnings = parseHl7Message(withValues.body)
        .all('ERR')
        .map((err) => ({ location: err.components(2).filter(Boolean).join('^'), message: err.get(8) }));
      expect(warnings).toContainEqual({
        location: 'OBX^27^5^1',
        message: expect.stringMatching(
          /^OBX-5: the embedded report was refused \(The printout names another/,
        ),
      });
      const [kept] = await sessionsOf(other.id);
      expect(kept?.documentId).toBeNull();
      expect(await measurementsOf(kept?.id ?? '')).toBeGreaterThan(10);
    });
  });
});
