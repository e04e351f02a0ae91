import { calendarDate, dateOfDayOfYear, fullYearOfTwoDigitYear } from './barcode-dates';
import type { BarcodeParseError } from './gs1-element-string';
import { splitSymbologyIdentifier } from './symbology-identifier';

// HIBC LIC, the Health Industry Bar Code supplier labelling standard (ANSI/HIBC 2.x), as far as it could be
// confirmed from public material: HIBCC's own formatter page, barcode vendors' summaries of ANSI/HIBC 2.6,
// and the published test vectors of encoders and decoders (which the table tests reuse).
//
// - Primary data: '+', the labeler identification code (4 characters, the first a letter), the product or
//   catalogue number (1–18 alphanumerics; 1–13 in editions before 2.5 or so), the unit of measure (1 digit),
//   then the modulo-43 check character, computed over everything before it, the '+' included.
// - Secondary data: '+', the quantity/date/lot fields, the link character (the primary's check character),
//   then its own check character. In one symbol, primary and secondary are joined by '/', the primary's check
//   character and the secondary's '+' and link character are left out, and one check character ends it.
//   The secondary fields:
//     '$' lot · '$+' serial · '$$' [quantity] date lot · '$$+' [quantity] date serial · YYJJJ lot (the old
//     form, no flag). After '$$' or '$$+': '8' and 2 digits, or '9' and 5 digits, is a quantity; then the
//     date: a first digit 0 or 1 is already MMYY, '2' MMDDYY, '3' YYMMDD, '4' YYMMDDHH, '5' YYJJJ,
//     '6' YYJJJHH, '7' no date.
// - Supplemental data, each after its own '/': '14D' expiry YYYYMMDD, '16D' production date YYYYMMDD,
//   'S' serial, 'Q' quantity (ASC MH10 data identifiers, as in ANSI/HIBC 2.6's examples).
//
// Not confirmed, so not read: HIBC PAS (the provider applications standard, '+/' codes) is refused; the
// position of the link character in a lone secondary symbol that also carries supplemental '/' parts is
// taken to be just before the check character, as in the plain form; an MMYY expiry is read as the month's
// last day, as the labels of manufacturers that use it mean (no text of the standard was found to say so).

export type HibcSymbology = 'code-39' | 'code-128' | 'datamatrix' | 'qr' | 'aztec';
export type HibcErrorCode = 'empty' | 'truncated' | 'bad-check-digit' | 'bad-date' | 'bad-value';

export type HibcParseSuccess = {
  ok: true;
  format: 'hibc';
  symbology: HibcSymbology | null;
  /** Null when the scan is a secondary symbol alone. */
  labelerCode: string | null;
  productNumber: string | null;
  unitOfMeasure: number | null;
  lot: string | null;
  serial: string | null;
  /** YYYY-MM-DD. */
  expiry: string | null;
  productionDate: string | null;
  quantity: number | null;
  /** A secondary symbol alone: the check character of the primary symbol it belongs to. */
  linkCharacter: string | null;
};
export type HibcParseFailure = { ok: false; format: 'hibc'; error: BarcodeParseError<HibcErrorCode> };
export type HibcParseResult = HibcParseSuccess | HibcParseFailure;

/** Code 39's characters in the order of their modulo-43 values (0–42). */
const MOD43_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';

/** The HIBC check character of the data before it: the sum of the characters' values, modulo 43. */
export function hibcCheckCharacter(data: string): string {
  let sum = 0;
  for (const character of data) sum += MOD43_CHARACTERS.indexOf(character);
  return MOD43_CHARACTERS.charAt(sum % 43);
}

const HIBC_SYMBOLOGIES: Readonly<Record<string, HibcSymbology>> = {
  A: 'code-39',
  C: 'code-128',
  d: 'datamatrix',
  Q: 'qr',
  z: 'aztec',
};

