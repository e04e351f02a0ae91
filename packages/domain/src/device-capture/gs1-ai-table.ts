import { GS1_SYNTAX_DICTIONARY } from './gs1-syntax-dictionary.data';
import { gtinCheckDigit } from './gtin';

// GS1's application identifiers (AIs), read from the GS1 Barcode Syntax Dictionary (gs1-syntax-dictionary.data.ts):
// each AI's components (character set, length, linters), whether it needs a separator after it, its mandatory and
// exclusive pairings and its GS1 Digital Link roles. This file holds only how to read and apply the entries; what
// the AIs are is the data's.

/** 'N' digits, 'X' GS1 character set 82, 'Y' character set 39, 'Z' base64url (character set 64). */
export type Gs1CharacterSet = 'N' | 'X' | 'Y' | 'Z';
export type Gs1Component = {
  characterSet: Gs1CharacterSet;
  minLength: number;
  maxLength: number;
  optional: boolean;
  linters: string[];
};
export type Gs1AiEntry = {
  ai: string;
  title: string;
  /** Predefined length ('*' flag): no separator needed after it. */
  predefinedLength: boolean;
  /** Allowed as a GS1 Digital Link data attribute ('?' flag): in a URI's query. */
  digitalLinkAttribute: boolean;
  components: Gs1Component[];
  /** Each a list of alternatives (AIs or patterns with 'n', joined by '+' when several are needed together). */
  requires: string[][];
  excludes: string[];
  /** GS1 Digital Link primary key: null when not one; otherwise the ordered qualifier sequences it accepts. */
  digitalLinkQualifiers: string[][] | null;
};

function readComponent(spec: string): Gs1Component {
  // 'N6,yymmdd', or optional: '[N6],yymmdd' (the linters after the bracket).
  const optional = spec.startsWith('[');
  const [format = '', ...linters] = spec.split(',');
  const match = /^\[?([NXYZ])(\.\.)?(\d+)\]?$/.exec(format);
  if (!match) throw new Error(`GS1 syntax dictionary: unreadable component "${spec}"`);
  const length = Number(match[3]);
  return {
    characterSet: match[1] as Gs1CharacterSet,
    minLength: match[2] ? 1 : length,
    maxLength: length,
    optional,
    linters,
  };
}

