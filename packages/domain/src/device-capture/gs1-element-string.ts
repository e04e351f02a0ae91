import { calendarDate, fullYearOfTwoDigitYear } from './barcode-dates';
import { GROUP_SEPARATOR, normalizeGroupSeparators, trimGroupSeparators } from './group-separators';
import {
  checkGs1Value,
  findGs1Ai,
  findGs1AiAt,
  findGs1DigitalSignatureProblem,
  findGs1PairingProblem,
  type Gs1AiEntry,
  gs1ValueLengths,
} from './gs1-ai-table';
import { gtinCheckDigit, isValidGtin } from './gtin';
import { splitSymbologyIdentifier } from './symbology-identifier';

// GS1 element strings (GS1 General Specifications §3 and §7.8): application identifiers (AIs), each followed
// by its data. A fixed-length field ends by its length; a variable-length one at the group separator (GS,
// which a GS1 symbol encodes as FNC1) or at the end of the data. Device labels carry the UDI: (01) GTIN,
// then (11) production date, (17) expiry date, (10) lot and (21) serial.

export type Gs1Symbology =
  | 'datamatrix'
  | 'gs1-128'
  | 'qr'
  | 'databar'
  | 'dotcode'
  | 'ean-13'
  | 'ean-8'
  | 'digital-link';
export type Gs1Element = {
  ai: string;
  value: string;
  /** GS1's title of the AI ('GTIN', 'BATCH/LOT', 'PROTOCOL' …), from the syntax dictionary. */
  title: string;
};
export type Gs1ErrorCode =
  | 'empty'
  | 'truncated'
  | 'bad-check-digit'
  | 'bad-date'
  | 'unknown-ai'
  | 'bad-value'
  | 'bad-pairing';
export type BarcodeParseError<Code extends string> = {
  code: Code;
  /** A sentence for the person who scanned. */
  message: string;
};

export type Gs1ParseSuccess = {
  ok: true;
  format: 'gs1';
  symbology: Gs1Symbology | null;
  /** GTIN-14, its check digit verified. */
  gtin: string | null;
  /** YYYY-MM-DD (a label's day 00 is the month's last day). */
  expiry: string | null;
  productionDate: string | null;
  lot: string | null;
  serial: string | null;
  /** Every element string in the order the code carries them, those read above included. */
  elements: Gs1Element[];
};
export type Gs1ParseFailure = { ok: false; format: 'gs1'; error: BarcodeParseError<Gs1ErrorCode> };
export type Gs1ParseResult = Gs1ParseSuccess | Gs1ParseFailure;

/**
 * The symbology identifiers (AIM, ISO/IEC 15424) whose data is GS1 element strings, and the symbologies they
 * announce. EAN/UPC (']E0', ']E4') and ']X0' carry a bare GTIN instead (see GTIN_SYMBOLOGY_IDENTIFIERS).
 */
export const GS1_SYMBOLOGY_IDENTIFIERS: Readonly<Record<string, Gs1Symbology>> = {
  ']d2': 'datamatrix',
  ']C1': 'gs1-128',
  ']Q3': 'qr',
  ']e0': 'databar',
  ']J1': 'dotcode',
};

/** Identifiers of symbols that carry a GTIN alone: EAN-13/UPC-A (']E0'), EAN-8 (']E4'), and ']X0'. */
export const GTIN_SYMBOLOGY_IDENTIFIERS: Readonly<Record<string, Gs1Symbology | null>> = {
  ']E0': 'ean-13',
  ']E4': 'ean-8',
  ']X0': null,
};

/** Whether the text begins the way a GS1 element string does: an AI GS1 defines, raw or bracketed. */
export function startsWithGs1Ai(text: string): boolean {
  if (/^\(\d{2,4}\)/.test(text)) return true;
  return findGs1AiAt(text) !== undefined;
}

/** Whether the text is a bare GTIN (8, 12, 13 or 14 digits with a right check digit), as typed or sent without AIs. */
export function isBareGtin(text: string): boolean {
  return /^\d+$/.test(text) && isValidGtin(text);
}

type ReadElement = { entry: Gs1AiEntry; value: string };

/** What people call the AIs a device label carries; any other AI goes by GS1's title. */
const PLAIN_NAMES: Readonly<Record<string, string>> = {
  '00': 'SSCC',
  '01': 'GTIN',
  '02': 'contained GTIN',
  '10': 'lot',
  '11': 'production date',
  '17': 'expiry date',
  '21': 'serial number',
  '30': 'count of items',
};

function describeAi(entry: Gs1AiEntry): string {
  return `the ${PLAIN_NAMES[entry.ai] ?? entry.title} (${entry.ai})`;
}

