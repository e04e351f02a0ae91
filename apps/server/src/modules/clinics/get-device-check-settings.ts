import type { EffectiveDeviceCheckSettings } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { getClinicInScope } from './clinic-scope';
import { loadDeviceCheckSettings } from './load-device-check-settings';

/** A clinic's device-check observation prompts (the defaults when it has none), for its members. */
export async function getDeviceCheckSettings(
  db: Db,
  actor: Actor,
  npi: string,
): Promise<EffectiveDeviceCheckSettings> {
  await getClinicInScope(db, actor, npi);
  return loadDeviceCheckSettings(db, npi);
}
