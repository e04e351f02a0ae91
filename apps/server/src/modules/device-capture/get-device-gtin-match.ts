import type { DeviceGtinResponse } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { assertPatientClinicInScope } from '../patients/patient-scope';
import type { DeviceGtinTarget } from './device-gtin-access';
import { loadDeviceGtinMatch } from './device-gtin-match';

/** GET device-gtins/{gtin}: the model a scanned GTIN stands for at the clinic, or null. */
export async function getDeviceGtinMatch(
  db: Db,
  actor: Actor,
  target: DeviceGtinTarget,
): Promise<DeviceGtinResponse> {
  await assertPatientClinicInScope(db, actor, target.clinicNpi);
  return loadDeviceGtinMatch(db, target.clinicNpi, target.gtin);
}
