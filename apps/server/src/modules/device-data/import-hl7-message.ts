import { createHash } from 'node:crypto';
import { assertCan, clinicsWherePermitted } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { type AckCode, buildAck, type Hl7Error } from '../../integrations/hl7/hl7-ack';
import {
  type Hl7Message,
  Hl7ParseError,
  type Hl7Segment,
  parseHl7Message,
} from '../../integrations/hl7/hl7-message';
import { IdcoMessageError, type IdcoTransmission, readIdcoOru } from '../../integrations/hl7/read-idco-oru';
import { getClinicTimeZone } from '../clinics/clinic-time-zone';
import { findOrganizationByNpi } from '../clinics/clinics.repository';
import {
  type IngestContext,
  type PreparedDocument,
  prepareIngestedDocument,
  writeIngestedDocument,
} from '../documents/ingest-document';
import { clinicPatientKey, ensurePatientsForDocuments } from '../patients/ensure-patients-for-documents';
import { findPatientByPatientId, findPatientsByDeviceSerial } from '../patients/patients.repository';
import { insertDeviceDataMessage } from './device-data-messages.repository';
import { findSessionByExternalId } from './device-sessions.repository';
import { PrintoutIdentityMismatchError } from './printout-identity/check-attached-printout';
import { saveDeviceSession } from './save-device-session';

export type Hl7ImportContext = IngestContext;

/** The answer: the HTTP status that goes with the ACK (AA 200, AE 422, AR 400, a clinic not found 404). */
export type Hl7ImportOutcome = {
  status: 200 | 400 | 404 | 422;
  ack: string;
  /** What happened, for the route's log and the tests: never PHI. */
  result: 'created' | 'duplicate' | 'refused';
  sessionId?: string;
  documentId?: string | null;
  /** ERR segments of severity W in an AA: what was not understood. */
  warningCount?: number;
};

const STATUS_OF: Record<AckCode, 200 | 400 | 422> = { AA: 200, AE: 422, AR: 400 };

/** A patient the import found, or the facts to create one with. */
type PatientMatch =
  | {
      kind: 'found';
      id: string;
      patientId: string;
      firstName: string;
      lastName: string;
      dob: string | null;
      warnings: Hl7Error[];
    }
  | { kind: 'new'; patientId: string; firstName: string; lastName: string; warnings: Hl7Error[] };

/**
 * Imports one HL7 v2 ORU^R01 carrying IDCO observations (issue 14 §2) and answers with its ACK.
 *
 * - The clinic is named by MSH-6 (receiving facility, HD.1 or else HD.2): its NPI. A clinic the actor
 *   may not import into answers like one that does not exist: 404 with an AE naming MSH-6.
 * - The patient is the clinic's patient whose patient id is one of PID-3's identifiers; else the one
 *   patient whose device has the MDC_IDC_DEV_SERIAL serial; else a new patient made from PID (the first
 *   PID-3 identifier, PID-5 names, PID-7 dob, PID-8 sex), as document ingest creates one.
 * - The same message again (sending facility | MSH-10, per clinic) is acknowledged AA and writes nothing.
 * - An embedded PDF (OBX type ED) becomes the session's report document, checked as any upload is.
 * - Everything is written in one transaction; a refused message writes nothing (a PDF is stored only
 *   once every check has passed).
 */
