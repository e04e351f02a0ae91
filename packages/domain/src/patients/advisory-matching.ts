import type { DeviceCatalogEntry } from './device-catalog';
import { DEVICE_CATALOG } from './device-catalog-data';
import { findCatalogModelsByName, normalizeModelText } from './device-catalog-lookup';
import { normalizeDeviceSerial } from './likely-duplicates';
import { MANUFACTURER_CODES, MANUFACTURER_NAMES, type ManufacturerCode } from './manufacturers';
import type { ManufacturerAdvisory } from './patients.contract';

/**
 * Which devices a manufacturer advisory touches (issue 13 §8), as a pure rule the server uses to list a
 * patient's advisories and to export an advisory's patients, and the web may use to explain a match.
 *
 * - The manufacturer: a device whose manufacturer is known to be another one is never touched. A device
 *   with no manufacturer, or one spelled in a way the portal does not know, is judged by its model.
 * - The model: the device's model number, compared as normalizeModelText compares (case, spacing, hyphens
 *   and trademark signs do not count), is one of the advisory's model numbers. A device with no model
 *   number is judged by its model name: the name is itself one of the advisory's numbers (Biotronik and
 *   MicroPort designations are their own numbers), or a catalog name whose model number is listed.
 *   Where a name has several numbers (DF-1 and DF4 variants) one listed number is enough: a clinic would
 *   rather check one patient too many than miss one.
 * - The serial: an advisory with neither serial ranges nor serial numbers touches every device of its
 *   models. Otherwise the device's serial, normalised as normalizeDeviceSerial does, must be listed or lie
 *   in a range (isSerialInRange); a device with no serial recorded cannot be placed and is not touched.
 */
export type AdvisoryDevice = {
  manufacturer?: string | null | undefined;
  model?: string | null | undefined;
  modelNumber?: string | null | undefined;
  serialNumber?: string | null | undefined;
};

export type AdvisoryScope = Pick<
  ManufacturerAdvisory,
  'manufacturer' | 'models' | 'serialRanges' | 'serialNumbers'
>;

/** Other names device records give the manufacturers: the companies that bought them, their initials. */
const MANUFACTURER_ALIASES: Readonly<Record<string, ManufacturerCode>> = {
  biotronik: 'BIO',
  bostonscientific: 'BSX',
  boston: 'BSX',
  bsc: 'BSX',
  guidant: 'BSX',
  medtronic: 'MDT',
  stjudemedical: 'STJ',
  stjude: 'STJ',
  sjm: 'STJ',
  abbott: 'STJ',
  sorin: 'SOR',
  microport: 'SOR',
  livanova: 'SOR',
};

/** The manufacturer code a record's manufacturer text stands for ('MDT', 'Medtronic', 'Abbott'), if known. */
export function resolveManufacturerCode(text: string | null | undefined): ManufacturerCode | undefined {
  const key = normalizeModelText(text ?? '');
  if (key === '') return undefined;
  const byCode = MANUFACTURER_CODES.find((code) => code.toLowerCase() === key);
  if (byCode) return byCode;
  const byName = MANUFACTURER_CODES.find((code) => normalizeModelText(MANUFACTURER_NAMES[code]) === key);
  return byName ?? MANUFACTURER_ALIASES[key];
}

type SerialParts = { prefix: string; digits: string; suffix: string };

/** Letters, then digits, then letters ('PJN123456S'), as serial numbers are usually made. */
function splitSerial(serial: string): SerialParts | undefined {
  const match = /^([A-Z]*)(\d+)([A-Z]*)$/.exec(serial);
  if (!match) return undefined;
  return { prefix: match[1] ?? '', digits: match[2] ?? '', suffix: match[3] ?? '' };
}

const isDigit = (character: string) => character >= '0' && character <= '9';

/** Where both bounds have a digit the serial has one, and where both have something else it has no digit. */
function hasShapeOf(serial: string, from: string, to: string): boolean {
  for (let index = 0; index < serial.length; index += 1) {
    const bounds = [isDigit(from[index] ?? ''), isDigit(to[index] ?? '')];
    if (bounds[0] === bounds[1] && bounds[0] !== isDigit(serial[index] ?? '')) return false;
  }
  return true;
}

/**
 * Whether a serial lies in an inclusive range, all three normalised (normalizeDeviceSerial) first.
 * - Serials as long as both bounds, of the same shape (digits where the bounds have digits), compare
 *   character by character: '0123' to '0456', 'PJN100000S' to 'PJN199999S'.
 * - Otherwise serials of the form letters, digits, letters compare by their number when all three have
 *   the same letters before and after it: '999' to '1005', 'A95' to 'A120'.
 * Anything else (another prefix, another shape, an empty bound) is outside: a range never guesses.
 */