type Fields = Omit<HibcParseSuccess, 'ok' | 'format' | 'symbology' | 'linkCharacter'>;
type Problem = BarcodeParseError<HibcErrorCode>;

function failure(error: Problem): HibcParseFailure {
  return { ok: false, format: 'hibc', error };
}

const truncated = (what: string): Problem => ({
  code: 'truncated',
  message: `The code ends too early: ${what}.`,
});
const badDate = (what: string, value: string): Problem => ({
  code: 'bad-date',
  message: `The HIBC ${what} is not a real date (${value}).`,
});

/** The expiry of a '$$' date field; `format` is the digit that chose it. */
function hibcDate(format: string, value: string, today: Date): string | null {
  const year = (digits: string) => fullYearOfTwoDigitYear(Number(digits), today);
  const number = (from: number, to: number) => Number(value.slice(from, to));
  const hourIsValid = (from: number) => number(from, from + 2) <= 23;
  switch (format) {
    case 'MMYY':
      return calendarDate(year(value.slice(2, 4)), number(0, 2), 0, { dayZeroIsEndOfMonth: true });
    case '2':
      return calendarDate(year(value.slice(4, 6)), number(0, 2), number(2, 4));
    case '3':
      return calendarDate(year(value.slice(0, 2)), number(2, 4), number(4, 6));
    case '4':
      return hourIsValid(6) ? calendarDate(year(value.slice(0, 2)), number(2, 4), number(4, 6)) : null;
    case '5':
      return dateOfDayOfYear(year(value.slice(0, 2)), number(2, 5));
    case '6':
      return hourIsValid(5) ? dateOfDayOfYear(year(value.slice(0, 2)), number(2, 5)) : null;
    default:
      return null;
  }
}

/** The length of each '$$' date format's field, by the digit that chose it (7: no date). */
const DATE_FORMAT_LENGTHS: Readonly<Record<string, number>> = {
  '2': 6,
  '3': 6,
  '4': 8,
  '5': 5,
  '6': 7,
  '7': 0,
};

/** Reads the secondary data's fields into `fields`; a problem when they do not fit the standard. */
function readSecondary(segment: string, fields: Fields, today: Date): Problem | null {
  const setLotOrSerial = (isSerial: boolean, value: string) => {
    if (value === '') return;
    if (isSerial) fields.serial = value;
    else fields.lot = value;
  };
  if (segment.startsWith('$$')) {
    let rest = segment.slice(2);
    const isSerial = rest.startsWith('+');
    if (isSerial) rest = rest.slice(1);
    const quantityDigits = rest.startsWith('8') ? 2 : rest.startsWith('9') ? 5 : 0;
    if (quantityDigits > 0) {
      const quantity = rest.slice(1, 1 + quantityDigits);
      if (!/^\d+$/.test(quantity) || quantity.length < quantityDigits)
        return truncated('the HIBC quantity is short');
      fields.quantity = Number(quantity);
      rest = rest.slice(1 + quantityDigits);
    }
    const first = rest.charAt(0);
    if (first === '') return truncated('the HIBC date field is missing');
    let format: string;
    let length: number;
    if (first === '0' || first === '1') {
      format = 'MMYY';
      length = 4;
    } else if (first in DATE_FORMAT_LENGTHS) {
      format = first;
      length = DATE_FORMAT_LENGTHS[first] ?? 0;
      rest = rest.slice(1);
    } else {
      return {
        code: 'bad-value',
        message: `The HIBC code names a date format it does not define ('${first}' after '$$').`,
      };
    }
    if (length > 0) {
      const value = rest.slice(0, length);
      if (value.length < length || !/^\d+$/.test(value)) return truncated('the HIBC expiry date is short');
      const expiry = hibcDate(format, value, today);
      if (expiry === null) return badDate('expiry date', value);
      fields.expiry = expiry;
      rest = rest.slice(length);
    }
    setLotOrSerial(isSerial, rest);
    return null;
  }
  if (segment.startsWith('$')) {
    const rest = segment.slice(1);
    const isSerial = rest.startsWith('+');
    const value = isSerial ? rest.slice(1) : rest;
    if (value === '') return truncated(`the HIBC ${isSerial ? 'serial number' : 'lot'} is empty`);
    setLotOrSerial(isSerial, value);
    return null;
  }
  // The oldest form: a YYJJJ date, then the lot.
  const date = segment.slice(0, 5);
  if (date.length < 5 || !/^\d+$/.test(date)) return truncated('the HIBC date (YYJJJ) is short');
  const expiry = hibcDate('5', date, today);
  if (expiry === null) return badDate('date', date);
  fields.expiry = expiry;
  setLotOrSerial(false, segment.slice(5));
  return null;
}

