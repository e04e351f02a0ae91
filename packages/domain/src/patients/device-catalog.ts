import { z } from 'zod';
import { deviceTypeSchema } from '../common/device-types';
import { MANUFACTURER_NAMES, type ManufacturerCode, manufacturerCodeSchema } from './manufacturers';

/**
 * One model of the device catalog (SPEC §3: manufacturer and modelNumber). The portal's catalog also
 * names the model and gives its device type; a CRT-P counts as a PM and a CRT-D or S-ICD as an ICD,
 * the closest of the SPEC device types.
 */
export const deviceCatalogEntrySchema = z.object({
  manufacturer: manufacturerCodeSchema,
  modelName: z.string().min(1),
  modelNumber: z.string().min(1),
  deviceType: deviceTypeSchema,
});
export type DeviceCatalogEntry = z.infer<typeof deviceCatalogEntrySchema>;

export const EMPTY_DEVICE_CATALOG_MESSAGE = 'Request succeeded but returned no data.';

/** A successful but empty catalog response is an error (SPEC §5); otherwise the entries are returned. */
export function ensureDeviceCatalogHasData<T>(data: readonly T[] | null | undefined): T[] {
  if (!data || data.length === 0) throw new Error(EMPTY_DEVICE_CATALOG_MESSAGE);
  return [...data];
}

// Natural order, so 'L111' sorts before 'L1010'.
const modelCollator = /* @__PURE__ */ new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The sorted, de-duplicated model numbers of one manufacturer (e.g. the Boston list, SPEC §3).
 * An entry matches by code ('BSX') or full name ('Boston Scientific'), ignoring case, so a catalog
 * from elsewhere that spells manufacturers out still yields the list.
 */
export function listModelsForManufacturer(
  catalog: readonly { readonly manufacturer: string; readonly modelNumber: string }[],
  manufacturer: ManufacturerCode,
): string[] {
  const accepted = new Set([manufacturer.toLowerCase(), MANUFACTURER_NAMES[manufacturer].toLowerCase()]);
  const models = catalog
    .filter((entry) => accepted.has(entry.manufacturer.trim().toLowerCase()))
    .map((entry) => entry.modelNumber.trim())
    .filter((model) => model !== '');
  // One spelling per model number: 'l331' and 'L331' are the same model.
  const byKey = new Map<string, string>();
  for (const model of models) if (!byKey.has(model.toUpperCase())) byKey.set(model.toUpperCase(), model);
  return [...byKey.values()].sort(modelCollator.compare);
}
