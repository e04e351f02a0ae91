import { describe, expect, it } from 'vitest';
import { DEVICE_CATALOG } from '../patients/device-catalog-data';
import { findCatalogModel } from '../patients/device-catalog-lookup';
import { DEMO_DEVICE_GTINS, findCatalogModelByGtin } from './demo-device-gtins';
import { isValidGtin } from './gtin';

describe('DEMO_DEVICE_GTINS', () => {
  it('holds 6 to 10 codes, each a different GTIN', () => {
    expect(DEMO_DEVICE_GTINS.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_DEVICE_GTINS.length).toBeLessThanOrEqual(10);
    expect(new Set(DEMO_DEVICE_GTINS.map((entry) => entry.gtin)).size).toBe(DEMO_DEVICE_GTINS.length);
  });

  it.each(DEMO_DEVICE_GTINS.map((entry) => [entry.gtin, entry.manufacturer, entry.modelNumber] as const))(
    '%s is a GTIN-14 under GS1 Prefix 952 with a valid check digit, for a catalog model (%s %s)',
    (gtin, manufacturer, modelNumber) => {
      expect(gtin).toMatch(/^0952\d{10}$/);
      expect(isValidGtin(gtin)).toBe(true);
      expect(findCatalogModel(manufacturer, modelNumber)).toBeDefined();
    },
  );

  it('covers every manufacturer and every implanted device type of the catalog', () => {
    const models = DEMO_DEVICE_GTINS.map((entry) => findCatalogModel(entry.manufacturer, entry.modelNumber));
    expect(new Set(models.map((model) => model?.manufacturer))).toEqual(
      new Set(DEVICE_CATALOG.map((model) => model.manufacturer)),
    );
    expect(new Set(models.map((model) => model?.deviceType))).toEqual(new Set(['PM', 'ICD', 'ILR']));
  });
});

describe('findCatalogModelByGtin', () => {
  it.each([
    ['09527700000013', 'MDT', 'W1SR01', 'Azure XT SR MRI SureScan', 'PM'],
    ['09527700000037', 'MDT', 'LNQ11', 'Reveal LINQ', 'ILR'],
    ['09527700000051', 'BSX', 'G124', 'Momentum CRT-D', 'ICD'],
    // A GTIN-13 is the GTIN-14 it pads to.
    ['9527700000068', 'BIO', 'Edora 8 DR-T', 'Edora 8 DR-T', 'PM'],
  ])('%s is the catalog’s %s %s', (gtin, manufacturer, modelNumber, modelName, deviceType) => {
    expect(findCatalogModelByGtin(gtin)).toEqual({ manufacturer, modelNumber, modelName, deviceType });
  });

  it.each([
    ['a valid GTIN the catalog does not know', '09520123456788'],
    ['a demonstration GTIN with a wrong check digit', '09527700000014'],
    ['not a GTIN', 'W1SR01'],
  ])('finds nothing for %s', (_story, gtin) => {
    expect(findCatalogModelByGtin(gtin)).toBeUndefined();
  });

  it('finds nothing when the catalog no longer has the model a GTIN names', () => {
    expect(findCatalogModelByGtin('09527700000013', { catalog: [] })).toBeUndefined();
  });
});
