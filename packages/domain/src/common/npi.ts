/** The prefix the NPI standard puts in front of the number before the Luhn check (card issuer 80840). */
const NPI_LUHN_PREFIX = '80840';

/**
 * A National Provider Identifier is exactly 10 digits whose last digit is the Luhn check digit
 * computed over '80840' followed by the first 9 digits.
 */
export function isValidNpi(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{10}$/.test(value)) return false;
  return computeNpiCheckDigit(value.slice(0, 9)) === Number(value[9]);
}

/** The Luhn check digit for the first 9 digits of an NPI. */
export function computeNpiCheckDigit(firstNineDigits: string): number {
  const digits = NPI_LUHN_PREFIX + firstNineDigits;
  let sum = 0;
  // Walking from the right, every other digit (starting with the rightmost payload digit) is doubled,
  // because the check digit will sit to its right.
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}
