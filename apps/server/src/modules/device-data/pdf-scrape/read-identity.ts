// Issue 29 §1: the identity an interrogation printout carries — patient name, patient id, date of birth,
// device model and serial — read from its laid-out lines with the vocabulary's labels, in every language
// the vocabulary has. The first value found for each wins (printouts print the identity in their header).
// Runs in the scraping worker too: only '.ts' imports, and types alone from elsewhere.

import type { IdentityTerms, PrintoutIdentity, PrintoutIdentityField, ScrapeLanguage } from '@portal/domain';

type Term = { text: string; field: PrintoutIdentityField; strong: boolean };

/** Where one cell ends and the next begins in a line's text. */
const CELL_BREAK = '\u2003\u2003';
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const DATE =
  /\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}日?|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|\d{1,2}[\s/-]*[A-Za-z]{3}[a-z]*\.?[\s/-]*\d{4}|[A-Za-z]{3}[a-z]*\.?\s+\d{1,2},?\s+\d{4}/u;

function escapeForPattern(text: string): string {
  // Only the characters a 'u' pattern may escape.
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** One pattern for all labels of all languages, longest first, whole words for scripts that have them. */
export function buildIdentityPattern(terms: Readonly<Record<ScrapeLanguage, IdentityTerms>>): {
  pattern: RegExp;
  byText: Map<string, Term>;
} {
  const byText = new Map<string, Term>();
  for (const language of Object.values(terms)) {
    for (const [field, { strong, weak }] of Object.entries(language) as [
      PrintoutIdentityField,
      IdentityTerms[PrintoutIdentityField],
    ][]) {
      for (const text of weak) if (!byText.has(text)) byText.set(text, { text, field, strong: false });
      for (const text of strong) byText.set(text, { text, field, strong: true });
    }
  }
  const alternatives = [...byText.keys()]
    .toSorted((a, b) => b.length - a.length)
    .map((text) =>
      CJK.test(text)
        ? escapeForPattern(text)
        : `(?<![\\p{L}\\p{N}])${escapeForPattern(text)}(?![\\p{L}\\p{N}])`,
    );
  return {
    pattern: new RegExp(`(${alternatives.join('|')})\\s*(:|#|no\\.)?`, 'giu'),
    byText,
  };
}

/** The value as the field takes it, or null when what follows the label is not one. */
function cleanValue(field: PrintoutIdentityField, raw: string): string | null {
  const text = raw
    .replace(/^[\s:#.,;-]+/u, '')
    .replace(/[\s,;:]+$/u, '')
    .trim();
  if (text === '') return null;
  switch (field) {
    case 'serial': {
      const token = /^[A-Za-z0-9][A-Za-z0-9-]{2,24}/u.exec(text)?.[0];
      return token && /\d/.test(token) ? token : null;
    }
    case 'patientId': {
      const token = /^[A-Za-z0-9][A-Za-z0-9-]{0,29}/u.exec(text)?.[0];
      return token && /\d/.test(token) ? token : null;
    }
    case 'dob':
      return DATE.exec(text)?.[0]?.replace(/\s+/gu, ' ') ?? null;
    case 'patientName':
      // Letters make a name (test and demo names may carry digits: 'Pdfsource3x').
      if (text.length > 80) return null;
      return (text.match(/\p{L}/gu)?.length ?? 0) >= 2 ? text : null;
    case 'deviceModel':
      if (text.length > 80) return null;
      return /\p{L}/u.test(text) ? text : null;
  }
}

/**
 * The identity in the lines' text (each line's cells joined by CELL_BREAK). A label's value runs to the
 * next label or the cell's end; a label alone in its cell takes the next cell.
 */
export function readIdentityFromLines(
  lines: readonly string[],
  terms: Readonly<Record<ScrapeLanguage, IdentityTerms>>,
): PrintoutIdentity {
  const { pattern, byText } = buildIdentityPattern(terms);
  const found: PrintoutIdentity = {
    patientName: null,
    patientId: null,
    dob: null,
    deviceModel: null,
    serial: null,
  };
  for (const original of lines) {
    // Cell by cell: NFKC would turn the cell break's em spaces into plain ones.
    const line = original
      .split(CELL_BREAK)
      .map((cell) => cell.normalize('NFKC'))
      .join(CELL_BREAK);
    const matches = [...line.matchAll(pattern)];
    for (const [index, match] of matches.entries()) {
      const term = byText.get((match[1] ?? '').toLowerCase());
      if (!term || found[term.field] !== null) continue;
      const marked = match[2] !== undefined;
      const start = (match.index ?? 0) + match[0].length;
      // A weak label without its colon counts where it is a cell of its own ('Patient | Jane Doe', a
      // table's label column), or where the value must hold a digit ('ID 00042').
      const before = line.slice(0, match.index ?? 0);
      const ownCell =
        (before.trim() === '' || before.endsWith(CELL_BREAK)) &&
        /^[ \t]*(?:\u2003\u2003|$)/u.test(line.slice((match.index ?? 0) + (match[1] ?? '').length));
      if (!term.strong && !marked && !ownCell && term.field !== 'patientId' && term.field !== 'serial')
        continue;
      const end = matches[index + 1]?.index ?? line.length;
      let value = line.slice(start, end);
      const cellEnd = value.indexOf(CELL_BREAK);
      if (cellEnd >= 0) {
        const before = value.slice(0, cellEnd);
        value = LETTER_OR_DIGIT.test(before)
          ? before
          : (value.slice(cellEnd + CELL_BREAK.length).split(CELL_BREAK)[0] ?? '');
      }
      found[term.field] = cleanValue(term.field, value);
    }
  }
  return found;
}

export { CELL_BREAK };
