import type { PatientResource } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { getPatientForChange } from './patient-scope';
import { recordOacHistoryChange } from './record-oac-history-change';
import { loadPatientResource, toPatientRecord } from './to-patient-resource';

/** DELETE clinics/{npi}/patients/{id}/oac-history/{oacId}: an entry made by mistake (ending one is a PUT). */
export async function deleteOacHistoryEntry(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string; oacId: string },
): Promise<PatientResource> {
  return inTransaction(db, async (tx) => {
    const patient = await getPatientForChange(tx, actor, target);
    const history = toPatientRecord(patient).oacHistory;
    const current = history.find((entry) => entry.id === target.oacId);
    if (!current) throw new NotFoundError('OAC history entry');
    const updated = await recordOacHistoryChange(tx, {
      patient,
      actorId: actor.id,
      history: history.filter((entry) => entry.id !== current.id),
      entryBefore: current,
      entryAfter: null,
    });
    return loadPatientResource(tx, updated);
  });
}