function unitsOf(entry: Gs1AiEntry): string {
  return entry.components.every((component) => component.characterSet === 'N') ? 'digits' : 'characters';
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function unknownAi(named: string): BarcodeParseError<Gs1ErrorCode> {
  return {
    code: 'unknown-ai',
    message: `The code has an application identifier GS1 does not define: ${named}.`,
  };
}

/** Checks one element's value against its AI's entry; the error if it does not fit. */
function checkValue(entry: Gs1AiEntry, value: string): BarcodeParseError<Gs1ErrorCode> | null {
  if (value.length === 0) {
    return { code: 'truncated', message: `The code ends too early: ${describeAi(entry)} is empty.` };
  }
  const problem = checkGs1Value(entry, value);
  if (!problem) return null;
  if (problem.kind === 'truncated') {
    const [min] = gs1ValueLengths(entry);
    return {
      code: 'truncated',
      message: `The code ends too early: ${describeAi(entry)} needs ${min} ${unitsOf(entry)}, it has ${value.length}.`,
    };
  }
  if (problem.kind === 'bad-check-digit' && (entry.ai === '01' || entry.ai === '02')) {
    const expected = gtinCheckDigit(value.slice(0, 13));
    return {
      code: 'bad-check-digit',
      message: `The GTIN's check digit is wrong (expected ${expected}, found ${value.slice(13)}).`,
    };
  }
  return { code: problem.kind, message: `${capitalized(describeAi(entry))} ${problem.detail}.` };
}

/** Splits unbracketed data (FNC1/GS-separated) into element strings. */
function readRawElements(data: string): ReadElement[] | BarcodeParseError<Gs1ErrorCode> {
  const elements: ReadElement[] = [];
  let position = 0;
  while (position < data.length) {
    if (data[position] === GROUP_SEPARATOR) {
      position += 1;
      continue;
    }
    const rest = data.slice(position);
    const entry = findGs1AiAt(rest);
    if (!entry) {
      if (!/^\d\d/.test(rest)) {
        return {
          code: 'unknown-ai',
          message: `The code has data that does not start with an application identifier ("${rest.slice(0, 8)}").`,
        };
      }
      return unknownAi(`(${rest.slice(0, 2)}…)`);
    }
    position += entry.ai.length;
    const [, maxLength] = gs1ValueLengths(entry);
    let value: string;
    if (entry.predefinedLength) {
      value = data.slice(position, position + maxLength);
      // A separator inside a predefined-length field means the field is short.
      const separatorAt = value.indexOf(GROUP_SEPARATOR);
      if (separatorAt >= 0) value = value.slice(0, separatorAt);
    } else {
      const end = data.indexOf(GROUP_SEPARATOR, position);
      value = data.slice(position, end < 0 ? data.length : end);
    }
    position += value.length;
    const problem = checkValue(entry, value);
    if (problem) {
      if (!entry.predefinedLength && problem.code === 'bad-value' && value.length > maxLength) {
        return {
          code: 'bad-value',
          message: `${capitalized(describeAi(entry))} is longer than ${maxLength} characters: a group separator may be missing.`,
        };
      }
      return problem;
    }
    elements.push({ entry, value });
  }
  return elements;
}

/** Splits the human-readable form, "(01)09521234543213(17)260131(10)A1", into element strings ('\(' is a bracket in data). */
function readBracketedElements(data: string): ReadElement[] | BarcodeParseError<Gs1ErrorCode> {
  const elements: ReadElement[] = [];
  const pattern = /\(([^)]*)\)((?:\\\(|[^(])*)/y;
  let position = 0;
  while (position < data.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(data);
    if (!match || !/^\d{2,4}$/.test(match[1] ?? '')) {
      return {
        code: 'bad-value',
        message: `The code's bracketed form is broken near "${data.slice(position, position + 8)}".`,
      };
    }
    position = pattern.lastIndex;
    const entry = findGs1Ai(match[1] ?? '');
    if (!entry) return unknownAi(`(${match[1]})`);
    // Spaces and separators people put between elements are not data.
    const value = (match[2] ?? '').replaceAll(GROUP_SEPARATOR, '').trim().replaceAll('\\(', '(');
    const problem = checkValue(entry, value);
    if (problem) return problem;
    elements.push({ entry, value });
  }
  return elements;
}

function failure(error: BarcodeParseError<Gs1ErrorCode>): Gs1ParseFailure {
  return { ok: false, format: 'gs1', error };
}

/** A GS1 date (YYMMDD), day 00 meaning the month's last day; null when there is no such day. */
function gs1Date(value: string, today: Date): string | null {
  const year = fullYearOfTwoDigitYear(Number(value.slice(0, 2)), today);
  return calendarDate(year, Number(value.slice(2, 4)), Number(value.slice(4, 6)), {
    dayZeroIsEndOfMonth: true,
  });
}

/**
 * The syntax stage alone: element strings, raw or bracketed, each checked against its AI's format and linters;
 * pairings are not checked. The error, or the elements.
 */
export function readGs1Elements(data: string): Gs1Element[] | BarcodeParseError<Gs1ErrorCode> {
  const elements = data.startsWith('(') ? readBracketedElements(data) : readRawElements(data);
  if ('code' in elements) return elements;
  return elements.map(({ entry, value }) => ({ ai: entry.ai, value, title: entry.title }));
}

/**
 * The fields of checked element strings: repeats must agree, pairings (GS1's req and ex) must hold, and the
 * GTIN, expiry, production date, lot and serial are read; every element (those GS1 defines but the portal
 * does not read among them) is kept.
 */
export function readGs1Fields(
  elements: readonly Gs1Element[],
  symbology: Gs1Symbology | null,
  today: Date,
): Gs1ParseResult {
  const found: Gs1ParseSuccess = {
    ok: true,
    format: 'gs1',
    symbology,
    gtin: null,
    expiry: null,
    productionDate: null,
    lot: null,
    serial: null,
    elements: [],
  };
  const seen = new Map<string, string>();
  for (const element of elements) {
    const { ai, value } = element;
    const entry = findGs1Ai(ai);
    const earlier = seen.get(ai);
    if (earlier !== undefined && earlier !== value) {
      return failure({
        code: 'bad-value',
        message: `The code carries ${entry ? describeAi(entry) : `(${ai})`} twice, with different values.`,
      });
    }
    seen.set(ai, value);
    found.elements.push(element);
    if (entry?.components[0]?.linters.some((linter) => linter.startsWith('yymmd'))) {
      const date = gs1Date(value, today);
      if (date === null) {
        return failure({
          code: 'bad-date',
          message: `${capitalized(describeAi(entry))} is not a real date (${value}, read as YYMMDD).`,
        });
      }
      if (ai === '17') found.expiry = date;
      if (ai === '11') found.productionDate = date;
    }
    if (ai === '01') found.gtin = value;
    else if (ai === '10') found.lot = value;
    else if (ai === '21') found.serial = value;
  }
  const pairing =
    findGs1PairingProblem(found.elements.map((element) => element.ai)) ??
    findGs1DigitalSignatureProblem(found.elements);
  if (pairing) return failure({ code: 'bad-pairing', message: `GS1 does not allow this code: ${pairing}.` });
  return found;
}

/** A bare GTIN (8, 12, 13 or 14 digits) as the (01) element it stands for. */
function gtinElement(digits: string): Gs1Element {
  return { ai: '01', value: digits.padStart(14, '0'), title: findGs1Ai('01')?.title ?? 'GTIN' };
}

/** Reads the part of a scan after an EAN/UPC identifier: the GTIN, and a GS1 Composite after '|' if any. */
function parseGtinSymbol(
  data: string,
  symbology: Gs1Symbology | null,
  identifier: string,
  today: Date,
): Gs1ParseResult {
  const [linear = '', composite] = data.split('|');
  const lengths = identifier === ']E4' ? [8] : identifier === ']E0' ? [13] : [8, 12, 13, 14];
  if (!/^\d+$/.test(linear) || !lengths.includes(linear.length)) {
    return failure({
      code: linear.length < Math.min(...lengths) ? 'truncated' : 'bad-value',
      message: `The code's GTIN must be ${lengths.join(' or ')} digits.`,
    });
  }
  if (!isValidGtin(linear)) {
    const expected = gtinCheckDigit(linear.slice(0, -1));
    return failure({
      code: 'bad-check-digit',
      message: `The GTIN's check digit is wrong (expected ${expected}, found ${linear.slice(-1)}).`,
    });
  }
  const elements = [gtinElement(linear)];
  if (composite !== undefined) {
    const compositeData = trimGroupSeparators(splitSymbologyIdentifier(composite).data);
    const more = readGs1Elements(compositeData);
    if ('code' in more) return failure(more);
    elements.push(...more);
  }
  return readGs1Fields(elements, symbology, today);
}

/**
 * Reads a GS1 code as a scanner or a person gives it: an optional symbology identifier (']d2', ']C1', ']Q3',
 * ']e0', ']J1'), an optional leading FNC1 (GS), then the element strings, raw or in the human-readable
 * bracketed form; or a bare GTIN (8, 12, 13 or 14 digits, with ']E0', ']E4' or ']X0' or none). Every AI GS1
 * defines is read against GS1's syntax dictionary (format, check digits, dates, pairings); an AI GS1 does not
 * define is refused, naming it. `today` decides the century of two-digit years.
 */
export function parseGs1ElementString(raw: string, today: Date = new Date()): Gs1ParseResult {
  const text = normalizeGroupSeparators(raw).trim();
  const { identifier, data: afterIdentifier } = splitSymbologyIdentifier(text);
  if (identifier !== null && identifier in GTIN_SYMBOLOGY_IDENTIFIERS) {
    if (afterIdentifier === '') return failure({ code: 'empty', message: 'The code is empty.' });
    return parseGtinSymbol(
      afterIdentifier,
      GTIN_SYMBOLOGY_IDENTIFIERS[identifier] ?? null,
      identifier,
      today,
    );
  }
  const symbology = identifier ? (GS1_SYMBOLOGY_IDENTIFIERS[identifier] ?? null) : null;
  const data = trimGroupSeparators(afterIdentifier);
  if (data === '') return failure({ code: 'empty', message: 'The code is empty.' });
  // A GTIN alone, as typed from a label's human-readable line or sent by a scanner without AIs.
  if (identifier === null && !afterIdentifier.startsWith(GROUP_SEPARATOR) && isBareGtin(data)) {
    return readGs1Fields([gtinElement(data)], null, today);
  }
  const elements = readGs1Elements(data);
  if ('code' in elements) return failure(elements);
  return readGs1Fields(elements, symbology, today);
}
