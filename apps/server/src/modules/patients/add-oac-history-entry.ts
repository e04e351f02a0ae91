import { randomUUID } from 'node:crypto';
import type { createOacHistoryBodySchema, OacHistoryEntry, PatientResource } from '@portal/domain';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { getPatientForChange } from './patient-scope';
import { recordOacHistoryChange } from './record-oac-history-change';
import { loadPatientResource, toPatientRecord } from './to-patient-resource';

/** POST clinics/{npi}/patients/{id}/oac-history: a new entry (an empty medication reads '(unknown medication)'). */
export async function addOacHistoryEntry(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  input: z.output<typeof createOacHistoryBodySchema>,
): Promise<PatientResource> {
  return inTransaction(db, async (tx) => {
    const patient = await getPatientForChange(tx, actor, target);
    const entry: OacHistoryEntry = {
      id: randomUUID(),
      medicationName: input.medicationName?.trim() || null,
      startDate: input.startDate,
      endDate: input.endDate ?? null,
      updatedBy: actor.id,
      updatedAt: new Date().toISOString(),
    };
    const updated = await recordOacHistoryChange(tx, {
      patient,
      actorId: actor.id,
      history: [...toPatientRecord(patient).oacHistory, entry],
      entryBefore: null,
      entryAfter: entry,
    });
    return loadPatientResource(tx, updated);
  });
}
