import type { DeviceType } from '../common/device-types';
import type { DeviceCatalogEntry } from './device-catalog';
import { DEVICE_CATALOG } from './device-catalog-data';
import type { ManufacturerCode } from './manufacturers';

/**
 * The comparable form of a model name or number: case, accents, spacing, hyphens and trademark signs
 * do not count, so 'Edora 8 DR-T', ' edora 8  dr-t ' and 'EDORA 8 DRT' are the same text.
 */
export function normalizeModelText(text: string): string {
  return text
    .replace(/[™®©℠]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The catalog model with this manufacturer and model number (trimmed, any case), if the portal knows it. */
export function findCatalogModel(
  manufacturer: ManufacturerCode,
  modelNumber: string,
  catalog: readonly DeviceCatalogEntry[] = DEVICE_CATALOG,
): DeviceCatalogEntry | undefined {
  const wanted = modelNumber.trim().toUpperCase();
  if (wanted === '') return undefined;
  return catalog.find(
    (entry) => entry.manufacturer === manufacturer && entry.modelNumber.trim().toUpperCase() === wanted,
  );
}

export type CatalogModelFilter = {
  manufacturer?: ManufacturerCode;
  deviceType?: DeviceType;
  catalog?: readonly DeviceCatalogEntry[];
};

/**
 * The catalog models whose name is this text, ignoring case and spacing (normalizeModelText). One
 * name can have several model numbers (Medtronic's DF-1 and DF4 variants, Abbott's SR and DR), so
 * the answer is a list, in catalog order.
 */
export function findCatalogModelsByName(
  modelName: string,
  { manufacturer, deviceType, catalog = DEVICE_CATALOG }: CatalogModelFilter = {},
): DeviceCatalogEntry[] {
  const wanted = normalizeModelText(modelName);
  if (wanted === '') return [];
  return catalog.filter(
    (entry) =>
      matchesFilter(entry, manufacturer, deviceType) && normalizeModelText(entry.modelName) === wanted,
  );
}

/**
 * Catalog models for a device-info form's typed text: every word of the query must begin a word of
 * the model's name (or a run of its words: 'edora8' finds 'Edora 8 DR-T') or appear in its model
 * number, ignoring case and spacing. Exact names and numbers come first, then those that start with
 * the query, then the rest; ties keep catalog order.
 */
export function searchCatalogModels(
  query: string,
  { limit, ...filter }: CatalogModelFilter & { limit?: number } = {},
): DeviceCatalogEntry[] {
  const words = query.split(/\s+/).map(normalizeModelText).filter(Boolean);
  if (words.length === 0) return [];
  const compactQuery = words.join('');
  const { manufacturer, deviceType, catalog = DEVICE_CATALOG } = filter;
  const ranked = catalog.flatMap((entry, index) => {
    if (!matchesFilter(entry, manufacturer, deviceType)) return [];
    const nameStarts = wordStarts(entry.modelName);
    const number = normalizeModelText(entry.modelNumber);
    const matches = words.every(
      (word) => nameStarts.some((start) => start.startsWith(word)) || number.includes(word),
    );
    if (!matches) return [];
    return [{ entry, index, rank: matchRank(compactQuery, nameStarts[0] ?? '', number) }];
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const found = ranked.map(({ entry }) => entry);
  return limit === undefined ? found : found.slice(0, Math.max(0, limit));
}

function matchesFilter(
  entry: DeviceCatalogEntry,
  manufacturer: ManufacturerCode | undefined,
  deviceType: DeviceType | undefined,
): boolean {
  return (
    (manufacturer === undefined || entry.manufacturer === manufacturer) &&
    (deviceType === undefined || entry.deviceType === deviceType)
  );
}

/**
 * The normalized name from each of its words on: 'Micra VR' gives 'micravr' and 'vr', so 'av'
 * (of 'Micra AV') does not match across the word boundary.
 */
function wordStarts(modelName: string): string[] {
  const words = modelName
    .split(/[^\p{L}\p{N}]+/u)
    .map(normalizeModelText)
    .filter(Boolean);
  return words.map((_word, index) => words.slice(index).join(''));
}

function matchRank(query: string, name: string, number: string): number {
  if (name === query || number === query) return 0;
  if (name.startsWith(query) || number.startsWith(query)) return 1;
  return 2;
}
