import type { DeviceCatalogEntry } from '../patients/device-catalog';
import { DEVICE_CATALOG } from '../patients/device-catalog-data';
import { findCatalogModel } from '../patients/device-catalog-lookup';
import type { ManufacturerCode } from '../patients/manufacturers';
import { toGtin14 } from './gtin';

/**
 * DEMONSTRATION CODES, NOT REAL PRODUCTS. The built-in device catalog carries no GTINs: none could be
 * verified from public material. These GTINs give demo data, tests and the scanner's test page something
 * the catalog knows. They lie under GS1 Prefix 952, which GS1's list of prefixes marks "Used for
 * demonstrations and examples of the GS1 system" (never licensed to a company, so never a real product;
 * GS1's own examples use it, e.g. the Digital Link standard's 09520123456788). The company prefix 9527700
 * within it is made up here. Each is a GTIN-14 (indicator 0) with a valid check digit, and
 * names one real catalog model (manufacturer and modelNumber).
 */
export const DEMO_DEVICE_GTINS: readonly {
  readonly gtin: string;
  readonly manufacturer: ManufacturerCode;
  readonly modelNumber: string;
}[] = [
  { gtin: '09527700000013', manufacturer: 'MDT', modelNumber: 'W1SR01' },
  { gtin: '09527700000020', manufacturer: 'MDT', modelNumber: 'DVPA2D4' },
  { gtin: '09527700000037', manufacturer: 'MDT', modelNumber: 'LNQ11' },
  { gtin: '09527700000044', manufacturer: 'BSX', modelNumber: 'L331' },
  { gtin: '09527700000051', manufacturer: 'BSX', modelNumber: 'G124' },
  { gtin: '09527700000068', manufacturer: 'BIO', modelNumber: 'Edora 8 DR-T' },
  { gtin: '09527700000075', manufacturer: 'STJ', modelNumber: 'PM1272' },
  { gtin: '09527700000082', manufacturer: 'STJ', modelNumber: 'CDDRA500Q' },
  { gtin: '09527700000099', manufacturer: 'SOR', modelNumber: 'KORA 100 SR' },
];

/**
 * The catalog model a GTIN (8, 12, 13 or 14 digits) stands for, if the catalog knows it: today only the
 * demonstration GTINs above do.
 */
export function findCatalogModelByGtin(
  gtin: string,
  {
    gtins = DEMO_DEVICE_GTINS,
    catalog = DEVICE_CATALOG,
  }: {
    gtins?: typeof DEMO_DEVICE_GTINS;
    catalog?: readonly DeviceCatalogEntry[];
  } = {},
): DeviceCatalogEntry | undefined {
  const wanted = toGtin14(gtin);
  if (wanted === null) return undefined;
  const known = gtins.find((entry) => entry.gtin === wanted);
  return known ? findCatalogModel(known.manufacturer, known.modelNumber, catalog) : undefined;
}
