import { PATIENT_AUDIT_EVENT_TYPES } from '@portal/domain';
import { type Db, inTransaction } from '../../db/transaction';
import { Hl7ParseError, parseHl7Message } from '../../integrations/hl7/hl7-message';
import { IdcoMessageError, readIdcoOru } from '../../integrations/hl7/read-idco-oru';
import { getClinicTimeZone } from '../clinics/clinic-time-zone';
import { recordPatientEvent } from '../patients/record-patient-event';
import { findMessagesWithSessions, markMessageReprocessed } from './device-data-messages.repository';
import {
  findAllSessionMeasurements,
  findSessionById,
  insertMeasurements,
} from './device-sessions.repository';

/** Who the audit trail names for the reprocess command's changes. */
export const REPROCESS_ACTOR_ID = 'system:device-data-reprocess';

export type ReprocessSummary = {
  /** Stored messages that made a session, all read again. */
  messages: number;
  /** Sessions that gained values. */
  sessionsFilled: number;
  /** Values added, in all. */
  valuesAdded: number;
  /** Messages that could not be read again (none should: they were accepted once). */
  unreadable: number;
};

/**
 * Issue 28 §1 (`npm run device-data:reprocess`): reads every kept message again with the current
 * vocabulary, and adds to its session the values the session lacks (a term learned after the import).
 * Values already there are never changed, so running it twice changes nothing the second time. Each
 * session filled is one transaction: its new values, the message marked reprocessed, and the patient's
 * `device_session` audit event naming the keys added and the message's SHA-256.
 */
export async function reprocessDeviceDataMessages(
  db: Db,
  options: { now?: Date; actorId?: string } = {},
): Promise<ReprocessSummary> {
  const summary: ReprocessSummary = { messages: 0, sessionsFilled: 0, valuesAdded: 0, unreadable: 0 };
  const timeZones = new Map<string, string>();
  for (const message of await findMessagesWithSessions(db)) {
    summary.messages += 1;
    const session = message.sessionId ? await findSessionById(db, message.sessionId) : undefined;
    if (!session) continue;
    let timeZone = timeZones.get(message.clinicNpi);
    if (!timeZone) {
      timeZone = await getClinicTimeZone(db, message.clinicNpi);
      timeZones.set(message.clinicNpi, timeZone);
    }
    let measurements: { key: string; value: number | string }[];
    try {
      measurements = readIdcoOru(parseHl7Message(message.raw), { timeZone }).measurements;
    } catch (error) {
      if (!(error instanceof Hl7ParseError) && !(error instanceof IdcoMessageError)) throw error;
      summary.unreadable += 1;
      continue;
    }
    const present = new Set(Object.keys(await findAllSessionMeasurements(db, session.id)));
    const missing = measurements.filter(({ key }) => !present.has(key));
    if (missing.length === 0) continue;
    await inTransaction(db, async (tx) => {
      await insertMeasurements(
        tx,
        missing.map(({ key, value }) => ({
          sessionId: session.id,
          patientRef: session.patientRef,
          key,
          measuredAt: session.sessionDate,
          valueNumber: typeof value === 'number' ? value : null,
          valueText: typeof value === 'string' ? value : null,
          source: 'device-import',
          confirmedBy: null,
          confirmedAt: null,
        })),
      );
      await markMessageReprocessed(tx, message.id, options.now ?? new Date());
      await recordPatientEvent(tx, {
        patient: { id: session.patientRef, clinicNpi: session.clinicNpi },
        actorId: options.actorId ?? REPROCESS_ACTOR_ID,
        eventType: PATIENT_AUDIT_EVENT_TYPES.deviceSession,
        after: {
          sessionId: session.id,
          reprocessed: true,
          addedKeys: missing.map(({ key }) => key),
          rawMessageSha256: message.sha256,
        },
        note: 'device data reprocessed with the current vocabulary',
      });
    });
    summary.sessionsFilled += 1;
    summary.valuesAdded += missing.length;
  }
  return summary;
}
