import { describe, expect, it } from 'vitest';
import type { DeviceCatalogEntry } from './device-catalog';
import {
  findCatalogModel,
  findCatalogModelsByName,
  normalizeModelText,
  searchCatalogModels,
} from './device-catalog-lookup';

const numbersOf = (entries: readonly DeviceCatalogEntry[]) => entries.map((entry) => entry.modelNumber);

describe('normalizeModelText', () => {
  it.each([
    ['Edora 8 DR-T', 'edora8drt'],
    ['  edora 8   dr-t ', 'edora8drt'],
    ['Azure™ XT DR MRI SureScan™', 'azurextdrmrisurescan'],
    ['LUX-Dx II+', 'luxdxii'],
    ['Señal', 'senal'],
    ['', ''],
  ])('%j compares as %j', (text, normalized) => {
    expect(normalizeModelText(text)).toBe(normalized);
  });
});

describe('findCatalogModel', () => {
  it.each([
    ['MDT', 'W1DR01', 'Azure XT DR MRI SureScan', 'PM'],
    ['MDT', 'MC1AVR1', 'Micra AV', 'PM'],
    ['MDT', 'LNQ11', 'Reveal LINQ', 'ILR'],
    ['MDT', 'LNQ22', 'LINQ II', 'ILR'],
    ['MDT', 'DTPA2D4', 'Cobalt XT HF CRT-D MRI SureScan', 'ICD'],
    ['BSX', 'L331', 'Accolade MRI DR EL', 'PM'],
    ['BSX', 'D433', 'Resonate EL ICD DR', 'ICD'],
    ['BSX', 'M301', 'LUX-Dx', 'ILR'],
    ['STJ', 'PM2272', 'Assurity MRI', 'PM'],
    ['STJ', 'CDHFA500Q', 'Gallant HF', 'ICD'],
    ['STJ', 'DM3500', 'Confirm Rx', 'ILR'],
    ['BIO', 'Edora 8 DR-T', 'Edora 8 DR-T', 'PM'],
    ['BIO', 'Acticor 7 DR-T', 'Acticor 7 DR-T', 'ICD'],
    ['BIO', 'BIOMONITOR III', 'BIOMONITOR III', 'ILR'],
    ['SOR', 'ALIZEA DR', 'ALIZEA DR', 'PM'],
    ['SOR', '1844', 'PLATINIUM 4LV SonR CRT-D', 'ICD'],
  ] as const)('finds %s %s: %s (%s)', (manufacturer, modelNumber, modelName, deviceType) => {
    expect(findCatalogModel(manufacturer, modelNumber)).toEqual({
      manufacturer,
      modelName,
      modelNumber,
      deviceType,
    });
  });

  it.each([
    ['a model number typed with spaces and in lower case', 'BSX', ' l331 ', 'L331'],
    ['a designation in another case', 'BIO', 'edora 8 dr-t', 'Edora 8 DR-T'],
  ] as const)('tolerates %s', (_story, manufacturer, typed, modelNumber) => {
    expect(findCatalogModel(manufacturer, typed)?.modelNumber).toBe(modelNumber);
  });

  it.each([
    ['another manufacturer’s model number', 'MDT', 'L331'],
    ['an unknown model number', 'BSX', 'L999'],
    ['an empty model number', 'BSX', '  '],
  ] as const)('finds nothing for %s', (_story, manufacturer, modelNumber) => {
    expect(findCatalogModel(manufacturer, modelNumber)).toBeUndefined();
  });

  it('looks in the catalog it is given', () => {
    const catalog: DeviceCatalogEntry[] = [
      { manufacturer: 'BSX', modelName: 'Test Model', modelNumber: 'X100', deviceType: 'PM' },
    ];
    expect(findCatalogModel('BSX', 'x100', catalog)?.modelName).toBe('Test Model');
    expect(findCatalogModel('BSX', 'L331', catalog)).toBeUndefined();
  });
});

describe('findCatalogModelsByName', () => {
  it.each([
    ['the exact name', 'Azure XT DR MRI SureScan', ['W1DR01']],
    ['another case and spacing', '  azure xt   dr mri surescan ', ['W1DR01']],
    ['a designation without its hyphen', 'EDORA 8 DRT', ['Edora 8 DR-T']],
    ['a name with DF-1 and DF4 models', 'Cobalt XT VR MRI SureScan', ['DVPA2D1', 'DVPA2D4']],
    ['a name with single- and dual-chamber models', 'assurity mri', ['PM1272', 'PM2272']],
    ['only part of a name', 'Azure', []],
    ['an empty name', ' ', []],
  ])('answers %s', (_story, name, modelNumbers) => {
    expect(numbersOf(findCatalogModelsByName(name))).toEqual(modelNumbers);
  });

  it('keeps to the manufacturer and device type asked for', () => {
    expect(findCatalogModelsByName('LINQ II', { manufacturer: 'MDT', deviceType: 'ILR' })).toHaveLength(1);
    expect(findCatalogModelsByName('LINQ II', { manufacturer: 'BSX' })).toEqual([]);
    expect(findCatalogModelsByName('LINQ II', { deviceType: 'PM' })).toEqual([]);
  });
});

describe('searchCatalogModels', () => {
  it.each([
    ['words in any order, each in the name', 'dr azure', undefined, ['W1DR01', 'W3DR01']],
    ['the exact name first, then names that start with it', 'micra av', undefined, ['MC1AVR1', 'MC2AVR1']],
    ['a model number prefix', 'lnq', undefined, ['LNQ11', 'LNQ22']],
    ['an exact model number first', 'l331', { manufacturer: 'BSX' }, ['L331']],
    ['a manufacturer filter', 'mri dr el', { manufacturer: 'BSX' }, ['L131', 'L231', 'L331']],
    ['a run of words typed without spaces', 'edora8 dr', undefined, ['Edora 8 DR-T']],
    ['a word after a hyphen', 'dx', { manufacturer: 'BSX' }, ['M301', 'M302', 'M312']],
    ['a device type filter', 'reveal', { deviceType: 'ILR' }, ['LNQ11', '9529']],
    ['a limit', 'gallant', { limit: 2 }, ['CDVRA500Q', 'CDDRA500Q']],
    ['no words', '   ', undefined, []],
    ['words that are in no model', 'azure gallant', undefined, []],
  ] as const)('answers %s', (_story, query, options, modelNumbers) => {
    expect(numbersOf(searchCatalogModels(query, options))).toEqual(modelNumbers);
  });

  it('ranks an exact model number above names that merely contain the text', () => {
    const [first] = searchCatalogModels('9529');
    expect(first?.modelName).toBe('Reveal XT');
  });
});
