import { assertCan } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { assertPatientClinicInScope } from '../patients/patient-scope';

export type DeviceGtinTarget = { clinicNpi: string; gtin: string };

/**
 * May the actor change the clinic's GTIN pairings: a clinic whose patients the actor reads (404 otherwise,
 * as for one that does not exist), and patient:update-device there (403), as for a patient's device info.
 */
export async function assertMayChangeDeviceGtinPairings(db: Db | Tx, actor: Actor, clinicNpi: string) {
  await assertPatientClinicInScope(db, actor, clinicNpi);
  assertCan(actor.user, 'patient:update-device', clinicNpi);
}
