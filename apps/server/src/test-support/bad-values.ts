import fc from 'fast-check';

// Bad values for requests: hand-picked ones that have broken servers, and arbitraries mixing them with
// generated ones. Plus the encodings that keep them intact on the way (JSON text, percent-encoding).

// ——— Printable values ———

/** JSON text placed into a body as it is: nesting too deep to build as a value, numbers JSON cannot round-trip. */
export class RawJson {
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}
  [fc.toStringMethod]() {
    return `RawJson(${this.label})`;
  }
}

/** Shows a string with its NULs, surrogates and control characters escaped, long ones cut. */
export function showText(text: string, max = 300): string {
  const shown = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${shown}…(${text.length} chars)` : shown;
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export function showValue(value: unknown): string {
  if (typeof value === 'string') return showText(value, 80);
  if (value instanceof RawJson) return value.label;
  const text = toJsonText(value);
  return text.length > 120 ? `${text.slice(0, 120)}…(${text.length} chars)` : text;
}

// ——— Percent-encoding that keeps what a browser would refuse to send ———

function utf8Bytes(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint < 0x10000)
    return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  return [
    0xf0 | (codePoint >> 18),
    0x80 | ((codePoint >> 12) & 0x3f),
    0x80 | ((codePoint >> 6) & 0x3f),
    0x80 | (codePoint & 0x3f),
  ];
}

/**
 * Percent-encodes every character but the unreserved ones, as UTF-8; an unpaired surrogate is encoded
 * as the three bytes it would take (WTF-8: '\ud800' → %ED%A0%80), where encodeURIComponent throws.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (let index = 0; index < text.length; index++) {
    let codePoint = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (codePoint >= 0xd800 && codePoint <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (next - 0xdc00);
      index += 1;
    }
    const character = String.fromCodePoint(codePoint);
    if (/^[A-Za-z0-9\-_.~]$/.test(character)) encoded += character;
    else
      for (const byte of utf8Bytes(codePoint))
        encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

// ——— Bad values ———

const deepArrays = (depth: number) =>
  new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`, `${depth} nested arrays`);
const deepObjects = (depth: number) =>
  new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, `${depth} nested objects`);

/** Hand-picked strings that have broken servers: NUL, unpaired surrogates, text beyond Latin-1, lengths. */
export const NASTY_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00',
  '\ud800\ud800',
  '\udfff\ud800',
  'Łukasz Żółć',
  'Luis Żółć',
  '日本語のテキスト',
  '🫀🫀🫀',
  '\u202eevil',
  '\ufeff',
  '\uffff',
  '',
  ' ',
  '\r\n',
  '\t',
  '../../../etc/passwd',
  "' OR '1'='1",
  '%00',
  '%',
  '\\',
  '"',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template-injection attempt
  '${jndi:ldap://x}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e400',
  'true',
  '*',
  'any',
  'me',
  '__proto__',
  'constructor',
  'x'.repeat(256),
  'x'.repeat(4_001),
  'x'.repeat(20_001),
  'x'.repeat(200_000),
  'ż'.repeat(20_001),
  '🫀'.repeat(10_001),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0000000000',
  '9999999999',
  // Numbers and dates a database column cannot hold.
  '2147483648',
  '-9223372036854775809',
  '99999999999999999999',
  '0.1e-400',
  '0000-00-00',
  '2026-02-30',
  '275760-09-14',
  '-000001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999999999Z',
  // Cursors and tokens a client may echo back altered: base64 of JSON, of null, of nothing.
  'eyJ4IjoxfQ',
  'bnVsbA',
  'e30=',
  '=',
];

/** Strings of any UTF-16 code units: NUL, unpaired surrogates and controls included. */
const anyCodeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  maxLength: 24,
});

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: anyCodeUnits },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.uuid() },
);

const protoPollution = JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}');

/** A bad JSON value of any type, for a field or a whole body. */
export const nastyJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      -1,
      0,
      1.5,
      2 ** 31,
      2 ** 53 + 2,
      -(2 ** 63),
      1e308,
      true,
      false,
      null,
      [],
      {},
      [[]],
      [1, 'a', null],
      { '': '' },
      { a: { b: { c: {} } } },
      protoPollution,
      new RawJson('1e400', '1e400'),
      new RawJson('-0', '-0'),
      new RawJson('123456789012345678901234567890', 'a 30-digit integer'),
      deepArrays(64),
      deepArrays(5_000),
      deepArrays(100_000),
      deepObjects(5_000),
      deepObjects(50_000),
    ),
  },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Path segments as sent (already encoded): NUL, bad escapes, overlong and WTF-8 bytes, traversal. */
export const NASTY_PATH_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  'x%ED%B0%80',
  '%C0%80',
  '%FF%FE',
  '%',
  '%zz',
  '%E0%A4%A',
  '%25',
  '..',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '%20',
  '%0A',
  percentEncode('Łukasz Żółć'),
  'x'.repeat(10_000),
  '-1',
  '0',
  '1e400',
  'NaN',
  'null',
  '%5Bobject%20Object%5D',
  ';',
  ',',
  ',,,',
  '00000000-0000-0000-0000-000000000000',
  '9999999999',
  '*',
  'me',
];

export const nastyPathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_PATH_SEGMENTS) },
  { weight: 2, arbitrary: nastyString.filter((text) => text.length > 0).map(percentEncode) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** A query value as sent: encoded text, or raw escapes a browser would not make. */
export const nastyQueryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyString.map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%', '%zz', '%C0%80', '+', '%2B', '&', '=') },
);

export const NASTY_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;;;',
  'application/jsonx',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'a/b/c',
  ';',
  'application/*',
  'application/json, text/plain',
];

/** Bodies that are not what their content type says. */
export const MALFORMED_BODIES: readonly (string | Buffer)[] = [
  '',
  '{',
  '{"a":',
  '[',
  '}',
  'null',
  'true',
  '"x"',
  '123',
  '{"a":1,"a":2}',
  '\ufeff{}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"x":NaN}',
  "{'single':'quotes'}",
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
  '{"x":"\\uZZZZ"}',
  '\u0000',
  `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
  Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x7d]),
  Buffer.from('{"note":"\xed\xa0\x80"}', 'latin1'),
  'x'.repeat(1_100_000),
];

/** Values every location is tried with, whatever the random runs draw: what broke the portal before. */
export const SWEEP_VALUES: readonly string[] = ['a\u0000b', 'x\ud800', 'Łukasz Żółć'];
