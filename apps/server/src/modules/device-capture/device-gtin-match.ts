import {
  type DeviceGtinResponse,
  findCatalogModel,
  findCatalogModelByGtin,
  manufacturerCodeOf,
} from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { findDeviceGtinPairing } from './device-gtin-pairings.repository';

/**
 * The model a GTIN-14 stands for at a clinic: the clinic's own pairing first, then the built-in catalog. A
 * pairing names its model by manufacturer and model number; the name and device type come from the catalog.
 * A pairing whose model the catalog no longer has is passed over, as if there were none.
 */
export async function loadDeviceGtinMatch(
  db: Db | Tx,
  clinicNpi: string,
  gtin: string,
): Promise<DeviceGtinResponse> {
  const pairing = await findDeviceGtinPairing(db, clinicNpi, gtin);
  const manufacturer = pairing ? manufacturerCodeOf(pairing.manufacturer) : null;
  const paired = pairing && manufacturer ? findCatalogModel(manufacturer, pairing.modelNumber) : undefined;
  if (paired) return { data: { gtin, match: { source: 'clinic-pairing', ...paired } } };
  const cataloged = findCatalogModelByGtin(gtin);
  return { data: { gtin, match: cataloged ? { source: 'catalog', ...cataloged } : null } };
}
