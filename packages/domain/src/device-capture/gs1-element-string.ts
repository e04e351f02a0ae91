import { calendarDate, fullYearOfTwoDigitYear } from './barcode-dates';
import { GROUP_SEPARATOR, normalizeGroupSeparators, trimGroupSeparators } from './group-separators';
import { gtinCheckDigit } from './gtin';
import { splitSymbologyIdentifier } from './symbology-identifier';

// GS1 element strings (GS1 General Specifications §3 and §7.8): application identifiers (AIs), each followed
// by its data. A fixed-length field ends by its length; a variable-length one at the group separator (GS,
// which a GS1 symbol encodes as FNC1) or at the end of the data. Device labels carry the UDI: (01) GTIN,
// then (11) production date, (17) expiry date, (10) lot and (21) serial.

export type Gs1Symbology = 'datamatrix' | 'gs1-128' | 'qr' | 'databar';
export type Gs1Element = { ai: string; value: string };
export type Gs1ErrorCode =
  | 'empty'
  | 'truncated'
  | 'bad-check-digit'
  | 'bad-date'
  | 'unknown-ai'
  | 'bad-value';
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

/** The GS1 symbology identifiers (AIM, ISO/IEC 15424) and the symbologies they announce. */
export const GS1_SYMBOLOGY_IDENTIFIERS: Readonly<Record<string, Gs1Symbology>> = {
  ']d2': 'datamatrix',
  ']C1': 'gs1-128',
  ']Q3': 'qr',
  ']e0': 'databar',
};

type AiSpec =
  | { kind: 'fixed'; length: number; name: string; date?: true }
  | { kind: 'variable'; maxLength: number; numeric?: true; name: string };

// The AIs read or recognised. Formats from the GS1 General Specifications' AI table (N = digits, X = GS1
// character set 82).
const KNOWN_AIS: Readonly<Record<string, AiSpec>> = {
  '00': { kind: 'fixed', length: 18, name: 'SSCC' },
  '01': { kind: 'fixed', length: 14, name: 'GTIN' },
  '02': { kind: 'fixed', length: 14, name: 'contained GTIN' },
  '10': { kind: 'variable', maxLength: 20, name: 'lot' },
  '11': { kind: 'fixed', length: 6, date: true, name: 'production date' },
  '12': { kind: 'fixed', length: 6, date: true, name: 'due date' },
  '13': { kind: 'fixed', length: 6, date: true, name: 'packaging date' },
  '15': { kind: 'fixed', length: 6, date: true, name: 'best-before date' },
  '16': { kind: 'fixed', length: 6, date: true, name: 'sell-by date' },
  '17': { kind: 'fixed', length: 6, date: true, name: 'expiry date' },
  '20': { kind: 'fixed', length: 2, name: 'product variant' },
  '21': { kind: 'variable', maxLength: 20, name: 'serial number' },
  '22': { kind: 'variable', maxLength: 20, name: 'consumer product variant' },
  '240': { kind: 'variable', maxLength: 30, name: 'additional product identification' },
  '241': { kind: 'variable', maxLength: 30, name: 'customer part number' },
  '30': { kind: 'variable', maxLength: 8, numeric: true, name: 'count of items' },
};

/**
 * GS1's predefined-length element strings (General Specifications §7.8.5, figure "element strings with
 * predefined length"), by the AI's first two digits: the AI's length and the data's. They never need a
 * separator, so one this parser does not otherwise read can be stepped over and kept in `elements`.
 */
const PREDEFINED_LENGTHS: Readonly<Record<string, { aiLength: number; dataLength: number }>> = {
  '00': { aiLength: 2, dataLength: 18 },
  '01': { aiLength: 2, dataLength: 14 },
  '02': { aiLength: 2, dataLength: 14 },
  '03': { aiLength: 2, dataLength: 14 },
  '04': { aiLength: 2, dataLength: 14 },
  '11': { aiLength: 2, dataLength: 6 },
  '12': { aiLength: 2, dataLength: 6 },
  '13': { aiLength: 2, dataLength: 6 },
  '14': { aiLength: 2, dataLength: 6 },
  '15': { aiLength: 2, dataLength: 6 },
  '16': { aiLength: 2, dataLength: 6 },
  '17': { aiLength: 2, dataLength: 6 },
  '18': { aiLength: 2, dataLength: 6 },
  '19': { aiLength: 2, dataLength: 6 },
  '20': { aiLength: 2, dataLength: 2 },
  '31': { aiLength: 4, dataLength: 6 },
  '32': { aiLength: 4, dataLength: 6 },
  '33': { aiLength: 4, dataLength: 6 },
  '34': { aiLength: 4, dataLength: 6 },
  '35': { aiLength: 4, dataLength: 6 },
  '36': { aiLength: 4, dataLength: 6 },
  '41': { aiLength: 3, dataLength: 13 },
};

