import { describe, expect, it } from 'vitest';
import { deviceCatalogEntrySchema, listModelsForManufacturer } from './device-catalog';
import { DEVICE_CATALOG } from './device-catalog-data';
import { MANUFACTURER_CODES } from './manufacturers';

// The SPEC device types an implanted cardiac device can have; WCD, Sleep, ABPM and RPM are not implants.
const IMPLANT_DEVICE_TYPES = ['PM', 'ICD', 'ILR'];

const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function entriesOf(manufacturer: string) {
  return DEVICE_CATALOG.filter((entry) => entry.manufacturer === manufacturer);
}

describe('the built-in device catalog', () => {
  it('holds at least 100 models', () => {
    expect(DEVICE_CATALOG.length).toBeGreaterThanOrEqual(100);
  });

  it.each(MANUFACTURER_CODES)('holds at least 10 models of %s, pacemakers and ICDs among them', (code) => {
    const entries = entriesOf(code);
    expect(entries.length).toBeGreaterThanOrEqual(10);
    expect(entries.some((entry) => entry.deviceType === 'PM')).toBe(true);
    expect(entries.some((entry) => entry.deviceType === 'ICD')).toBe(true);
  });

  it('has every device type of the enumeration that an implant can have, and no other', () => {
    expect(new Set(DEVICE_CATALOG.map((entry) => entry.deviceType))).toEqual(new Set(IMPLANT_DEVICE_TYPES));
  });

  it('has each entry in the shape of the catalog contract', () => {
    for (const entry of DEVICE_CATALOG) {
      expect(deviceCatalogEntrySchema.parse(entry), entry.modelNumber).toEqual(entry);
    }
  });

  it('has no manufacturer and model number twice, in any case', () => {
    const keys = DEVICE_CATALOG.map((entry) => `${entry.manufacturer}|${entry.modelNumber.toUpperCase()}`);
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
  });

  it('has every model number and name non-empty, trimmed and single-spaced', () => {
    const untidy = DEVICE_CATALOG.flatMap((entry) =>
      [entry.modelNumber, entry.modelName].filter(
        (text) => text === '' || text !== text.trim() || /\s{2}/.test(text),
      ),
    );
    expect(untidy).toEqual([]);
  });
});

describe('the Boston list from the built-in catalog (SPEC §3)', () => {
  const bostonList = listModelsForManufacturer(DEVICE_CATALOG, 'BSX');

  it('is every Boston Scientific model number, once, in natural order', () => {
    // biome-ignore format: one row per model family
    expect(bostonList).toEqual([
      'A209', 'A219',
      'D120', 'D121', 'D142', 'D143', 'D152', 'D153', 'D232', 'D233', 'D432', 'D433',
      'G124', 'G138',
      'L101', 'L110', 'L111', 'L121', 'L131', 'L201', 'L210', 'L211', 'L231',
      'L301', 'L310', 'L311', 'L321', 'L331',
      'M301', 'M302', 'M312',
      'U125', 'U128', 'U225', 'U226', 'U228',
    ]);
  });

  it('has as many models as the catalog has Boston Scientific entries', () => {
    expect(bostonList).toHaveLength(entriesOf('BSX').length);
  });

  it.each(MANUFACTURER_CODES)('is, like every manufacturer list (%s), strictly increasing', (code) => {
    const list = listModelsForManufacturer(DEVICE_CATALOG, code);
    for (let i = 1; i < list.length; i += 1) {
      expect(
        naturalOrder.compare(list[i - 1] ?? '', list[i] ?? ''),
        `${list[i - 1]} < ${list[i]}`,
      ).toBeLessThan(0);
    }
  });
});