export function isSerialInRange(serial: string, range: { from: string; to: string }): boolean {
  const value = normalizeDeviceSerial(serial);
  const from = normalizeDeviceSerial(range.from);
  const to = normalizeDeviceSerial(range.to);
  if (value === '' || from === '' || to === '') return false;
  if (value.length === from.length && value.length === to.length) {
    return hasShapeOf(value, from, to) && from <= value && value <= to;
  }
  const [parts, fromParts, toParts] = [splitSerial(value), splitSerial(from), splitSerial(to)];
  if (!parts || !fromParts || !toParts) return false;
  const sameLetters = [fromParts, toParts].every(
    (bound) => bound.prefix === parts.prefix && bound.suffix === parts.suffix,
  );
  if (!sameLetters) return false;
  const number = BigInt(parts.digits);
  return BigInt(fromParts.digits) <= number && number <= BigInt(toParts.digits);
}

/** The advisory's model numbers, normalised (normalizeModelText). */
function advisoryModelNumbers(advisory: Pick<AdvisoryScope, 'models'>): Set<string> {
  return new Set(advisory.models.map(normalizeModelText).filter((model) => model !== ''));
}

function matchesModel(
  device: AdvisoryDevice,
  advisory: AdvisoryScope,
  catalog: readonly DeviceCatalogEntry[],
): boolean {
  const numbers = advisoryModelNumbers(advisory);
  const modelNumber = normalizeModelText(device.modelNumber ?? '');
  // A recorded model number decides: a name shared by a listed and an unlisted number must not override it.
  if (modelNumber !== '') return numbers.has(modelNumber);
  const name = device.model ?? '';
  if (normalizeModelText(name) === '') return false;
  if (numbers.has(normalizeModelText(name))) return true;
  return findCatalogModelsByName(name, { manufacturer: advisory.manufacturer, catalog }).some((entry) =>
    numbers.has(normalizeModelText(entry.modelNumber)),
  );
}

function matchesSerial(device: AdvisoryDevice, advisory: AdvisoryScope): boolean {
  if (advisory.serialRanges.length === 0 && advisory.serialNumbers.length === 0) return true;
  const serial = normalizeDeviceSerial(device.serialNumber ?? '');
  if (serial === '') return false;
  return (
    advisory.serialNumbers.some((listed) => normalizeDeviceSerial(listed) === serial) ||
    advisory.serialRanges.some((range) => isSerialInRange(serial, range))
  );
}

/** Whether the advisory touches the device (see the rules above). */
export function isDeviceAffectedByAdvisory(
  device: AdvisoryDevice,
  advisory: AdvisoryScope,
  catalog: readonly DeviceCatalogEntry[] = DEVICE_CATALOG,
): boolean {
  const manufacturer = resolveManufacturerCode(device.manufacturer);
  if (manufacturer !== undefined && manufacturer !== advisory.manufacturer) return false;
  return matchesModel(device, advisory, catalog) && matchesSerial(device, advisory);
}

/** The advisories, of those given, that touch the device, in the order given. */
export function findAdvisoriesForDevice<Advisory extends AdvisoryScope>(
  device: AdvisoryDevice,
  advisories: readonly Advisory[],
  catalog: readonly DeviceCatalogEntry[] = DEVICE_CATALOG,
): Advisory[] {
  return advisories.filter((advisory) => isDeviceAffectedByAdvisory(device, advisory, catalog));
}

/**
 * The normalised texts (normalizeModelText) a device's model number or model name can have for the
 * advisory to touch it: its model numbers and the catalog names of those numbers. A database can narrow
 * the candidates with them before isDeviceAffectedByAdvisory decides.
 */
export function listAdvisoryModelKeys(
  advisory: Pick<AdvisoryScope, 'manufacturer' | 'models'>,
  catalog: readonly DeviceCatalogEntry[] = DEVICE_CATALOG,
): string[] {
  const numbers = advisoryModelNumbers(advisory);
  const names = catalog
    .filter(
      (entry) =>
        entry.manufacturer === advisory.manufacturer && numbers.has(normalizeModelText(entry.modelNumber)),
    )
    .map((entry) => normalizeModelText(entry.modelName));
  return [...new Set([...numbers, ...names])].filter((key) => key !== '');
}
