import { type OacHistoryEntry, PATIENT_AUDIT_EVENT_TYPES } from '@portal/domain';
import type { Tx } from '../../db/transaction';
import type { PatientRecordRow } from './patients.repository';
import { updatePatientRow } from './patients.repository';
import { recordPatientEvent } from './record-patient-event';

/**
 * Stores a patient's new OAC history (kept on the row, changed under the row's lock) and its `update_oac`
 * event: the entry before and after (null before for an entry added, null after for one removed).
 */
export async function recordOacHistoryChange(
  tx: Tx,
  options: {
    patient: PatientRecordRow;
    actorId: string;
    history: OacHistoryEntry[];
    entryBefore: OacHistoryEntry | null;
    entryAfter: OacHistoryEntry | null;
  },
) {
  const { patient, actorId } = options;
  const updated = await updatePatientRow(tx, patient, {
    oacHistory: JSON.stringify(options.history),
    updatedAt: new Date(),
    updatedBy: actorId,
  });
  await recordPatientEvent(tx, {
    patient,
    actorId,
    eventType: PATIENT_AUDIT_EVENT_TYPES.updateOac,
    before: { oacHistoryEntry: options.entryBefore },
    after: { oacHistoryEntry: options.entryAfter },
  });
  return updated;
}
