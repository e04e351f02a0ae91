import { PATIENT_AUDIT_EVENT_TYPES } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { ConflictError } from '../../http/errors';
import { hasPatientSessions } from '../device-data/device-sessions.repository';
import { getPatientForChange } from './patient-scope';
import { countPatientDocuments, deletePatientRow } from './patients.repository';
import { recordPatientEvent } from './record-patient-event';
import { toPatientRecord } from './to-patient-resource';

/**
 * DELETE clinics/{npi}/patients/{id}: a record entered by mistake. A patient with documents, trashed ones
 * included, or with device sessions is never deleted (409): both are medical records. The audit event keeps the record.
 */
export async function deletePatient(db: Db, actor: Actor, target: { clinicNpi: string; id: string }) {
  await inTransaction(db, async (tx) => {
    const patient = await getPatientForChange(tx, actor, target);
    if ((await countPatientDocuments(tx, patient.id)) > 0)
      throw new ConflictError(
        'The patient has documents, which are medical records: the patient cannot be deleted',
      );
    if (await hasPatientSessions(tx, patient.id))
      throw new ConflictError(
        'The patient has device data, which is a medical record: the patient cannot be deleted',
      );
    await deletePatientRow(tx, patient.id);
    await recordPatientEvent(tx, {
      patient,
      actorId: actor.id,
      eventType: PATIENT_AUDIT_EVENT_TYPES.deleted,
      before: toPatientRecord(patient),
    });
  });
}
