import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { getPatientInScope } from './patient-scope';
import { loadPatientResource } from './to-patient-resource';

/** GET clinics/{npi}/patients/{id}: the patient page's record. */
export async function getPatient(db: Db, actor: Actor, target: { clinicNpi: string; id: string }) {
  return loadPatientResource(db, await getPatientInScope(db, actor, target));
}
