import { describe, expect, it } from 'vitest';
import { ensureDeviceCatalogHasData, listModelsForManufacturer } from './device-catalog';

const catalog = [
  { manufacturer: 'BSX', modelNumber: 'L111' },
  { manufacturer: 'Boston Scientific', modelNumber: 'D433' },
  { manufacturer: 'bsx', modelNumber: 'L1010' },
  { manufacturer: 'BSX', modelNumber: 'D433' },
  { manufacturer: 'MDT', modelNumber: 'W1DR01' },
  { manufacturer: 'BSX', modelNumber: ' ' },
  { manufacturer: 'BSX', modelNumber: 'l111 ' },
];

describe('listModelsForManufacturer', () => {
  it.each([
    [
      'the Boston list: by code or name, trimmed, de-duplicated in any case, naturally sorted',
      'BSX',
      ['D433', 'L111', 'L1010'],
    ],
    ['Medtronic', 'MDT', ['W1DR01']],
    ['a manufacturer with no entries', 'SOR', []],
  ] as const)('%s', (_story, code, models) => {
    expect(listModelsForManufacturer(catalog, code)).toEqual(models);
  });
});

describe('ensureDeviceCatalogHasData', () => {
  it.each([
    ['an empty list', []],
    ['null', null],
    ['undefined', undefined],
  ])('treats %s as an error', (_story, data) => {
    expect(() => ensureDeviceCatalogHasData(data)).toThrow(
      new Error('Request succeeded but returned no data.'),
    );
  });

  it('passes a catalog with entries through as a copy', () => {
    const result = ensureDeviceCatalogHasData(catalog);
    expect(result).toEqual(catalog);
    expect(result).not.toBe(catalog);
  });
});
