import { checkGs1Value, findGs1Ai } from './gs1-ai-table';
import {
  type BarcodeParseError,
  type Gs1Element,
  type Gs1ErrorCode,
  type Gs1ParseResult,
  readGs1Fields,
} from './gs1-element-string';
import { isValidGtin } from './gtin';
import { splitSymbologyIdentifier } from './symbology-identifier';

// GS1 Digital Link URIs (GS1 Digital Link standard, URI syntax 1.x): https://<any host>/<optional path>/<primary
// key AI>/<value>[/<qualifier AI>/<value>…][?<AI>=<value>&…]. The primary key and its qualifiers, in the order
// the syntax dictionary's dlpkey attribute gives, are in the path; data attributes in the query. Each AI's value
// is percent-encoded and checked like any element string; other query parameters are not AIs and are ignored.

/** Whether the text (after any symbology identifier) is an http(s) URI, the form GS1 Digital Link takes. */
export function looksLikeDigitalLink(text: string): boolean {
  const { data } = splitSymbologyIdentifier(text.trim());
  // GS1 allows the scheme in lower or upper case, not mixed.
  return /^(https?|HTTPS?):\/\//.test(data);
}

function failure(code: Gs1ErrorCode, message: string): Gs1ParseResult {
  return { ok: false, format: 'gs1', error: { code, message } };
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function element(ai: string, rawValue: string): Gs1Element | BarcodeParseError<Gs1ErrorCode> {
  const entry = findGs1Ai(ai);
  if (!entry)
    return {
      code: 'unknown-ai',
      message: `The link has an application identifier GS1 does not define: (${ai}).`,
    };
  const decoded = decode(rawValue);
  if (decoded === null || decoded === '') {
    return {
      code: 'bad-value',
      message: `The link's ${entry.title} (${ai}) is empty or badly percent-encoded.`,
    };
  }
  // The GTIN may be written with 8, 12 or 13 digits in a link; it is the same GTIN as 14.
  const value =
    ai === '01' && /^\d+$/.test(decoded) && isValidGtin(decoded) ? decoded.padStart(14, '0') : decoded;
  const problem = checkGs1Value(entry, value);
  if (problem) {
    return {
      code: problem.kind,
      message: `The link's ${entry.title} (${ai}) ${problem.detail}.`,
    };
  }
  return { ai, value, title: entry.title };
}

/** Whether the qualifiers follow one of the key's ordered sequences (each qualifier optional, order kept). */
function qualifiersInOrder(qualifiers: string[], sequences: string[][]): boolean {
  return sequences.some((sequence) => {
    let at = 0;
    for (const ai of qualifiers) {
      const index = sequence.indexOf(ai, at);
      if (index < 0) return false;
      at = index + 1;
    }
    return true;
  });
}

/**
 * Reads a GS1 Digital Link URI into the same fields as an element string: the primary key and qualifiers from
 * the path, data attributes from the query. `today` decides the century of two-digit years.
 */
export function parseGs1DigitalLink(raw: string, today: Date = new Date()): Gs1ParseResult {
  const { data } = splitSymbologyIdentifier(raw.trim());
  if (!looksLikeDigitalLink(data)) return failure('bad-value', 'This is not a web address (https://…).');
  const withoutFragment = data.split('#')[0] ?? '';
  const queryAt = withoutFragment.indexOf('?');
  const beforeQuery = queryAt < 0 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const query = queryAt < 0 ? '' : withoutFragment.slice(queryAt + 1);
  const afterScheme = beforeQuery.replace(/^[^:]+:\/\//, '');
  const segments = afterScheme
    .split('/')
    .slice(1)
    .filter((segment) => segment !== '');

  // The primary key is the first segment, after any path prefix, that is a key AI followed by value pairs to the end.
  let keyIndex = -1;
  for (let index = 0; index < segments.length; index += 1) {
    const entry = findGs1Ai(segments[index] ?? '');
    if (!entry?.digitalLinkQualifiers || (segments.length - index) % 2 !== 0) continue;
    const qualifiers = segments.filter((_, at) => at > index && (at - index) % 2 === 0);
    if (qualifiersInOrder(qualifiers, entry.digitalLinkQualifiers)) {
      keyIndex = index;
      break;
    }
  }
  if (keyIndex < 0) {
    return failure('unknown-ai', 'The link does not carry a GS1 key (such as /01/ and a GTIN) in its path.');
  }
  const elements: Gs1Element[] = [];
  for (let index = keyIndex; index < segments.length; index += 2) {
    const read = element(segments[index] ?? '', segments[index + 1] ?? '');
    if ('code' in read) return failure(read.code, read.message);
    elements.push(read);
  }
  for (const parameter of query.split('&')) {
    if (parameter === '') continue;
    const [key = '', value = ''] = parameter.split('=');
    // Only numeric keys are AIs; others (a campaign tag, 'linkType') are the link's own.
    if (!/^\d{2,4}$/.test(key)) continue;
    const entry = findGs1Ai(key);
    if (entry && !entry.digitalLinkAttribute) {
      return failure(
        'bad-value',
        `The link carries the ${entry.title} (${key}) in its query, where GS1 does not allow it.`,
      );
    }
    const read = element(key, value);
    if ('code' in read) return failure(read.code, read.message);
    elements.push(read);
  }
  const result = readGs1Fields(elements, 'digital-link', today);
  return result;
}
