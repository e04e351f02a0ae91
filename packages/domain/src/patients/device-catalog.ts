import { z } from 'zod';
import { MANUFACTURER_NAMES, type ManufacturerCode } from './manufacturers';

export const deviceCatalogEntrySchema = z.object({
  manufacturer: z.string(),
  modelNumber: z.string(),
});
export type DeviceCatalogEntry = z.infer<typeof deviceCatalogEntrySchema>;

export const EMPTY_DEVICE_CATALOG_MESSAGE = 'Request succeeded but returned no data.';

/** A successful but empty catalog response is an error (SPEC §5); otherwise the entries are returned. */
export function ensureDeviceCatalogHasData<T>(data: readonly T[] | null | undefined): T[] {
  if (!data || data.length === 0) throw new Error(EMPTY_DEVICE_CATALOG_MESSAGE);
  return [...data];
}

// Natural order, so 'L111' sorts before 'L1010'.
const modelCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The sorted, de-duplicated model numbers of one manufacturer (e.g. the Boston list, SPEC §3).
 * An entry matches by code ('BSX') or full name ('Boston Scientific'), ignoring case.
 */
export function listModelsForManufacturer(
  catalog: readonly DeviceCatalogEntry[],
  manufacturer: ManufacturerCode,
): string[] {
  const accepted = new Set([manufacturer.toLowerCase(), MANUFACTURER_NAMES[manufacturer].toLowerCase()]);
  const models = catalog
    .filter((entry) => accepted.has(entry.manufacturer.trim().toLowerCase()))
    .map((entry) => entry.modelNumber.trim())
    .filter((model) => model !== '');
  return [...new Set(models)].sort(modelCollator.compare);
}