function readEntries(dictionary: string): Map<string, Gs1AiEntry> {
  const table = new Map<string, Gs1AiEntry>();
  for (const line of dictionary.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const hash = line.indexOf('#');
    const title = hash >= 0 ? line.slice(hash + 1).trim() : '';
    const tokens = (hash >= 0 ? line.slice(0, hash) : line).trim().split(/\s+/);
    const range = tokens.shift() ?? '';
    let flags = '';
    if (tokens[0] && /^[*?!"$%&'()+,\-./:;<=>@[\]^_`{|}~]+$/.test(tokens[0]) && !tokens[0].startsWith('['))
      flags = tokens.shift() ?? '';
    const components: Gs1Component[] = [];
    while (tokens[0] && /^\[?[NXYZ](\.\.)?\d/.test(tokens[0]))
      components.push(readComponent(tokens.shift() ?? ''));
    const requires: string[][] = [];
    const excludes: string[] = [];
    let digitalLinkQualifiers: string[][] | null = null;
    for (const attribute of tokens) {
      const [key, value] = attribute.split('=');
      if (key === 'req' && value) requires.push(value.split(','));
      else if (key === 'ex' && value) excludes.push(...value.split(','));
      else if (key === 'dlpkey')
        digitalLinkQualifiers = value ? value.split('|').map((sequence) => sequence.split(',')) : [[]];
    }
    const [first = '', last = first] = range.split('-');
    for (let number = Number(first); number <= Number(last); number += 1) {
      const ai = String(number).padStart(first.length, '0');
      table.set(ai, {
        ai,
        title,
        predefinedLength: flags.includes('*'),
        digitalLinkAttribute: flags.includes('?'),
        components,
        requires,
        excludes,
        digitalLinkQualifiers,
      });
    }
  }
  return table;
}

let cachedTable: Map<string, Gs1AiEntry> | null = null;

/** Every AI GS1 defines, read from the dictionary once. */
export function gs1AiTable(): ReadonlyMap<string, Gs1AiEntry> {
  cachedTable ??= readEntries(GS1_SYNTAX_DICTIONARY);
  return cachedTable;
}

/** The AI entry for a whole AI ('01', '3103'), or undefined when GS1 defines no such AI. */
export function findGs1Ai(ai: string): Gs1AiEntry | undefined {
  return gs1AiTable().get(ai);
}

/** The AI at the start of unbracketed data: AIs are prefix-free, so at most one of 2, 3 or 4 digits matches. */
export function findGs1AiAt(data: string): Gs1AiEntry | undefined {
  for (let length = 2; length <= 4; length += 1) {
    const candidate = data.slice(0, length);
    if (!/^\d+$/.test(candidate) || candidate.length < length) return undefined;
    const entry = gs1AiTable().get(candidate);
    if (entry) return entry;
  }
  return undefined;
}

/** Total data lengths an entry allows, as [min, max]. */
export function gs1ValueLengths(entry: Gs1AiEntry): [number, number] {
  let min = 0;
  let max = 0;
  for (const component of entry.components) {
    if (!component.optional) min += component.minLength;
    max += component.maxLength;
  }
  return [min, max];
}

const CHARACTER_SETS: Record<Gs1CharacterSet, RegExp> = {
  N: /^\d*$/,
  X: /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/,
  Y: /^[#\-/0-9A-Z]*$/,
  Z: /^[-0-9A-Z_a-z]*$/,
};
const CHARACTER_SET_NAMES: Record<Gs1CharacterSet, string> = {
  N: 'digits',
  X: 'GS1 character set 82',
  Y: 'GS1 character set 39',
  Z: 'GS1 character set 64',
};

/** The problem a linter finds with a component's value, or null. Linters not listed here are not applied. */
type Linter = (value: string) => string | null;

function checkDigitLinter(value: string): string | null {
  const expected = gtinCheckDigit(value.slice(0, -1));
  const found = Number(value.slice(-1));
  return expected === found ? null : `has a wrong check digit (expected ${expected}, found ${found})`;
}

function isRealDate(year: number, month: number, day: number, dayZeroAllowed: boolean): boolean {
  if (month < 1 || month > 12) return false;
  if (day === 0) return dayZeroAllowed;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

function dateLinter(dayZeroAllowed: boolean): Linter {
  return (value) => {
    // Only 29 February depends on the year, and 2000 + YY is a leap year exactly when the GS1 year is.
    return isRealDate(
      2000 + Number(value.slice(0, 2)),
      Number(value.slice(2, 4)),
      Number(value.slice(4, 6)),
      dayZeroAllowed,
    )
      ? null
      : `is not a real date (${value}, read as YYMMDD)`;
  };
}

function rangeLinter(start: number, length: number, max: number, what: string): Linter {
  return (value) => (Number(value.slice(start, start + length)) <= max ? null : `has an impossible ${what}`);
}

const LINTERS: Readonly<Record<string, Linter>> = {
  csum: checkDigitLinter,
  yymmd0: dateLinter(true),
  yymmdd: dateLinter(false),
  yyyymmdd: (value) =>
    isRealDate(Number(value.slice(0, 4)), Number(value.slice(4, 6)), Number(value.slice(6, 8)), false)
      ? null
      : `is not a real date (${value}, read as YYYYMMDD)`,
  hhmi: (value) => rangeLinter(0, 2, 23, 'hour')(value) ?? rangeLinter(2, 2, 59, 'minute')(value),
  hh: rangeLinter(0, 2, 23, 'hour'),
  mi: rangeLinter(0, 2, 59, 'minute'),
  ss: rangeLinter(0, 2, 59, 'second'),
  zero: (value) => (value === '0' ? null : 'must be 0'),
  nonzero: (value) => (/^0+$/.test(value) ? 'must not be zero' : null),
  nozeroprefix: (value) => (value.length > 1 && value.startsWith('0') ? 'must not start with 0' : null),
  yesno: (value) => (value === '0' || value === '1' ? null : 'must be 0 or 1'),
  hyphen: (value) => (/^-*$/.test(value) ? null : 'must be hyphens'),
  pcenc: (value) => (/%(?![0-9A-Fa-f]{2})/.test(value) ? 'has a broken percent sequence' : null),
  pieceoftotal: (value) => {
    const piece = Number(value.slice(0, value.length / 2));
    const total = Number(value.slice(value.length / 2));
    if (piece === 0) return 'has piece number 0';
    if (total === 0) return 'has total pieces 0';
    return piece > total ? 'has a piece number above the total' : null;
  },
};

/** Linters of the dictionary this reader does not apply (their reference data, such as ISO 3166 lists, is not held). */
export const GS1_LINTERS_NOT_APPLIED: readonly string[] = [
  'csumalpha',
  'gcppos1',
  'gcppos2',
  'iso3166',
  'iso3166999',
  'iso3166alpha2',
  'iso4217',
  'iso5218',
  'iban',
  'importeridx',
  'couponcode',
  'couponposoffer',
  'latitude',
  'longitude',
  'mediatype',
  'packagetype',
  'posinseqslash',
  'winding',
  'hasnondigit',
];

export type Gs1ValueProblem = {
  kind: 'truncated' | 'bad-value' | 'bad-check-digit' | 'bad-date';
  detail: string;
};

/** Checks an AI's whole value against its components; the first problem, or null. */
export function checkGs1Value(entry: Gs1AiEntry, value: string): Gs1ValueProblem | null {
  const [min, max] = gs1ValueLengths(entry);
  if (value.length < min)
    return { kind: 'truncated', detail: `needs at least ${min} characters, it has ${value.length}` };
  if (value.length > max) {
    const fixed = min === max && entry.components.every((component) => component.characterSet === 'N');
    return {
      kind: 'bad-value',
      detail: fixed ? `must be ${max} digits` : `is longer than ${max} characters`,
    };
  }
  let position = 0;
  for (const component of entry.components) {
    if (position >= value.length) {
      if (component.optional) break;
      return { kind: 'truncated', detail: 'ends too early' };
    }
    const isLast = component === entry.components[entry.components.length - 1];
    const length =
      component.minLength === component.maxLength
        ? component.maxLength
        : isLast
          ? value.length - position
          : Math.min(component.maxLength, value.length - position);
    const part = value.slice(position, position + length);
    position += length;
    if (part.length < component.minLength) {
      return {
        kind: 'truncated',
        detail: `needs ${component.minLength} characters in a part, it has ${part.length}`,
      };
    }
    if (part.length > component.maxLength)
      return { kind: 'bad-value', detail: `is longer than ${max} characters` };
    if (!CHARACTER_SETS[component.characterSet].test(part)) {
      return {
        kind: 'bad-value',
        detail:
          component.characterSet === 'N'
            ? 'must be digits only'
            : `has characters GS1 does not allow there (${CHARACTER_SET_NAMES[component.characterSet]})`,
      };
    }
    for (const name of component.linters) {
      const problem = LINTERS[name]?.(part);
      if (problem) {
        const kind = name === 'csum' ? 'bad-check-digit' : name.startsWith('yy') ? 'bad-date' : 'bad-value';
        return { kind, detail: problem };
      }
    }
  }
  if (position < value.length) return { kind: 'bad-value', detail: `is longer than ${max} characters` };
  return null;
}

/** Whether an AI matches a pairing pattern such as '3100', '310n' or '35nn'. */
function matchesPattern(ai: string, pattern: string): boolean {
  if (pattern.length !== ai.length) return false;
  for (let index = 0; index < pattern.length; index += 1) {
    const expected = pattern[index];
    if (expected === 'n' ? !/\d/.test(ai[index] ?? '') : expected !== ai[index]) return false;
  }
  return true;
}

/**
 * The first broken pairing among the AIs a code carries: an AI with an exclusive partner present
 * (ex=), or one without any of its required partners (req=). Null when all pairings hold.
 */
export function findGs1PairingProblem(ais: readonly string[]): string | null {
  const present = [...new Set(ais)];
  for (const ai of present) {
    const entry = findGs1Ai(ai);
    if (!entry) continue;
    for (const pattern of entry.excludes) {
      const other = present.find((candidate) => candidate !== ai && matchesPattern(candidate, pattern));
      if (other) return `(${ai}) may not be used together with (${other})`;
    }
    for (const alternatives of entry.requires) {
      const satisfied = alternatives.some((group) =>
        group.split('+').every((pattern) => present.some((candidate) => matchesPattern(candidate, pattern))),
      );
      if (!satisfied) {
        const wanted = alternatives
          .map((group) =>
            group
              .split('+')
              .map((part) => `(${part})`)
              .join(' with '),
          )
          .join(' or ');
        return `(${ai}) needs ${wanted} in the same code`;
      }
    }
  }
  return null;
}

/** Keys whose digital signature (8030) needs the key's optional serial component, and the key's length without it. */
const SERIALISED_KEYS: Readonly<Record<string, number>> = { '253': 13, '255': 13, '8003': 14 };

/** A digital signature (8030) over a key that has no serial component (GS1 General Specifications §3.9.x); or null. */
export function findGs1DigitalSignatureProblem(
  elements: readonly { ai: string; value: string }[],
): string | null {
  if (!elements.some((element) => element.ai === '8030')) return null;
  for (const { ai, value } of elements) {
    const bare = SERIALISED_KEYS[ai];
    if (bare !== undefined && value.length <= bare) return `(8030) needs (${ai}) with its serial component`;
  }
  return null;
}
