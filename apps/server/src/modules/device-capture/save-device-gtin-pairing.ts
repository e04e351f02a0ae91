import { type DeviceGtinPairingBody, type DeviceGtinResponse, findCatalogModel } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { BadRequestError } from '../../http/errors';
import { assertMayChangeDeviceGtinPairings, type DeviceGtinTarget } from './device-gtin-access';
import { loadDeviceGtinMatch } from './device-gtin-match';
import {
  findDeviceGtinPairing,
  lockDeviceGtinPairing,
  upsertDeviceGtinPairing,
} from './device-gtin-pairings.repository';
import { recordDeviceGtinPairingChange } from './record-device-gtin-pairing-change';

/**
 * PUT device-gtins/{gtin}: the clinic pairs the GTIN with a catalog model (or points its pairing at another),
 * with its audit event in the same transaction. The model is stored as the catalog spells it. Pairing a GTIN
 * again with the model it already names changes nothing and records nothing.
 */
export async function saveDeviceGtinPairing(
  db: Db,
  actor: Actor,
  target: DeviceGtinTarget,
  body: DeviceGtinPairingBody,
): Promise<DeviceGtinResponse> {
  return inTransaction(db, async (tx) => {
    await assertMayChangeDeviceGtinPairings(tx, actor, target.clinicNpi);
    const model = findCatalogModel(body.manufacturer, body.modelNumber);
    // The body's schema refuses a model the catalog does not have; this keeps the operation safe without it.
    if (!model) {
      throw new BadRequestError('Invalid body: modelNumber', [
        {
          field: 'modelNumber',
          message: 'must be a model number of the device catalog for the manufacturer given',
        },
      ]);
    }
    await lockDeviceGtinPairing(tx, target.clinicNpi, target.gtin);
    const before = (await findDeviceGtinPairing(tx, target.clinicNpi, target.gtin)) ?? null;
    const after = { manufacturer: model.manufacturer, modelNumber: model.modelNumber };
    if (before?.manufacturer !== after.manufacturer || before.modelNumber !== after.modelNumber) {
      await upsertDeviceGtinPairing(tx, { ...target, ...after, actorId: actor.id });
      await recordDeviceGtinPairingChange(tx, { ...target, actorId: actor.id, before, after });
    }
    return loadDeviceGtinMatch(tx, target.clinicNpi, target.gtin);
  });
}
