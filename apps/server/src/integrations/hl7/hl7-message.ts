// An HL7 v2 message in its ER7 ("pipe") encoding: segments, fields, repetitions, components and
// sub-components, with the message's own delimiters (MSH-1 and MSH-2) and its escape sequences decoded.
// Positions are 1-based, as HL7 writes them (PID-3.1, OBX-5).

export type Hl7Delimiters = {
  field: string;
  component: string;
  repetition: string;
  escape: string;
  subcomponent: string;
};

/** Where in a message something is: segment name, its sequence among segments of that name, field, component. */
export type Hl7Location = { segment: string; sequence: number; field?: number; component?: number };

/** The text is not an HL7 v2 message the parser can read: no MSH first, or delimiters it cannot use. */
export class Hl7ParseError extends Error {
  override name = 'Hl7ParseError';
  readonly location: Hl7Location;

  constructor(message: string, location: Hl7Location) {
    super(message);
    this.location = location;
  }
}

/** One repetition of a field: its components, each a list of sub-components (escapes decoded). */
type Repetition = string[][];

export class Hl7Segment {
  readonly name: string;
  /** Its place among the message's segments of the same name, from 1 (the third OBX is OBX 3). */
  readonly sequence: number;
  /** fields[n] is field n; fields[0] is the segment name. For MSH, fields[1] is the field separator. */
  readonly #fields: Repetition[][];

  constructor(name: string, sequence: number, fields: Repetition[][]) {
    this.name = name;
    this.sequence = sequence;
    this.#fields = fields;
  }

  /** How many fields the segment carries (the last field's position). */
  get fieldCount(): number {
    return this.#fields.length - 1;
  }

  /** The field's repetitions (an empty list when the field is empty or absent). */
  repetitions(field: number): Repetition[] {
    const repetitions = this.#fields[field] ?? [];
    return repetitions.filter((repetition) => repetition.some((component) => component.some(Boolean)));
  }

  /** One sub-component's text ('' when absent): get(3) is field 3, component 1, of the first repetition. */
  get(field: number, component = 1, subcomponent = 1, repetition = 1): string {
    return this.#fields[field]?.[repetition - 1]?.[component - 1]?.[subcomponent - 1] ?? '';
  }

