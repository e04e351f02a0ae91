import { describe, expect, it } from 'vitest';
import { deviceGtinPairingBodySchema, deviceGtinParamsSchema } from './device-capture.contract';

const NPI = '1234567893';

describe('deviceGtinParamsSchema', () => {
  it.each([
    ['09527700000013', '09527700000013'],
    ['9527700000013', '09527700000013'],
    ['036000291452', '00036000291452'],
    ['96385074', '00000096385074'],
  ])('takes %s as the GTIN-14 %s', (gtin, gtin14) => {
    expect(deviceGtinParamsSchema.parse({ npi: NPI, gtin })).toEqual({ npi: NPI, gtin: gtin14 });
  });

  it.each([
    ['09527700000014', 'has a wrong check digit (expected 3, found 4)'],
    ['123456789', 'must be a GTIN: 8, 12, 13 or 14 digits'],
    ['W1SR01', 'must be a GTIN: 8, 12, 13 or 14 digits'],
  ])('refuses %s, naming gtin: %s', (gtin, message) => {
    const result = deviceGtinParamsSchema.safeParse({ npi: NPI, gtin });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['gtin', message],
    ]);
  });
});

describe('deviceGtinPairingBodySchema', () => {
  it.each([
    [
      { manufacturer: 'MDT', modelNumber: 'W1SR01' },
      { manufacturer: 'MDT', modelNumber: 'W1SR01' },
    ],
    [
      { manufacturer: 'BSX', modelNumber: ' l331 ' },
      { manufacturer: 'BSX', modelNumber: 'l331' },
    ],
  ])('takes %j', (body, parsed) => {
    expect(deviceGtinPairingBodySchema.parse(body)).toEqual(parsed);
  });

  it.each([
    ['a model of another manufacturer', { manufacturer: 'BSX', modelNumber: 'W1SR01' }, 'modelNumber'],
    ['a model the catalog does not have', { manufacturer: 'MDT', modelNumber: 'NOPE1' }, 'modelNumber'],
    ['an empty model number', { manufacturer: 'MDT', modelNumber: '  ' }, 'modelNumber'],
    ['an unknown manufacturer', { manufacturer: 'XYZ', modelNumber: 'W1SR01' }, 'manufacturer'],
    ['a missing manufacturer', { modelNumber: 'W1SR01' }, 'manufacturer'],
    ['an unknown field', { manufacturer: 'MDT', modelNumber: 'W1SR01', gtin: '1' }, ''],
  ])('refuses %s, naming the field', (_story, body, field) => {
    const result = deviceGtinPairingBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });
});
