import { describe, expect, it } from 'vitest';
import { describeGtinProblem, gtinCheckDigit, isValidGtin, toGtin14 } from './gtin';

describe('gtinCheckDigit', () => {
  it.each([
    // GS1's own examples: the Digital Link standard's GTIN, and the General Specifications' GTIN-13.
    ['0952012345678', 8],
    ['950110153000', 3],
    // A UPC-A (GTIN-12) and a GTIN-8.
    ['03600029145', 2],
    ['9638507', 4],
    ['0000000000000', 0],
  ])('of %s is %i', (digits, checkDigit) => {
    expect(gtinCheckDigit(digits)).toBe(checkDigit);
  });
});

describe('describeGtinProblem and isValidGtin', () => {
  it.each([
    ['09520123456788', null],
    ['9501101530003', null],
    ['036000291452', null],
    ['96385074', null],
    ['09520123456787', 'has a wrong check digit (expected 8, found 7)'],
    ['9501101530004', 'has a wrong check digit (expected 3, found 4)'],
    ['0952012345678', 'has a wrong check digit (expected 2, found 8)'],
    ['123456789', 'must be a GTIN: 8, 12, 13 or 14 digits'],
    ['095201234567880', 'must be a GTIN: 8, 12, 13 or 14 digits'],
    ['0952012345678A', 'must be a GTIN: 8, 12, 13 or 14 digits'],
    [' 09520123456788', 'must be a GTIN: 8, 12, 13 or 14 digits'],
    ['', 'must be a GTIN: 8, 12, 13 or 14 digits'],
  ])('%j: %j', (code, problem) => {
    expect(describeGtinProblem(code)).toBe(problem);
    expect(isValidGtin(code)).toBe(problem === null);
  });
});

describe('toGtin14', () => {
  it.each([
    ['09520123456788', '09520123456788'],
    ['9501101530003', '09501101530003'],
    ['036000291452', '00036000291452'],
    ['96385074', '00000096385074'],
    ['9501101530004', null],
    ['abc', null],
  ])('%j is %j', (code, gtin14) => {
    expect(toGtin14(code)).toBe(gtin14);
  });
});
