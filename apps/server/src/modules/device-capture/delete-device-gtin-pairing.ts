import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { assertMayChangeDeviceGtinPairings, type DeviceGtinTarget } from './device-gtin-access';
import {
  deleteDeviceGtinPairing as deleteStoredPairing,
  findDeviceGtinPairing,
  lockDeviceGtinPairing,
} from './device-gtin-pairings.repository';
import { recordDeviceGtinPairingChange } from './record-device-gtin-pairing-change';

/**
 * DELETE device-gtins/{gtin}: the clinic's pairing goes (audited in the same transaction), so the GTIN
 * matches what the catalog says again; 404 when the clinic has no pairing of it.
 */
export async function deleteDeviceGtinPairing(db: Db, actor: Actor, target: DeviceGtinTarget): Promise<void> {
  await inTransaction(db, async (tx) => {
    await assertMayChangeDeviceGtinPairings(tx, actor, target.clinicNpi);
    await lockDeviceGtinPairing(tx, target.clinicNpi, target.gtin);
    const before = await findDeviceGtinPairing(tx, target.clinicNpi, target.gtin);
    if (!before) throw new NotFoundError('GTIN pairing');
    await deleteStoredPairing(tx, target.clinicNpi, target.gtin);
    await recordDeviceGtinPairingChange(tx, { ...target, actorId: actor.id, before, after: null });
  });
}