/** GS1 character set 82: what an alphanumeric (X) field may hold. */
const CHARACTER_SET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

/** Whether the text begins the way a GS1 element string does: an AI this parser knows (or steps over). */
export function startsWithGs1Ai(text: string): boolean {
  if (/^\(\d{2,4}\)/.test(text)) return true;
  const two = text.slice(0, 2);
  return /^\d\d$/.test(two) && (two in KNOWN_AIS || two in PREDEFINED_LENGTHS || text.startsWith('24'));
}

type Resolved = { ai: string; spec: AiSpec };
type ReadElement = Resolved & { value: string };

/** The AI at the start of raw (unbracketed) data, from its leading digits. */
function resolveAiAt(data: string): Resolved | BarcodeParseError<Gs1ErrorCode> {
  const two = data.slice(0, 2);
  if (!/^\d\d$/.test(two)) {
    return {
      code: 'unknown-ai',
      message: `The code has data that does not start with an application identifier ("${data.slice(0, 8)}").`,
    };
  }
  const known = KNOWN_AIS[two] ?? KNOWN_AIS[data.slice(0, 3)];
  if (known) return { ai: two in KNOWN_AIS ? two : data.slice(0, 3), spec: known };
  const predefined = PREDEFINED_LENGTHS[two];
  if (predefined) {
    return {
      ai: data.slice(0, predefined.aiLength),
      spec: { kind: 'fixed', length: predefined.dataLength, name: 'element' },
    };
  }
  // 90–99 are two-digit AIs (company internal data); for the others only the first digits are certain.
  const named = two >= '90' ? `(${two})` : `(${two}…)`;
  return { code: 'unknown-ai', message: unknownAiMessage(named) };
}

/** The AI of a bracketed (human-readable) element string, given whole. */
function resolveAi(ai: string): Resolved | BarcodeParseError<Gs1ErrorCode> {
  const known = KNOWN_AIS[ai];
  if (known) return { ai, spec: known };
  const predefined = PREDEFINED_LENGTHS[ai.slice(0, 2)];
  if (predefined && predefined.aiLength === ai.length) {
    return { ai, spec: { kind: 'fixed', length: predefined.dataLength, name: 'element' } };
  }
  return { code: 'unknown-ai', message: unknownAiMessage(`(${ai})`) };
}

function unknownAiMessage(named: string): string {
  return `The code has an application identifier this page cannot read: ${named}.`;
}

function label(resolved: Resolved): string {
  return `the ${resolved.spec.name} (${resolved.ai})`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Checks one element's value against its AI's format; the error if it does not fit. */
function checkValue(resolved: Resolved, value: string): BarcodeParseError<Gs1ErrorCode> | null {
  const { spec } = resolved;
  if (spec.kind === 'fixed') {
    if (value.length < spec.length) {
      return {
        code: 'truncated',
        message: `The code ends too early: ${label(resolved)} needs ${spec.length} digits, it has ${value.length}.`,
      };
    }
    if (value.length > spec.length || !/^\d+$/.test(value)) {
      return { code: 'bad-value', message: `${capitalized(label(resolved))} must be ${spec.length} digits.` };
    }
    return null;
  }
  if (value.length === 0) {
    return { code: 'truncated', message: `The code ends too early: ${label(resolved)} is empty.` };
  }
  if (value.length > spec.maxLength) {
    return {
      code: 'bad-value',
      message: `${capitalized(label(resolved))} is longer than ${spec.maxLength} characters: a group separator may be missing.`,
    };
  }
  if (spec.numeric ? !/^\d+$/.test(value) : !CHARACTER_SET_82.test(value)) {
    return {
      code: 'bad-value',
      message: `${capitalized(label(resolved))} has characters GS1 does not allow there.`,
    };
  }
  return null;
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
    const resolved = resolveAiAt(data.slice(position));
    if ('code' in resolved) return resolved;
    position += resolved.ai.length;
    let value: string;
    if (resolved.spec.kind === 'fixed') {
      value = data.slice(position, position + resolved.spec.length);
      // A separator inside a fixed field means the field is short.
      const separatorAt = value.indexOf(GROUP_SEPARATOR);
      if (separatorAt >= 0) value = value.slice(0, separatorAt);
      position += value.length;
    } else {
      const end = data.indexOf(GROUP_SEPARATOR, position);
      value = data.slice(position, end < 0 ? data.length : end);
      position += value.length;
    }
    const problem = checkValue(resolved, value);
    if (problem) return problem;
    elements.push({ ...resolved, value });
  }
  return elements;
}

