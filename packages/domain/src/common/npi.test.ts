import { describe, expect, it } from 'vitest';
import { computeNpiCheckDigit, isValidNpi } from './npi';

describe('isValidNpi', () => {
  it.each([
    ['the CMS documentation example', '1234567893'],
    ['another published valid NPI', '1245319599'],
    ['a number whose check digit is 0', `123456790${computeNpiCheckDigit('123456790')}`],
  ])('accepts %s (%s)', (_story, npi) => {
    expect(isValidNpi(npi)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '1234567890'],
    ['a typo in the middle', '1234567793'],
    ['nine digits', '123456789'],
    ['eleven digits', '12345678935'],
    ['letters', '12345678ab'],
    ['surrounding spaces', ' 1234567893 '],
    ['an empty string', ''],
    ['a number instead of a string', 1234567893],
    ['null', null],
  ])('rejects %s', (_story, value) => {
    expect(isValidNpi(value)).toBe(false);
  });

  it('computes the check digit the NPI standard prescribes for 123456789', () => {
    expect(computeNpiCheckDigit('123456789')).toBe(3);
  });
});