/** Reads one '/'-separated supplemental part (ASC MH10 data identifiers). */
function readSupplemental(segment: string, fields: Fields): Problem | null {
  const conflict = (what: string): Problem => ({
    code: 'bad-value',
    message: `The HIBC code carries two different ${what}s.`,
  });
  const dated = /^1([46])D(\d{4})(\d{2})(\d{2})$/.exec(segment);
  if (dated) {
    const [, kind, year, month, day] = dated;
    const date = calendarDate(Number(year), Number(month), Number(day));
    const what = kind === '4' ? 'expiry date' : 'production date';
    if (date === null) return badDate(what, segment.slice(3));
    const field = kind === '4' ? 'expiry' : 'productionDate';
    if (fields[field] !== null && fields[field] !== date) return conflict(what);
    fields[field] = date;
    return null;
  }
  if (/^1[46]D/.test(segment)) return truncated(`the HIBC date ${segment} is not YYYYMMDD`);
  if (segment.startsWith('S') && segment.length > 1) {
    const serial = segment.slice(1);
    if (fields.serial !== null && fields.serial !== serial) return conflict('serial number');
    fields.serial = serial;
    return null;
  }
  if (/^Q\d+$/.test(segment)) {
    fields.quantity = Number(segment.slice(1));
    return null;
  }
  return { code: 'bad-value', message: `The HIBC code has a part this page cannot read ("${segment}").` };
}

/** Whether a part after the primary data is secondary data (a flag, or the old YYJJJ date). */
function isSecondaryData(segment: string): boolean {
  return segment.startsWith('$') || (/^\d{5}/.test(segment) && !/^1[46]D/.test(segment));
}

function emptyFields(): Fields {
  return {
    labelerCode: null,
    productNumber: null,
    unitOfMeasure: null,
    lot: null,
    serial: null,
    expiry: null,
    productionDate: null,
    quantity: null,
  };
}

/**
 * Reads an HIBC LIC code as a scanner or a person gives it: an optional symbology identifier (']d1', ']C0',
 * ']A0', ']Q1'…), the Code 39 caption's asterisks, the data and its modulo-43 check character, which is
 * verified. Primary data alone, primary and secondary joined by '/' (with supplemental '/' parts), or a
 * secondary symbol alone (with its link character). HIBC has no lower case, so a scan typed with Caps Lock
 * on is read as upper case; a caption's '_' stands for a space check character.
 */
