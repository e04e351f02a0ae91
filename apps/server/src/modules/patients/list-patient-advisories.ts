import { findAdvisoriesForDevice, type ManufacturerAdvisoryList } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { findClinicPatient, findManufacturerAdvisories, readAdvisoryDevice } from './advisories.repository';
import { assertMayReadClinicAdvisories, loadClinicSeenByActor } from './advisory-access';

/**
 * The advisories touching one patient's device (issue 13 §8), newest first: a patient of a clinic the actor
 * sees (404 otherwise), while the clinic's advisories flag is on and the actor may read them there (403).
 */
export async function listPatientAdvisories(
  db: Db,
  actor: Actor,
  key: { clinicNpi: string; id: string },
): Promise<ManufacturerAdvisoryList> {
  const configuration = await loadClinicSeenByActor(db, actor, key.clinicNpi);
  const patient = await findClinicPatient(db, key);
  if (!patient) throw new NotFoundError('Patient');
  assertMayReadClinicAdvisories(actor, key.clinicNpi, configuration);
  const advisories = await findManufacturerAdvisories(db);
  return { data: findAdvisoriesForDevice(readAdvisoryDevice(patient.deviceInfo), advisories) };
}