  /** The components of one repetition, each with its sub-components joined back with '&'-free text. */
  components(field: number, repetition = 1): string[] {
    return (this.#fields[field]?.[repetition - 1] ?? []).map((component) => component[0] ?? '');
  }
}

export type Hl7Message = {
  delimiters: Hl7Delimiters;
  segments: Hl7Segment[];
  /** The first segment of this name, if any. */
  first(name: string): Hl7Segment | undefined;
  all(name: string): Hl7Segment[];
};

// MLLP frames a message with VT (0x0b) before and FS (0x1c) CR after.
const MLLP_START = String.fromCharCode(0x0b);
const MLLP_END = String.fromCharCode(0x1c);

function stripFraming(text: string): string {
  let start = 0;
  let end = text.length;
  const isFraming = (character: string | undefined) =>
    character === MLLP_START || character === MLLP_END || (character !== undefined && /\s/.test(character));
  while (start < end && isFraming(text[start])) start += 1;
  while (end > start && isFraming(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/**
 * Parses an ER7-encoded message. Segments end with CR; CRLF and LF are tolerated, as are MLLP framing
 * characters and blank lines. The first segment must be MSH; its 4th character is the field separator and
 * MSH-2 gives the component, repetition, escape and sub-component characters (a 2.7 truncation character
 * after them is ignored). Throws Hl7ParseError naming where it stopped.
 */
export function parseHl7Message(text: string): Hl7Message {
  const lines = stripFraming(text)
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '');
  const header = lines[0] ?? '';
  if (!header.startsWith('MSH')) {
    throw new Hl7ParseError(
      lines.some((line) => line.startsWith('MSH'))
        ? 'The message must begin with its MSH segment'
        : 'The message has no MSH segment',
      { segment: 'MSH', sequence: 1 },
    );
  }
  const delimiters = readDelimiters(header);
  const counts = new Map<string, number>();
  const segments = joinWrappedLines(lines, delimiters).map((line, index) => {
    const name = line.split(delimiters.field, 1)[0] ?? '';
    const sequence = (counts.get(name) ?? 0) + 1;
    counts.set(name, sequence);
    if (!/^[A-Z][A-Z0-9]{2}$/.test(name)) {
      throw new Hl7ParseError(`Segment ${index + 1} has no valid segment name`, {
        segment: name.slice(0, 3).replace(/[^A-Z0-9]/g, '') || 'MSH',
        sequence,
      });
    }
    if (index > 0 && name === 'MSH')
      throw new Hl7ParseError('A message has one MSH segment', { segment: 'MSH', sequence });
    return new Hl7Segment(name, sequence, splitSegment(line, delimiters, index === 0));
  });
  return {
    delimiters,
    segments,
    first: (name) => segments.find((segment) => segment.name === name),
    all: (name) => segments.filter((segment) => segment.name === name),
  };
}

/**
 * Some senders wrap a long OBX field (an embedded PDF in Base64) over several lines, each ended with an
 * escaped CR (\\X000d\\) and a real line break. A line that holds only Base64 characters and escapes,
 * or that begins with the field separator, after an OBX, continues that OBX; any other line stands as its own segment (and is checked as one).
 */
function joinWrappedLines(lines: readonly string[], delimiters: Hl7Delimiters): string[] {
  const escapeCharacter = delimiters.escape.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  const continuation = new RegExp(`^(?:[A-Za-z0-9+/=]|${escapeCharacter}X[0-9A-Fa-f]+${escapeCharacter})+$`);
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    const segmentStart = /^[A-Z][A-Z0-9]{2}$/.test(line.slice(0, 3)) && line[3] === delimiters.field;
    // The wrapped field's last line goes on with the segment's next fields: it begins with a separator.
    const wrapped = continuation.test(line) || line.startsWith(delimiters.field);
    if (previous?.startsWith(`OBX${delimiters.field}`) && !segmentStart && wrapped)
      joined[joined.length - 1] = `${previous}\n${line}`;
    else joined.push(line);
  }
  return joined;
}

function readDelimiters(header: string): Hl7Delimiters {
  const field = header[3] ?? '';
  const encoding = header.slice(4).split(field, 1)[0] ?? '';
  const [component, repetition, escapeCharacter, subcomponent] = [...encoding];
  const all = [field, component, repetition, escapeCharacter, subcomponent];
  const valid =
    all.every(
      (character) => character !== undefined && character.length === 1 && !/[\w\s]/.test(character),
    ) && new Set(all).size === all.length;
  if (!valid || field === '' || !component || !repetition || !escapeCharacter || !subcomponent) {
    throw new Hl7ParseError('MSH-1 and MSH-2 must give five distinct delimiter characters', {
      segment: 'MSH',
      sequence: 1,
      field: 2,
    });
  }
  return { field, component, repetition, escape: escapeCharacter, subcomponent };
}

function splitSegment(line: string, delimiters: Hl7Delimiters, isHeader: boolean): Repetition[][] {
  const raw = line.split(delimiters.field);
  const parseField = (value: string): Repetition[] =>
    value
      .split(delimiters.repetition)
      .map((repetition) =>
        repetition
          .split(delimiters.component)
          .map((component) =>
            component.split(delimiters.subcomponent).map((part) => unescapeHl7(part, delimiters)),
          ),
      );
  if (!isHeader) return raw.map(parseField);
  // MSH-1 is the field separator itself and MSH-2 the encoding characters: neither is split or unescaped.
  const [name = 'MSH', encoding = '', ...rest] = raw;
  return [[[[name]]], [[[delimiters.field]]], [[[encoding]]], ...rest.map(parseField)];
}

/**
 * Decodes HL7 escape sequences: \F\ \S\ \T\ \R\ \E\ give back the delimiters, \Xhh…\ the bytes (as UTF-8),
 * \.br\ a line break. Formatting sequences (\H\, \N\ and others) are dropped; an unterminated escape is kept
 * as written.
 */
export function unescapeHl7(text: string, delimiters: Hl7Delimiters): string {
  const escapeCharacter = delimiters.escape;
  if (!text.includes(escapeCharacter)) return text;
  let out = '';
  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (character !== escapeCharacter) {
      out += character;
      index += 1;
      continue;
    }
    const end = text.indexOf(escapeCharacter, index + 1);
    if (end === -1) {
      out += text.slice(index);
      break;
    }
    out += decodeEscape(text.slice(index + 1, end), delimiters);
    index = end + 1;
  }
  return out;
}

function decodeEscape(sequence: string, delimiters: Hl7Delimiters): string {
  switch (sequence) {
    case 'F':
      return delimiters.field;
    case 'S':
      return delimiters.component;
    case 'T':
      return delimiters.subcomponent;
    case 'R':
      return delimiters.repetition;
    case 'E':
      return delimiters.escape;
    case '.br':
      return '\n';
  }
  // NUL has no place in text the portal stores (PostgreSQL refuses it): it is dropped.
  if (/^X([0-9A-Fa-f]{2})+$/.test(sequence))
    return Buffer.from(sequence.slice(1), 'hex').toString('utf8').replaceAll('\u0000', '');
  return '';
}

/** Encodes text for a field of a message with these delimiters (the ACK's texts). */
export function escapeHl7(text: string, delimiters: Hl7Delimiters): string {
  const codes: [string, string][] = [
    [delimiters.escape, 'E'],
    [delimiters.field, 'F'],
    [delimiters.component, 'S'],
    [delimiters.subcomponent, 'T'],
    [delimiters.repetition, 'R'],
  ];
  let out = '';
  for (const character of text) {
    const code = codes.find(([delimiter]) => delimiter === character)?.[1];
    if (code) out += `${delimiters.escape}${code}${delimiters.escape}`;
    else if (character === '\r' || character === '\n') out += ' ';
    else out += character;
  }
  return out;
}

export const STANDARD_DELIMITERS: Hl7Delimiters = {
  field: '|',
  component: '^',
  repetition: '~',
  escape: '\\',
  subcomponent: '&',
};
