import {
  assertCan,
  checkDeviceCheckMeasurements,
  type DeviceCheckEditBody,
  type DeviceCheckResponse,
  type LeadConfigurationKey,
  type SessionDeviceType,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { DocumentStateError } from '../documents/document-state-error';
import { findDocumentById } from '../documents/documents.repository';
import { recordDocumentChange } from '../documents/record-document-change';
import type { DocumentStorage } from '../documents/storage/file-storage';
import { canSeeClinicPatients } from '../patients/patient-scope';
import { findPatientInClinic } from '../patients/patients.repository';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { buildDeviceCheckReport } from './build-device-check-report';
import {
  findAllSessionMeasurements,
  findClinicSession,
  findSessionById,
  replaceSessionMeasurements,
  updateSessionReview,
} from './device-sessions.repository';
import { throwDeviceCheckProblems } from './submit-device-check';
import { toDeviceSessionResource } from './to-device-session-resource';

export function signedDeviceCheckError(status: string) {
  return new DocumentStateError(
    `The device check's report is ${status}; its technician review can no longer be edited`,
    [{ field: 'documentId', message: `is ${status}` }],
  );
}

/**
 * PATCH clinics/{npi}/device-checks/{sessionId} (issue 14 §4): the technician's review changed after
 * submission, while the 'editing technician review' flag is on and the report is unsigned. The session's
 * review and values change and the unsigned report's PDF is generated again, with the document's
 * `workflow_modification` event, in one transaction.
 */
export async function editDeviceCheck(
  context: { db: Db; storage: DocumentStorage },
  actor: Actor,
  target: { clinicNpi: string; sessionId: string },
  body: DeviceCheckEditBody,
): Promise<DeviceCheckResponse> {
  const { db } = context;
  if (!canSeeClinicPatients(actor, target.clinicNpi)) throw new NotFoundError('Device check');
  const found = await findClinicSession(db, target.clinicNpi, target.sessionId);
  if (found?.kind !== 'in-person' || !found.documentId || !found.leadConfiguration) {
    throw new NotFoundError('Device check');
  }
  assertCan(
    actor.user,
    'device-check:edit',
    found.clinicNpi,
    await loadClinicConfiguration(db, found.clinicNpi),
  );
  const leadConfiguration = found.leadConfiguration as LeadConfigurationKey;
  const deviceType = found.deviceType as SessionDeviceType;
  throwDeviceCheckProblems(
    checkDeviceCheckMeasurements(leadConfiguration, deviceType, body.measurements ?? {}, { partial: true }),
  );
  const documentId = found.documentId;

  return inTransaction(db, async (tx) => {
    // The document's row lock serialises an edit racing the provider's signature.
    const document = await findDocumentById(tx, documentId, { forUpdate: true });
    if (!document) throw new NotFoundError('Device check');
    if (document.status !== 'unsigned') throw signedDeviceCheckError(document.status);
    const session = await findClinicSession(tx, found.clinicNpi, found.id, { forUpdate: true });
    const patient = await findPatientInClinic(tx, found.clinicNpi, found.patientRef);
    if (!session || !patient) throw new NotFoundError('Device check');

    const review = {
      ...(body.observations === undefined ? {} : { observations: body.observations }),
      ...(body.programmingChanges === undefined
        ? {}
        : { programmingChanges: body.programmingChanges || null }),
      ...(body.nextFollowUp === undefined ? {} : { nextFollowUp: body.nextFollowUp }),
    };
    await updateSessionReview(tx, session.id, review);
    const changedValues = Object.entries(body.measurements ?? {});
    const confirmedAt = new Date();
    await replaceSessionMeasurements(
      tx,
      session.id,
      changedValues.map(([key, value]) => ({
        sessionId: session.id,
        patientRef: session.patientRef,
        key,
        measuredAt: session.sessionDate,
        valueNumber: typeof value === 'number' ? value : null,
        valueText: typeof value === 'string' ? value : null,
        source: 'in-person-form',
        confirmedBy: actor.id,
        confirmedAt,
      })),
    );
    const measurements = await findAllSessionMeasurements(tx, session.id);
    const report = await buildDeviceCheckReport(tx, {
      patient,
      technicianId: session.createdBy ?? actor.id,
      deviceType,
      leadConfiguration,
      sessionDate: session.sessionDate,
      measurements,
      observations: review.observations ?? session.observations ?? '',
      programmingChanges:
        review.programmingChanges === undefined ? session.programmingChanges : review.programmingChanges,
      nextFollowUp: review.nextFollowUp === undefined ? session.nextFollowUp : review.nextFollowUp,
    });
    const stored = await context.storage.put(report.bytes);
    await recordDocumentChange(tx, {
      document,
      actorId: actor.id,
      eventType: 'workflow_modification',
      changes: {
        originalSha256: stored.sha256,
        metadata: JSON.stringify({ ...document.metadata, pageCount: report.pageCount }),
      },
      note: 'Technician review edited',
      extra: {
        sessionId: session.id,
        changedMeasurements: changedValues.map(([key]) => key),
        changedReview: Object.keys(review),
      },
    });
    await publishDocumentsChanged(tx, {
      clinicNpi: document.clinicNpi,
      ids: [document.id],
      eventType: 'workflow_modification',
    });
    const updated = await findSessionById(tx, session.id);
    if (!updated) throw new Error('A device session just edited cannot be read back');
    return { data: { session: toDeviceSessionResource(updated), documentId: document.id } };
  });
}
