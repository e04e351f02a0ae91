import { isDeepStrictEqual } from 'node:util';
import {
  PATIENT_AUDIT_EVENT_TYPES,
  type PatientResource,
  type updatePatientBodySchema,
} from '@portal/domain';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { PatientsTable } from '../../db/schema';
import { type Db, inTransaction } from '../../db/transaction';
import { patientIdTakenError } from './create-patient';
import { getPatientForChange } from './patient-scope';
import { mergeOverride, toJsonColumn } from './patient-values';
import {
  findPatientByPatientId,
  lockClinicPatientIdentities,
  type PatientRecordRow,
  updatePatientRow,
} from './patients.repository';
import { recordPatientEvent } from './record-patient-event';
import { loadPatientResource, toPatientRecord } from './to-patient-resource';

export type UpdatePatientInput = z.output<typeof updatePatientBodySchema>;

const PLAIN_FIELDS = ['patientId', 'firstName', 'lastName', 'dob'] as const;
const NULLABLE_FIELDS = ['middleName', 'gender', 'physicianNpi'] as const;

/**
 * PATCH clinics/{npi}/patients/{id}: the fields given change, null clears an optional one; `override`
 * merges key by key (mergeOverride). An oacStatus change is recorded as its own `update_oac` event, the
 * other changes as one `updated` event, both with their values before and after. Nothing changed, nothing
 * written.
 */
export async function updatePatient(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  input: UpdatePatientInput,
): Promise<PatientResource> {
  return inTransaction(db, async (tx) => {
    const patient = await getPatientForChange(tx, actor, target);
    const record = toPatientRecord(patient);

    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const changes: Updateable<PatientsTable> = {};
    const change = <K extends keyof PatientRecordRow & keyof PatientsTable>(
      key: K,
      value: PatientRecordRow[K],
    ) => {
      if (value === patient[key]) return;
      before[key] = patient[key];
      after[key] = value;
      (changes as Record<string, unknown>)[key] = value;
    };
    for (const key of PLAIN_FIELDS) if (input[key] !== undefined) change(key, input[key]);
    for (const key of NULLABLE_FIELDS) if (input[key] !== undefined) change(key, input[key] ?? null);
    const override = mergeOverride(record.override, input.override);
    if (!isDeepStrictEqual(override, record.override)) {
      before.override = record.override;
      after.override = override;
      changes.override = toJsonColumn(override);
    }
    const oacStatus = input.oacStatus === undefined ? patient.oacStatus : (input.oacStatus ?? null);
    const oacChanged = oacStatus !== patient.oacStatus;
    if (oacChanged) changes.oacStatus = oacStatus;
    if (Object.keys(changes).length === 0) return loadPatientResource(tx, patient);

    if (changes.patientId !== undefined) {
      await lockClinicPatientIdentities(tx, patient.clinicNpi);
      const holder = await findPatientByPatientId(tx, patient.clinicNpi, changes.patientId as string);
      if (holder && holder.id !== patient.id) throw patientIdTakenError();
    }
    const updated = await updatePatientRow(tx, patient, {
      ...changes,
      updatedAt: new Date(),
      updatedBy: actor.id,
    });
    if (oacChanged) {
      await recordPatientEvent(tx, {
        patient,
        actorId: actor.id,
        eventType: PATIENT_AUDIT_EVENT_TYPES.updateOac,
        before: { oacStatus: patient.oacStatus },
        after: { oacStatus },
      });
    }
    if (Object.keys(after).length > 0) {
      await recordPatientEvent(tx, {
        patient,
        actorId: actor.id,
        eventType: PATIENT_AUDIT_EVENT_TYPES.updated,
        before,
        after,
      });
    }
    return loadPatientResource(tx, updated);
  });
}
