import {
  checkImportedMeasurementValue,
  checkMeasurementValue,
  type LeadConfigurationKey,
  type MeasurementSource,
  PATIENT_AUDIT_EVENT_TYPES,
  type SessionDeviceType,
  type SessionKind,
} from '@portal/domain';
import type { Tx } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { recordPatientEvent } from '../patients/record-patient-event';
import {
  type DeviceSessionRow,
  findSessionByExternalId,
  findSessionById,
  insertMeasurements,
  insertSessionOnce,
} from './device-sessions.repository';

export type NewDeviceSession = {
  patient: { id: string; clinicNpi: string };
  deviceType: SessionDeviceType;
  kind: SessionKind;
  source: MeasurementSource;
  sessionDate: Date;
  manufacturer?: string | null;
  model?: string | null;
  serialNumber?: string | null;
  leadConfiguration?: LeadConfigurationKey | null;
  documentId?: string | null;
  /** Makes the save idempotent: a second save with the same id at the clinic returns the first session. */
  externalId?: string | null;
  observations?: string | null;
  programmingChanges?: string | null;
  nextFollowUp?: string | null;
  /**
   * IDCO-keyed values; measuredAt defaults to the session's date (a daily value has its own day), source
   * to the session's (a value confirmed from a PDF scrape in a form's session has its own).
   */
  measurements: readonly {
    key: string;
    value: number | string;
    measuredAt?: Date;
    source?: MeasurementSource;
  }[];
  /** Who confirmed the values: the technician who entered them, or null for an unconfirmed import. */
  confirmedBy: string | null;
  /** An imported session's raw HL7 message, by its SHA-256: in the audit event, so in the chain's hash. */
  rawMessageSha256?: string;
};

/**
 * Records a device session and its measurements in the caller's transaction, with the patient's
 * `device_session` audit event. Values are checked against the vocabulary's physical ranges first: one out
 * of range is a 422 naming `measurements.<key>` and nothing is written. Saving again with the same external
 * id writes nothing and returns the session saved the first time (`created: false`).
 */
export async function saveDeviceSession(
  tx: Tx,
  actorId: string,
  input: NewDeviceSession,
): Promise<{ session: DeviceSessionRow; created: boolean }> {
  // A device's own report is checked against what is physically possible only: an unusual value (a
  // fractured lead's impedance) is exactly what the clinic must see, and is flagged, not refused. What a
  // person typed is checked against the usual range.
  const check = input.source === 'device-import' ? checkImportedMeasurementValue : checkMeasurementValue;
  const problems = input.measurements.flatMap(({ key, value }) => {
    const message = check(key, value);
    return message ? [{ field: `measurements.${key}`, message }] : [];
  });
  if (problems.length > 0) throw new UnprocessableError('Some measurements are not valid', problems);

  const clinicNpi = input.patient.clinicNpi;
  const inserted = await insertSessionOnce(tx, {
    clinicNpi,
    patientRef: input.patient.id,
    deviceType: input.deviceType,
    kind: input.kind,
    source: input.source,
    sessionDate: input.sessionDate,
    manufacturer: input.manufacturer ?? null,
    model: input.model ?? null,
    serialNumber: input.serialNumber ?? null,
    leadConfiguration: input.leadConfiguration ?? null,
    documentId: input.documentId ?? null,
    externalId: input.externalId ?? null,
    observations: input.observations ?? null,
    programmingChanges: input.programmingChanges ?? null,
    nextFollowUp: input.nextFollowUp ?? null,
    createdBy: actorId,
  });
  if (!inserted) {
    const existing = await findSessionByExternalId(tx, clinicNpi, input.externalId ?? '');
    if (!existing) throw new Error('A device session conflicted on its external id but cannot be found');
    return { session: existing, created: false };
  }

  const confirmedAt = input.confirmedBy ? new Date() : null;
  await insertMeasurements(
    tx,
    input.measurements.map(({ key, value, measuredAt, source }) => ({
      sessionId: inserted.id,
      patientRef: input.patient.id,
      key,
      measuredAt: measuredAt ?? input.sessionDate,
      valueNumber: typeof value === 'number' ? value : null,
      valueText: typeof value === 'string' ? value : null,
      source: source ?? input.source,
      confirmedBy: input.confirmedBy,
      confirmedAt,
    })),
  );
  await recordPatientEvent(tx, {
    patient: input.patient,
    actorId,
    eventType: PATIENT_AUDIT_EVENT_TYPES.deviceSession,
    after: {
      sessionId: inserted.id,
      kind: input.kind,
      source: input.source,
      deviceType: input.deviceType,
      measurementCount: input.measurements.length,
      documentId: input.documentId ?? null,
      ...(input.rawMessageSha256 ? { rawMessageSha256: input.rawMessageSha256 } : {}),
    },
  });
  const session = await findSessionById(tx, inserted.id);
  if (!session) throw new Error('A device session just saved cannot be read back');
  return { session, created: true };
}