export async function importHl7Message(
  context: Hl7ImportContext,
  actor: Actor,
  text: string,
  options: {
    now?: Date;
    ackControlId: string;
    /** Issue 29 §1: the reason an embedded printout naming another patient belongs to this one. */
    printoutConfirmation?: string | undefined;
  },
): Promise<Hl7ImportOutcome> {
  let message: Hl7Message | undefined;
  const buildAnswer = (code: AckCode, detail: { text?: string; errors?: readonly Hl7Error[] }) =>
    buildAck({
      code,
      message,
      controlId: options.ackControlId,
      ...(detail.text === undefined ? {} : { text: detail.text }),
      ...(detail.errors ? { errors: detail.errors } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
  const refuse = (code: Exclude<AckCode, 'AA'>, error: Hl7Error, status?: 404): Hl7ImportOutcome => ({
    status: status ?? STATUS_OF[code],
    result: 'refused',
    ack: buildAnswer(code, { text: error.message, errors: [error] }),
  });

  // PostgreSQL text cannot hold NUL, and no HL7 message carries one.
  if (text.includes('\u0000'))
    return refuse('AR', {
      location: { segment: 'MSH', sequence: 1 },
      condition: 'dataTypeError',
      message: 'The message contains a NUL character: it is not HL7 text',
    });
  try {
    message = parseHl7Message(text);
  } catch (error) {
    if (!(error instanceof Hl7ParseError)) throw error;
    return refuse('AR', {
      location: error.location,
      condition: 'segmentSequenceError',
      message: error.message,
    });
  }

  // May see: the clinic MSH-6 names, among those the actor imports into.
  const msh = message.first('MSH') as Hl7Segment;
  const clinicNpi = (msh.get(6, 1) || msh.get(6, 2)).trim();
  const msh6 = { segment: 'MSH', sequence: 1, field: 6 };
  if (clinicNpi === '')
    return refuse('AE', {
      location: msh6,
      condition: 'requiredFieldMissing',
      message: "MSH-6 (receiving facility) must carry the clinic's NPI",
    });
  const scope = clinicsWherePermitted(actor.user, 'device-data:import');
  const inScope = scope === 'all' || scope.includes(clinicNpi);
  const clinic =
    inScope && clinicNpi.length <= 100 ? await findOrganizationByNpi(context.db, clinicNpi) : undefined;
  if (!clinic)
    return refuse(
      'AE',
      { location: msh6, condition: 'unknownKeyIdentifier', message: 'MSH-6 names no clinic known here' },
      404,
    );
  // May act.
  assertCan(actor.user, 'device-data:import', clinicNpi);
  const rawSha256 = createHash('sha256').update(text, 'utf8').digest('hex');
  const controlIdOf = () => msh.get(10).trim().slice(0, 200);
  const sendingFacilityOf = () => (msh.get(4, 1) || msh.get(4, 2)).trim().slice(0, 200);
  /** Every message that reached a clinic is kept with its answer: the provider company's import log. */
  const keep = async (
    executor: Db | Tx,
    outcome: Hl7ImportOutcome,
    warnings: readonly Hl7Error[] = [],
  ): Promise<Hl7ImportOutcome> => {
    await insertDeviceDataMessage(executor, {
      clinicNpi,
      receivedBy: actor.id,
      sendingFacility: sendingFacilityOf(),
      controlId: controlIdOf(),
      raw: text,
      sha256: rawSha256,
      ack: outcome.ack,
      ackCode: outcome.status === 200 ? 'AA' : /\rMSA\|AR\|/.test(outcome.ack) ? 'AR' : 'AE',
      outcome: outcome.result,
      warnings: JSON.stringify(
        warnings.map(({ location, condition, message: warning }) => ({
          location,
          condition,
          message: warning,
        })),
      ),
      sessionId: outcome.sessionId ?? null,
    });
    return outcome;
  };

  // Local times without a zone are the clinic's.
  const timeZone = await getClinicTimeZone(context.db, clinicNpi);
  let transmission: IdcoTransmission;
  try {
    transmission = readIdcoOru(message, { timeZone });
  } catch (error) {
    if (!(error instanceof IdcoMessageError)) throw error;
    const { ack, ...problem } = error.problem;
    return keep(context.db, refuse(ack, problem));
  }
  const warnings: Hl7Error[] = [...transmission.warnings];

  const externalId = `${transmission.sendingFacility}|${transmission.controlId}`;
  const [already, patient] = await Promise.all([
    findSessionByExternalId(context.db, clinicNpi, externalId),
    matchPatient(context.db, clinicNpi, transmission),
  ]);
  if (already) return keep(context.db, duplicateAnswer(already.id));

  // State allows: the patient can be found or created.
  if ('error' in patient) return keep(context.db, refuse('AE', patient.error));
  warnings.push(...patient.warnings);

  let prepared: PreparedDocument | undefined;
  if (transmission.report) {
    try {
      prepared = await prepareIngestedDocument(
        context,
        actor,
        {
          ...documentFields(clinicNpi, transmission, patient),
          ...(options.printoutConfirmation ? { printoutConfirmation: options.printoutConfirmation } : {}),
        },
        transmission.report.bytes,
      );
    } catch (error) {
      if (!(error instanceof UnprocessableError)) throw error;
      // Issue 29 §1: a session without values is its report alone; another patient's is refused whole.
      if (error instanceof PrintoutIdentityMismatchError && transmission.measurements.length === 0)
        return keep(
          context.db,
          refuse('AE', {
            location: transmission.report.location,
            condition: 'dataTypeError',
            message: `OBX-5: ${error.message} (printoutConfirmation)`,
          }),
        );
      // A damaged report does not cost the measurements: the session is stored without it.
      warnings.push({
        location: transmission.report.location,
        condition: 'dataTypeError',
        message: `OBX-5: the embedded report was refused (${error.message}); the measurements are kept`,
        severity: 'W',
      });
    }
  }

  const saved = await inTransaction(context.db, async (tx) => {
    let patientRef: string;
    if (patient.kind === 'found') {
      patientRef = patient.id;
    } else {
      const { refs } = await ensurePatientsForDocuments(
        tx,
        [
          {
            clinicNpi,
            patientId: patient.patientId,
            patientFirstName: patient.firstName,
            patientLastName: patient.lastName,
            patientDob: transmission.patient.dob,
            device: transmission.device.type,
            deviceDetail: deviceDetailOf(transmission),
            physicianNpi: null,
            more: transmission.patient.gender ? { gender: transmission.patient.gender } : {},
          },
        ],
        { actorId: actor.id, note: 'device data import' },
      );
      const ref = refs.get(clinicPatientKey(clinicNpi, patient.patientId));
      if (!ref) throw new Error('A patient created for a device data import cannot be found');
      patientRef = ref;
    }
    const documentId = prepared ? await writeIngestedDocument(tx, actor, prepared) : null;
    const result = await saveDeviceSession(tx, actor.id, {
      patient: { id: patientRef, clinicNpi },
      deviceType: transmission.device.type,
      kind: transmission.session.kind,
      source: 'device-import',
      sessionDate: transmission.session.date,
      manufacturer: transmission.device.manufacturer,
      model: transmission.device.model,
      serialNumber: transmission.device.serialNumber,
      leadConfiguration: transmission.session.leadConfiguration,
      documentId,
      externalId,
      measurements: transmission.measurements,
      confirmedBy: null,
      rawMessageSha256: rawSha256,
    });
    if (!result.created) return { result, outcome: duplicateAnswer(result.session.id) };
    const outcome: Hl7ImportOutcome = {
      status: 200,
      result: 'created',
      ack: buildAnswer('AA', {
        text: `Session recorded: ${transmission.measurements.length} measurements${warnings.length ? `, ${warnings.length} warnings (ERR, severity W)` : ''}${result.session.documentId ? ', report document created' : ''}`,
        errors: warnings,
      }),
      sessionId: result.session.id,
      documentId: result.session.documentId,
      warningCount: warnings.length,
    };
    // The message is kept in the transaction that made its session: both or neither.
    await keep(tx, outcome, warnings);
    return { result, outcome };
  });
  if (!saved.result.created) return keep(context.db, saved.outcome);
  return saved.outcome;

  function duplicateAnswer(sessionId: string): Hl7ImportOutcome {
    return {
      status: 200,
      result: 'duplicate',
      ack: buildAnswer('AA', { text: 'Already received: this message was imported before; nothing changed' }),
      sessionId,
    };
  }
}

async function matchPatient(
  db: Db,
  clinicNpi: string,
  transmission: IdcoTransmission,
): Promise<PatientMatch | { error: Hl7Error }> {
  const found = (row: {
    id: string;
    patientId: string;
    firstName: string;
    lastName: string;
    dob: string | null;
  }): PatientMatch => ({
    kind: 'found',
    id: row.id,
    patientId: row.patientId,
    firstName: row.firstName,
    lastName: row.lastName,
    dob: row.dob,
    warnings: [],
  });
  for (const identifier of transmission.patient.identifiers) {
    const row = await findPatientByPatientId(db, clinicNpi, identifier);
    if (row) return found(row);
  }
  const serial = transmission.device.serialNumber;
  if (serial) {
    const rows = await findPatientsByDeviceSerial(db, clinicNpi, serial);
    if (rows.length > 1)
      return {
        error: {
          location: { segment: 'PID', sequence: 1, field: 3 },
          condition: 'unknownKeyIdentifier',
          message: 'The device serial belongs to more than one patient: PID-3 must name the patient',
        },
      };
    if (rows[0]) return found(rows[0]);
  }
  const [patientId] = transmission.patient.identifiers;
  if (!patientId)
    return {
      error: {
        location: { segment: 'PID', sequence: 1, field: 3 },
        condition: 'requiredFieldMissing',
        message:
          'PID-3 must carry a patient identifier of type MR, PI, PT or U when no patient has the device serial (SS is never used)',
      },
    };
  // A patient is made from PID; a name the message lacks or cannot fit is a warning, not a refusal.
  const warnings: Hl7Error[] = [];
  const pid5 = { segment: 'PID', sequence: 1, field: 5 };
  const name = (value: string, what: string) => {
    if (value === '') {
      warnings.push({
        location: pid5,
        condition: 'requiredFieldMissing',
        message: `PID-5 has no ${what} name: the new patient is recorded as 'Unknown'`,
        severity: 'W',
      });
      return 'Unknown';
    }
    if (value.length > 100) {
      warnings.push({
        location: pid5,
        condition: 'dataTypeError',
        message: `PID-5 ${what} name is longer than 100 characters: it is cut`,
        severity: 'W',
      });
      return value.slice(0, 100);
    }
    return value;
  };
  return {
    kind: 'new',
    patientId,
    lastName: name(transmission.patient.lastName, 'family'),
    firstName: name(transmission.patient.firstName, 'given'),
    warnings,
  };
}

function deviceDetailOf(transmission: IdcoTransmission) {
  const { manufacturer, model, serialNumber, implantDate } = transmission.device;
  return {
    ...(implantDate ? { implantDate } : {}),
    ...(manufacturer ? { manufacturer } : {}),
    ...(model ? { modelName: model } : {}),
    ...(serialNumber ? { serialNumber } : {}),
  };
}

/** The remote report's document fields: the patient as the clinic knows them, the session's date. */
function documentFields(clinicNpi: string, transmission: IdcoTransmission, patient: PatientMatch) {
  const names =
    patient.kind === 'found'
      ? { patientFirstName: patient.firstName, patientLastName: patient.lastName, patientDob: patient.dob }
      : {
          patientFirstName: patient.firstName,
          patientLastName: patient.lastName,
          patientDob: transmission.patient.dob,
        };
  return {
    clinicNpi,
    type: (transmission.report?.documentType ?? 'implicity-crm-report') as 'implicity-crm-report',
    serviceLine: 'crm',
    dos: transmission.session.date.toISOString(),
    patientId: patient.patientId,
    patientFirstName: names.patientFirstName,
    patientLastName: names.patientLastName,
    ...(names.patientDob ? { patientDob: names.patientDob } : {}),
    device: transmission.device.type,
    deviceDetail: deviceDetailOf(transmission),
    longitudinal: true,
  };
}
