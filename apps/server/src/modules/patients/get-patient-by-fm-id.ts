import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { assertPatientClinicInScope } from './patient-scope';
import { findPatientByFmId } from './patients.repository';
import { loadPatientResource } from './to-patient-resource';

/**
 * GET clinics/{npi}/search/by-fm-id/{id}: the clinic's patient with that FileMaker record id, as stored
 * (404 when none). Syncing from FileMaker first (forceSync=true) is a separate operation.
 */
export async function getPatientByFmId(db: Db, actor: Actor, target: { clinicNpi: string; fmId: string }) {
  await assertPatientClinicInScope(db, actor, target.clinicNpi);
  const patient = await findPatientByFmId(db, target.clinicNpi, target.fmId);
  if (!patient) throw new NotFoundError('Patient');
  return loadPatientResource(db, patient);
}
