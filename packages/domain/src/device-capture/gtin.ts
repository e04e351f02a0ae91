// GTINs (GS1 Global Trade Item Numbers): 8, 12, 13 or 14 digits, the last a mod-10 check digit (GS1 General
// Specifications §7.9.1). Shorter GTINs are written as GTIN-14 by padding them with leading zeros, which
// keeps the check digit right, so one device has one 14-digit key whatever symbol carried it.

const GTIN_LENGTHS = /* @__PURE__ */ new Set([8, 12, 13, 14]);

/** The check digit of a GTIN's leading digits: weights 3 and 1 alternate from the right, mod 10. */
export function gtinCheckDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  for (let index = 0; index < digitsWithoutCheck.length; index += 1) {
    const fromRight = digitsWithoutCheck.length - 1 - index;
    sum += Number(digitsWithoutCheck[index]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * What is wrong with a GTIN as written, in words that follow its field name ('gtin must be …'), or null
 * when it is 8, 12, 13 or 14 digits with the right check digit.
 */
export function describeGtinProblem(code: string): string | null {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length)) return 'must be a GTIN: 8, 12, 13 or 14 digits';
  const expected = gtinCheckDigit(code.slice(0, -1));
  const found = Number(code.slice(-1));
  return expected === found ? null : `has a wrong check digit (expected ${expected}, found ${found})`;
}

/** Whether the text is a GTIN-8, -12, -13 or -14 whose check digit is right. */
export function isValidGtin(code: string): boolean {
  return describeGtinProblem(code) === null;
}

/** The GTIN as 14 digits (leading zeros added), or null when it is not a valid GTIN. */
export function toGtin14(code: string): string | null {
  return isValidGtin(code) ? code.padStart(14, '0') : null;
}
