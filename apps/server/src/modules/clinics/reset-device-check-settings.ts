import { assertCan, type EffectiveDeviceCheckSettings } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { getClinicInScope } from './clinic-scope';
import { loadDeviceCheckSettings } from './load-device-check-settings';
import { recordDeviceCheckChange } from './record-device-check-change';
import { deleteDeviceCheckSettings } from './settings.repository';

/** Returns a clinic to the default device-check settings (a clinic already on them stays, audited alike). */
export async function resetDeviceCheckSettings(
  db: Db,
  actor: Actor,
  npi: string,
): Promise<EffectiveDeviceCheckSettings> {
  return inTransaction(db, async (tx) => {
    await getClinicInScope(tx, actor, npi);
    assertCan(actor.user, 'clinic:update-settings', npi);
    const before = await loadDeviceCheckSettings(tx, npi);
    await deleteDeviceCheckSettings(tx, npi);
    const after = await loadDeviceCheckSettings(tx, npi);
    await recordDeviceCheckChange(tx, { clinicNpi: npi, actorId: actor.id, before, after });
    return after;
  });
}
