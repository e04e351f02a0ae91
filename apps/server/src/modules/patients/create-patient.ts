import {
  assertCan,
  type CreatePatientInput,
  duplicateSearchKeys,
  findLikelyDuplicates,
  type LikelyDuplicatePatient,
  PATIENT_AUDIT_EVENT_TYPES,
  type PatientResource,
  resolveEffectivePatientFields,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { ConflictError } from '../../http/errors';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { assertPatientClinicInScope } from './patient-scope';
import { toJsonColumn, toStoredContactInfo, toStoredDeviceInfo, toStoredMedicalInfo } from './patient-values';
import {
  findDuplicateCandidates,
  findPatientByPatientId,
  insertPatientRow,
  lockClinicPatientIdentities,
  type PatientRecordRow,
} from './patients.repository';
import { recordPatientEvent } from './record-patient-event';
import { loadPatientResource, loadPatientResources, toPatientRecord } from './to-patient-resource';

export type CreatePatientOutcome = { created: PatientResource } | { duplicates: LikelyDuplicatePatient[] };

/** The clinic's patient id is unique there: a second one is a conflict naming the field. */
export function patientIdTakenError() {
  return new ConflictError('A patient with this patientId already exists at this clinic', [
    { field: 'patientId', message: 'already exists at this clinic' },
  ]);
}

/**
 * The clinic's patients the new one probably is (issue 13 §4): the indexed pre-filter (same clinic, and
 * the same dob or device serial) leaves a handful of rows, which findLikelyDuplicates compares by their
 * effective names and serials.
 */
async function findLikelyDuplicatePatients(tx: Tx, clinicNpi: string, input: CreatePatientInput) {
  const candidate = {
    firstName: input.firstName,
    lastName: input.lastName,
    dob: input.dob,
    deviceSerials: input.deviceInfo?.serialNumber ? [input.deviceInfo.serialNumber] : [],
  };
  const keys = duplicateSearchKeys(candidate);
  const rows = await findDuplicateCandidates(tx, {
    clinicNpi,
    dob: keys.dob,
    deviceSerials: keys.deviceSerials,
  });
  const existing = rows.map((row) => {
    const effective = resolveEffectivePatientFields(toPatientRecord(row));
    return {
      row,
      firstName: effective.firstName.value ?? '',
      lastName: effective.lastName.value ?? '',
      dob: row.dob ?? '',
      deviceSerials: row.deviceSerial ? [row.deviceSerial] : [],
    };
  });
  return findLikelyDuplicates(candidate, existing);
}

async function toDuplicateList(
  tx: Tx,
  found: { patient: { row: PatientRecordRow }; reasons: LikelyDuplicatePatient['reasons'] }[],
): Promise<LikelyDuplicatePatient[]> {
  const resources = await loadPatientResources(
    tx,
    found.map((item) => item.patient.row),
  );
  return found.map((item, index) => ({
    patient: resources[index] as PatientResource,
    reasons: item.reasons,
  }));
}

/**
 * POST clinics/{npi}/patients (empty fields already dropped, SPEC §5). Allowed only with the clinic's
 * 'create new patients' flag. A patient who probably exists already is not created: the answer lists the
 * likely duplicates, unless the request confirms with confirmNotDuplicate.
 */
export async function createPatient(
  db: Db,
  actor: Actor,
  clinicNpi: string,
  input: CreatePatientInput,
): Promise<CreatePatientOutcome> {
  await assertPatientClinicInScope(db, actor, clinicNpi);
  assertCan(actor.user, 'patient:create', clinicNpi, await loadClinicConfiguration(db, clinicNpi));
  return inTransaction(db, async (tx) => {
    await lockClinicPatientIdentities(tx, clinicNpi);
    if (await findPatientByPatientId(tx, clinicNpi, input.patientId)) throw patientIdTakenError();
    if (input.confirmNotDuplicate !== true) {
      const duplicates = await findLikelyDuplicatePatients(tx, clinicNpi, input);
      if (duplicates.length > 0) return { duplicates: await toDuplicateList(tx, duplicates) };
    }
    const created = await insertPatientRow(tx, {
      clinicNpi,
      patientId: input.patientId,
      fmId: input.fmId ?? null,
      firstName: input.firstName,
      middleName: input.middleName ?? null,
      lastName: input.lastName,
      dob: input.dob,
      gender: input.gender ?? null,
      physicianNpi: input.physicianNpi ?? null,
      oacStatus: input.oacStatus ?? null,
      medicalInfo: toJsonColumn(input.medicalInfo && toStoredMedicalInfo(input.medicalInfo)),
      deviceInfo: toJsonColumn(input.deviceInfo && toStoredDeviceInfo(input.deviceInfo)),
      contactInfo: toJsonColumn(input.contactInfo && toStoredContactInfo(input.contactInfo)),
      updatedBy: actor.id,
    });
    await recordPatientEvent(tx, {
      patient: created,
      actorId: actor.id,
      eventType: PATIENT_AUDIT_EVENT_TYPES.created,
      after: toPatientRecord(created),
    });
    return { created: await loadPatientResource(tx, created) };
  });
}
