import { isDeepStrictEqual } from 'node:util';
import {
  PATIENT_AUDIT_EVENT_TYPES,
  type PatientResource,
  type supplimentalInfoBodySchema,
} from '@portal/domain';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { PatientsTable } from '../../db/schema';
import { type Db, inTransaction } from '../../db/transaction';
import { getPatientForChange } from './patient-scope';
import { toJsonColumn, toStoredContactInfo, toStoredDeviceInfo, toStoredMedicalInfo } from './patient-values';
import { updatePatientRow } from './patients.repository';
import { recordPatientEvent } from './record-patient-event';
import { loadPatientResource, toPatientRecord } from './to-patient-resource';

export type SupplimentalInfoInput = z.output<typeof supplimentalInfoBodySchema>;

/**
 * PUT clinics/{npi}/patients/{id}/supplimental-info (the spec's spelling): each group given replaces the
 * stored one whole, null clears it, a group left out stays. One `updated` event holds the changed groups
 * before and after.
 */
export async function saveSupplimentalInfo(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  input: SupplimentalInfoInput,
): Promise<PatientResource> {
  return inTransaction(db, async (tx) => {
    // Device information alone is a device technician's change too; medical or contact information is
    // the clinical record.
    const clinical = input.medicalInfo !== undefined || input.contactInfo !== undefined;
    const patient = await getPatientForChange(
      tx,
      actor,
      target,
      clinical ? 'patient:update' : 'patient:update-device',
    );
    const record = toPatientRecord(patient);
    const next = {
      medicalInfo:
        input.medicalInfo === undefined
          ? record.medicalInfo
          : input.medicalInfo && toStoredMedicalInfo(input.medicalInfo),
      deviceInfo:
        input.deviceInfo === undefined
          ? record.deviceInfo
          : input.deviceInfo && toStoredDeviceInfo(input.deviceInfo),
      contactInfo:
        input.contactInfo === undefined
          ? record.contactInfo
          : input.contactInfo && toStoredContactInfo(input.contactInfo),
    };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const changes: Updateable<PatientsTable> = {};
    for (const key of ['medicalInfo', 'deviceInfo', 'contactInfo'] as const) {
      if (isDeepStrictEqual(next[key], record[key])) continue;
      before[key] = record[key];
      after[key] = next[key];
      changes[key] = toJsonColumn(next[key]);
    }
    if (Object.keys(changes).length === 0) return loadPatientResource(tx, patient);
    const updated = await updatePatientRow(tx, patient, {
      ...changes,
      updatedAt: new Date(),
      updatedBy: actor.id,
    });
    await recordPatientEvent(tx, {
      patient,
      actorId: actor.id,
      eventType: PATIENT_AUDIT_EVENT_TYPES.updated,
      before,
      after,
    });
    return loadPatientResource(tx, updated);
  });
}