export function parseHibc(raw: string, today: Date = new Date()): HibcParseResult {
  // Only line ends and tabs are trimmed at the end: a space can be the check character.
  const { identifier, data: afterIdentifier } = splitSymbologyIdentifier(raw.replace(/^\s+|[\r\n\t]+$/g, ''));
  const symbology = identifier ? (HIBC_SYMBOLOGIES[identifier.charAt(1)] ?? null) : null;
  let text = afterIdentifier.toUpperCase();
  if (text.startsWith('*') && text.endsWith('*') && text.length >= 2) text = text.slice(1, -1);
  if (text.endsWith('_')) text = `${text.slice(0, -1)} `;
  if (text === '') return failure({ code: 'empty', message: 'The code is empty.' });
  if (!text.startsWith('+')) {
    return failure({ code: 'bad-value', message: "An HIBC code starts with '+'." });
  }
  const outside = [...text].find((character) => !MOD43_CHARACTERS.includes(character));
  if (outside !== undefined) {
    return failure({
      code: 'bad-value',
      message: `The HIBC code has a character HIBC does not use ("${outside}").`,
    });
  }
  if (text.length < 3) return failure(truncated('an HIBC code needs data and a check character'));
  if (text.startsWith('+/')) {
    return failure({
      code: 'bad-value',
      message: 'This is an HIBC provider (PAS) code, not a manufacturer’s device label.',
    });
  }

  // Spaces after the check character (scanners and people pasting add them) are trimmed before the check. A
  // space can itself be the check character: kept when the code checks only with it.
  if (text.endsWith(' ')) {
    const trimmed = text.trimEnd();
    const checks = (candidate: string) => hibcCheckCharacter(candidate.slice(0, -1)) === candidate.slice(-1);
    text = !checks(trimmed) && checks(`${trimmed} `) ? `${trimmed} ` : trimmed;
  }
  const data = text.slice(0, -1);
  const found = text.slice(-1);
  const expected = hibcCheckCharacter(data);
  if (expected !== found) {
    return failure({
      code: 'bad-check-digit',
      message: `The HIBC check character is wrong (expected ${showCheckCharacter(expected)}, found ${showCheckCharacter(found)}).`,
    });
  }

  const fields = emptyFields();
  const body = data.slice(1);
  let linkCharacter: string | null = null;
  let parts: string[];
  if (/^[A-Z]/.test(body)) {
    const [primary = '', ...rest] = body.split('/');
    const problem = readPrimary(primary, fields);
    if (problem) return failure(problem);
    parts = rest;
  } else {
    // A secondary symbol alone: its last data character links it to the primary symbol's check character.
    linkCharacter = body.slice(-1);
    parts = body.slice(0, -1).split('/');
    if (parts[0] === '' || !isSecondaryData(parts[0] ?? '')) {
      return failure(truncated('the HIBC secondary data is missing its fields'));
    }
  }
  for (const [index, original] of parts.entries()) {
    // A few labels repeat the secondary's '+' after the '/' ('/+$lot'); it carries nothing.
    const part = index === 0 && original.startsWith('+$') ? original.slice(1) : original;
    if (part === '') return failure(truncated('an HIBC part after a "/" is empty'));
    const problem =
      index === 0 && isSecondaryData(part)
        ? readSecondary(part, fields, today)
        : readSupplemental(part, fields);
    if (problem) return failure(problem);
  }
  return { ok: true, format: 'hibc', symbology, ...fields, linkCharacter };
}

function readPrimary(primary: string, fields: Fields): Problem | null {
  if (primary.length < 6)
    return truncated('the HIBC primary data needs a labeler code, a product number and a unit of measure');
  const labelerCode = primary.slice(0, 4);
  const productNumber = primary.slice(4, -1);
  const unitOfMeasure = primary.slice(-1);
  if (!/^[A-Z][A-Z0-9]{3}$/.test(labelerCode)) {
    return {
      code: 'bad-value',
      message: `The HIBC labeler code must be a letter and 3 letters or digits ("${labelerCode}").`,
    };
  }
  if (!/^[A-Z0-9]{1,18}$/.test(productNumber)) {
    return { code: 'bad-value', message: 'The HIBC product number must be 1 to 18 letters or digits.' };
  }
  if (!/^\d$/.test(unitOfMeasure)) {
    return { code: 'bad-value', message: 'The HIBC unit of measure must be one digit.' };
  }
  fields.labelerCode = labelerCode;
  fields.productNumber = productNumber;
  fields.unitOfMeasure = Number(unitOfMeasure);
  return null;
}

/** A check character as a person can read it: a space is shown as '_' (as HIBC captions print it). */
function showCheckCharacter(character: string): string {
  return character === ' ' ? '_' : character;
}
