import { assertCan, clinicsWherePermitted } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { type AckCode, buildAck, type Hl7Error } from '../../integrations/hl7/hl7-ack';
import { type Hl7Message, Hl7ParseError, parseHl7Message } from '../../integrations/hl7/hl7-message';
import { IdcoMessageError, type IdcoTransmission, readIdcoOru } from '../../integrations/hl7/read-idco-oru';
import { findOrganizationByNpi } from '../clinics/clinics.repository';
import {
  type IngestContext,
  type PreparedDocument,
  prepareIngestedDocument,
  writeIngestedDocument,
} from '../documents/ingest-document';
import { clinicPatientKey, ensurePatientsForDocuments } from '../patients/ensure-patients-for-documents';
import { findPatientByPatientId, findPatientsByDeviceSerial } from '../patients/patients.repository';
import { findSessionByExternalId } from './device-sessions.repository';
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
};

const STATUS_OF: Record<AckCode, 200 | 400 | 422> = { AA: 200, AE: 422, AR: 400 };

/** A patient the import found, or the facts to create one with. */
type PatientMatch =
  | { kind: 'found'; id: string; patientId: string; firstName: string; lastName: string; dob: string | null }
  | { kind: 'new'; patientId: string };

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
  options: { now?: Date; ackControlId: string },
): Promise<Hl7ImportOutcome> {
  let message: Hl7Message | undefined;
  const answer = (
    code: AckCode,
    detail: { text?: string; errors?: Hl7Error[]; status?: 404 },
  ): Hl7ImportOutcome => ({
    status: detail.status ?? STATUS_OF[code],
    result: 'refused',
    ack: buildAck({
      code,
      message,
      controlId: options.ackControlId,
      ...(detail.text === undefined ? {} : { text: detail.text }),
      ...(detail.errors ? { errors: detail.errors } : {}),
      ...(options.now ? { now: options.now } : {}),
    }),
  });
  const refuse = (code: Exclude<AckCode, 'AA'>, error: Hl7Error, status?: 404) =>
    answer(code, { text: error.message, errors: [error], ...(status ? { status } : {}) });

  let transmission: IdcoTransmission;
  try {
    message = parseHl7Message(text);
    transmission = readIdcoOru(message);
  } catch (error) {
    if (error instanceof Hl7ParseError)
      return refuse('AR', {
        location: error.location,
        condition: 'segmentSequenceError',
        message: error.message,
      });
    if (error instanceof IdcoMessageError) {
      const { ack, ...problem } = error.problem;
      return refuse(ack, problem);
    }
    throw error;
  }

  // May see: the clinic MSH-6 names, among those the actor imports into.
  const clinicNpi = transmission.receivingFacility;
  const msh6 = { segment: 'MSH', sequence: 1, field: 6 };
  if (clinicNpi === '')
    return refuse('AE', {
      location: msh6,
      condition: 'requiredFieldMissing',
      message: "MSH-6 (receiving facility) must carry the clinic's NPI",
    });
  const scope = clinicsWherePermitted(actor.user, 'device-data:import');
  const inScope = scope === 'all' || scope.includes(clinicNpi);
  if (!inScope)
    return refuse(
      'AE',
      { location: msh6, condition: 'unknownKeyIdentifier', message: 'MSH-6 names no clinic known here' },
      404,
    );
  const externalId = `${transmission.sendingFacility}|${transmission.controlId}`;
  // Three independent reads at once (on PostgreSQL, three connections): the clinic, an earlier import of
  // this message, the patient. The import's latency is mostly round trips.
  const [clinic, already, patient] = await Promise.all([
    findOrganizationByNpi(context.db, clinicNpi),
    findSessionByExternalId(context.db, clinicNpi, externalId),
    matchPatient(context.db, clinicNpi, transmission),
  ]);
  if (!clinic)
    return refuse(
      'AE',
      { location: msh6, condition: 'unknownKeyIdentifier', message: 'MSH-6 names no clinic known here' },
      404,
    );
  // May act.
  assertCan(actor.user, 'device-data:import', clinicNpi);
  if (already) return duplicateAnswer(already.id);

  // State allows: the patient can be found or created, and the report is a PDF the portal takes.
  if ('error' in patient) return refuse('AE', patient.error);

  let prepared: PreparedDocument | undefined;
  if (transmission.report) {
    try {
      prepared = await prepareIngestedDocument(
        context,
        actor,
        documentFields(clinicNpi, transmission, patient),
        transmission.report.bytes,
      );
    } catch (error) {
      if (!(error instanceof UnprocessableError)) throw error;
      return refuse('AE', {
        location: transmission.report.location,
        condition: 'dataTypeError',
        message: `OBX-5: ${error.message}`,
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
            patientFirstName: transmission.patient.firstName,
            patientLastName: transmission.patient.lastName,
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
    return saveDeviceSession(tx, actor.id, {
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
    });
  });
  if (!saved.created) return duplicateAnswer(saved.session.id);
  const ignored = transmission.ignoredCount;
  return {
    ...answer('AA', {
      text: `Session recorded: ${transmission.measurements.length} measurements${ignored ? `, ${ignored} observations not recorded` : ''}${saved.session.documentId ? ', report document created' : ''}`,
    }),
    result: 'created',
    sessionId: saved.session.id,
    documentId: saved.session.documentId,
  };

  function duplicateAnswer(sessionId: string): Hl7ImportOutcome {
    return {
      ...answer('AA', { text: 'Already received: this message was imported before; nothing changed' }),
      result: 'duplicate',
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
        message: 'PID-3 (patient identifier) is required when no patient has the device serial',
      },
    };
  if (!transmission.patient.lastName || !transmission.patient.firstName)
    return {
      error: {
        location: { segment: 'PID', sequence: 1, field: 5 },
        condition: 'requiredFieldMissing',
        message: 'PID-5 (family and given name) is required to create the patient',
      },
    };
  if (transmission.patient.lastName.length > 100 || transmission.patient.firstName.length > 100)
    return {
      error: {
        location: { segment: 'PID', sequence: 1, field: 5 },
        condition: 'dataTypeError',
        message: 'PID-5 names must be at most 100 characters',
      },
    };
  return { kind: 'new', patientId };
}

function deviceDetailOf(transmission: IdcoTransmission) {
  const { manufacturer, model, serialNumber } = transmission.device;
  return {
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
          patientFirstName: transmission.patient.firstName,
          patientLastName: transmission.patient.lastName,
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