/** Splits the human-readable form, "(01)09521234543213(17)260131(10)A1", into element strings. */
function readBracketedElements(data: string): ReadElement[] | BarcodeParseError<Gs1ErrorCode> {
  const elements: ReadElement[] = [];
  const pattern = /\((\d{2,4})\)([^(]*)/y;
  let position = 0;
  while (position < data.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(data);
    if (!match) {
      return {
        code: 'bad-value',
        message: `The code's bracketed form is broken near "${data.slice(position, position + 8)}".`,
      };
    }
    position = pattern.lastIndex;
    const resolved = resolveAi(match[1] ?? '');
    if ('code' in resolved) return resolved;
    // Spaces and separators people put between elements are not data.
    const value = (match[2] ?? '').replaceAll(GROUP_SEPARATOR, '').trim();
    const problem = checkValue(resolved, value);
    if (problem) return problem;
    elements.push({ ...resolved, value });
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
 * Reads a GS1 element string as a scanner or a person gives it: an optional symbology identifier (']d2',
 * ']C1', ']Q3', ']e0'), an optional leading FNC1 (GS), then the element strings, raw or in the
 * human-readable bracketed form. The GTIN's check digit and the dates are verified; other predefined-length
 * elements are kept in `elements`; any other AI is refused, naming it. `today` decides the century of
 * two-digit years.
 */
export function parseGs1ElementString(raw: string, today: Date = new Date()): Gs1ParseResult {
  const text = normalizeGroupSeparators(raw).trim();
  const { identifier, data: afterIdentifier } = splitSymbologyIdentifier(text);
  const symbology = identifier ? (GS1_SYMBOLOGY_IDENTIFIERS[identifier] ?? null) : null;
  const data = trimGroupSeparators(afterIdentifier);
  if (data === '') return failure({ code: 'empty', message: 'The code is empty.' });

  const elements = data.startsWith('(') ? readBracketedElements(data) : readRawElements(data);
  if ('code' in elements) return failure(elements);

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
    const earlier = seen.get(ai);
    if (earlier !== undefined && earlier !== value) {
      return failure({
        code: 'bad-value',
        message: `The code carries ${label(element)} twice, with different values.`,
      });
    }
    seen.set(ai, value);
    found.elements.push({ ai, value });
    if (ai === '01') {
      const expected = gtinCheckDigit(value.slice(0, 13));
      const actual = Number(value.slice(13));
      if (expected !== actual) {
        return failure({
          code: 'bad-check-digit',
          message: `The GTIN's check digit is wrong (expected ${expected}, found ${actual}).`,
        });
      }
      found.gtin = value;
    } else if (element.spec.kind === 'fixed' && element.spec.date) {
      const date = gs1Date(value, today);
      if (date === null) {
        return failure({
          code: 'bad-date',
          message: `${capitalized(label(element))} is not a real date (${value}, read as YYMMDD).`,
        });
      }
      if (ai === '17') found.expiry = date;
      if (ai === '11') found.productionDate = date;
    } else if (ai === '10') {
      found.lot = value;
    } else if (ai === '21') {
      found.serial = value;
    }
  }
  return found;
}
