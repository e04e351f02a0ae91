import {
  type OacHistoryEntry,
  oacEndDateProblem,
  type PatientResource,
  type updateOacHistoryBodySchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { NotFoundError, UnprocessableError } from '../../http/errors';
import { getPatientForChange } from './patient-scope';
import { recordOacHistoryChange } from './record-oac-history-change';
import { loadPatientResource, toPatientRecord } from './to-patient-resource';

/**
 * PUT clinics/{npi}/patients/{id}/oac-history/{oacId}: the fields given change; null clears the end date
 * (the medication runs on) or the medication's name. A date sent alone is checked against the stored
 * other: an end before the start is refused (422 naming endDate), whichever of the two was sent.
 */
export async function updateOacHistoryEntry(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string; oacId: string },
  input: z.output<typeof updateOacHistoryBodySchema>,
): Promise<PatientResource> {
  return inTransaction(db, async (tx) => {
    const patient = await getPatientForChange(tx, actor, target);
    const history = toPatientRecord(patient).oacHistory;
    const current = history.find((entry) => entry.id === target.oacId);
    if (!current) throw new NotFoundError('OAC history entry');
    const next: OacHistoryEntry = {
      ...current,
      medicationName:
        input.medicationName === undefined ? current.medicationName : input.medicationName?.trim() || null,
      startDate: input.startDate ?? current.startDate,
      endDate: input.endDate === undefined ? current.endDate : input.endDate,
    };
    const problem = oacEndDateProblem(next.startDate, next.endDate);
    if (problem) throw new UnprocessableError(`Invalid body: ${problem.field}`, [problem]);
    if (
      next.medicationName === current.medicationName &&
      next.startDate === current.startDate &&
      next.endDate === current.endDate
    )
      return loadPatientResource(tx, patient);
    const changed = { ...next, updatedBy: actor.id, updatedAt: new Date().toISOString() };
    const updated = await recordOacHistoryChange(tx, {
      patient,
      actorId: actor.id,
      history: history.map((entry) => (entry.id === current.id ? changed : entry)),
      entryBefore: current,
      entryAfter: changed,
    });
    return loadPatientResource(tx, updated);
  });
}
