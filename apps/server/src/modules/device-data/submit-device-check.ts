import {
  assertCan,
  checkDeviceCheckMeasurements,
  type DeviceCheckBody,
  type DeviceCheckProblem,
  type DeviceCheckResponse,
  documentDeadlinesOf,
  type LeadConfigurationKey,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { BadRequestError, ConflictError, UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { insertDocument } from '../documents/documents.repository';
import type { DocumentStorage } from '../documents/storage/file-storage';
import { getPatientInScope } from '../patients/patient-scope';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import {
  buildDeviceCheckReport,
  describePatientDevice,
  effectivePatientNames,
} from './build-device-check-report';
import { type DeviceSessionRow, findSessionByExternalId } from './device-sessions.repository';
import {
  recordPrintoutConfirmation,
  settlePrintoutIdentity,
} from './printout-identity/settle-printout-identity';
import { saveDeviceSession } from './save-device-session';
import { toDeviceSessionResource } from './to-device-session-resource';

export const DEVICE_CHECK_DOCUMENT_TYPE = 'in-person-device-check';

/** Bad measurements, named: a field the configuration lacks or needs is a 400, a value out of range a 422. */
export function throwDeviceCheckProblems(problems: readonly DeviceCheckProblem[]): void {
  if (problems.length === 0) return;
  const details = problems.map(({ field, message }) => ({ field, message }));
  if (problems.some((problem) => problem.kind === 'shape')) {
    throw new BadRequestError('The measurements do not match the lead configuration', details);
  }
  throw new UnprocessableError('Some measurements are not valid', details);
}

/** The same form sent again: the first submission's session, unless the key was another patient's. */
function replayOf(session: DeviceSessionRow, patientRef: string): DeviceCheckResponse {
  if (session.patientRef !== patientRef || !session.documentId) {
    throw new ConflictError('This Idempotency-Key was already used for another device check', [
      { field: 'Idempotency-Key', message: 'was already used for another device check' },
    ]);
  }
  return { data: { session: toDeviceSessionResource(session), documentId: session.documentId } };
}

class ConcurrentReplay extends Error {}

/**
 * POST clinics/{npi}/patients/{id}/device-checks (issue 14 §4): an in-person device check. In one
 * transaction: the device session (its values confirmed by the technician) and its
 * `in-person-device-check` report, unsigned in the clinic's inbox, with a generated PDF. An
 * `Idempotency-Key` makes a retry return the first submission (`created: false`) and write nothing.
 */
export async function submitDeviceCheck(
  context: { db: Db; storage: DocumentStorage },
  actor: Actor,
  target: { clinicNpi: string; id: string },
  body: DeviceCheckBody,
  options: { idempotencyKey?: string | undefined } = {},
): Promise<DeviceCheckResponse & { created: boolean }> {
  const { db } = context;
  const patient = await getPatientInScope(db, actor, target);
  const configuration = await loadClinicConfiguration(db, patient.clinicNpi);
  assertCan(actor.user, 'device-check:create', patient.clinicNpi, configuration);
  const leadConfiguration = body.leadConfiguration as LeadConfigurationKey;
  throwDeviceCheckProblems(
    checkDeviceCheckMeasurements(leadConfiguration, body.deviceType, body.measurements),
  );
  const scraped = new Set(body.scrapedFromPdf ?? []);
  const notMeasured = [...scraped].filter((key) => !(key in body.measurements));
  if (notMeasured.length > 0) {
    throw new BadRequestError('Values confirmed from a PDF must be among the measurements', [
      { field: 'scrapedFromPdf', message: `names keys not in measurements: ${notMeasured.join(', ')}` },
    ]);
  }

  const externalId = options.idempotencyKey ? `in-person-form:${options.idempotencyKey}` : null;
  if (externalId) {
    const existing = await findSessionByExternalId(db, patient.clinicNpi, externalId);
    if (existing) return { ...replayOf(existing, patient.id), created: false };
  }
  // Issue 29 §1: values from a printout whose identity is not this patient's need the technician's word.
  const printoutCheck = await settlePrintoutIdentity(
    db,
    { clinicNpi: patient.clinicNpi, patientRef: patient.id },
    {
      checkId: body.printoutCheckId,
      confirmation: body.printoutConfirmation,
      usesPrintout: scraped.size > 0,
    },
  );

  const sessionDate = body.sessionDate ? new Date(body.sessionDate) : new Date();
  const review = {
    observations: body.observations,
    programmingChanges: body.programmingChanges || null,
    nextFollowUp: body.nextFollowUp ?? null,
  };
  const report = await buildDeviceCheckReport(db, {
    patient,
    technicianId: actor.id,
    deviceType: body.deviceType,
    leadConfiguration,
    sessionDate,
    measurements: body.measurements,
    ...review,
  });
  // Content-addressed: a blob left behind by a rolled-back transaction is harmless.
  const stored = await context.storage.put(report.bytes);
  const device = describePatientDevice(patient);
  const names = effectivePatientNames(patient);

  try {
    return await inTransaction(db, async (tx) => {
      const document = await insertDocument(tx, {
        clinicNpi: patient.clinicNpi,
        type: DEVICE_CHECK_DOCUMENT_TYPE,
        serviceLine: 'crm',
        status: 'unsigned',
        dos: sessionDate,
        dosKey: -sessionDate.getTime(),
        device: device.model,
        patientId: patient.patientId,
        patientFirstName: names.firstName,
        patientLastName: names.lastName,
        patientDob: patient.dob,
        physicianNpi: names.physicianNpi,
        patientRef: patient.id,
        longitudinal: true,
        metadata: JSON.stringify({ pageCount: report.pageCount, source: 'in-person-form' }),
        cptCodes: [],
        icd10Codes: [],
        originalSha256: stored.sha256,
        // A routine report: the clinic's review window for reports.
        ...documentDeadlinesOf(configuration.settings, { alert: null }, new Date()),
      });
      const { session, created } = await saveDeviceSession(tx, actor.id, {
        patient: { id: patient.id, clinicNpi: patient.clinicNpi },
        deviceType: body.deviceType,
        kind: 'in-person',
        source: 'in-person-form',
        sessionDate,
        ...device,
        leadConfiguration,
        documentId: document.id,
        externalId,
        ...review,
        measurements: Object.entries(body.measurements).map(([key, value]) => ({
          key,
          value,
          ...(scraped.has(key) ? { source: 'pdf-scrape' as const } : {}),
        })),
        confirmedBy: actor.id,
      });
      // Another request with the same key committed first: undo this one's document.
      if (!created) throw new ConcurrentReplay();
      await recordAuditEvent(tx, {
        clinicNpi: document.clinicNpi,
        entityType: 'document',
        entityId: document.id,
        eventType: 'created',
        actorId: actor.id,
        after: {
          type: document.type,
          status: document.status,
          sessionId: session.id,
          originalSha256: stored.sha256,
          size: stored.size,
          ...(printoutCheck
            ? {
                printoutCheckId: printoutCheck.id,
                printoutIdentity: printoutCheck.needsConfirmation ? 'confirmed by the technician' : 'matches',
              }
            : {}),
        },
      });
      await recordPrintoutConfirmation(tx, {
        clinicNpi: document.clinicNpi,
        documentId: document.id,
        actorId: actor.id,
        check: printoutCheck,
        reason: body.printoutConfirmation,
      });
      await publishDocumentsChanged(tx, {
        clinicNpi: document.clinicNpi,
        ids: [document.id],
        eventType: 'created',
      });
      return { data: { session: toDeviceSessionResource(session), documentId: document.id }, created: true };
    });
  } catch (error) {
    if (!(error instanceof ConcurrentReplay) || !externalId) throw error;
    const existing = await findSessionByExternalId(db, patient.clinicNpi, externalId);
    if (!existing) throw error;
    return { ...replayOf(existing, patient.id), created: false };
  }
}
