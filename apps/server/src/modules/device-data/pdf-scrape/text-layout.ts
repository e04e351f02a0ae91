// Text with positions, as pdf.js reads it, arranged the way a reader sees the page: lines by baseline,
// cells within a line by the gaps between words, tokens within a cell (a number apart from its unit).
// Runs in the scraping worker too: only '.ts' imports, and types alone from elsewhere.

/** A rectangle in PDF points from the page's top-left corner (pdf.js's viewport at scale 1). */
export type Box = { x: number; y: number; width: number; height: number };

/** One run of text on a page, as pdf.js gives it: its string and where it is drawn. */
export type TextRun = {
  text: string;
  /** Left edge and baseline, in points from the page's top-left. */
  x: number;
  baseline: number;
  width: number;
  fontSize: number;
};

export type PageText = { page: number; width: number; height: number; runs: TextRun[] };

export type TokenKind = 'number' | 'word' | 'mark';
export type Token = {
  /** As printed. */
  text: string;
  /** Lower case, for matching. */
  norm: string;
  kind: TokenKind;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  /** The cell of its line it belongs to. */
  cell: number;
  /** Printed right after an opening bracket: '0.40' in '1.500 V (0.40 ms)'. */
  bracketed?: boolean;
};
export type Cell = { tokens: Token[]; x0: number; x1: number; top: number; bottom: number; text: string };
export type Line = {
  page: number;
  baseline: number;
  top: number;
  bottom: number;
  fontSize: number;
  cells: Cell[];
  /** The line's tokens, in order (cell by cell, left to right). */
  tokens: Token[];
};

/** Share of the font size above the baseline, and below it, that a box covers. */
const ASCENT = 0.8;
const DESCENT = 0.22;

// A number ('1,250' grouped by thousands, '0.75'), a word (letters, with '-', '/' or an apostrophe
// inside: 'R-Wave', 'AT/AF'), or any other single character.
// A decimal comma ('0,75 V', '19,9 %', issue 29 §3) has one or two digits after it; thousands have three.
const TOKEN =
  /\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])|\d+,\d{1,2}(?![\d,])|\d+(?:\.\d+)?|[\p{L}\u2126]+(?:[-/'’][\p{L}\u2126]+)*|\S/gu;

/** A number token's value: '1,250' → 1250, '0,75' (a decimal comma) → 0.75, '0.75' → 0.75. */
export function numberOf(text: string): number {
  return /^\d+,\d{1,2}$/.test(text) ? Number(text.replace(',', '.')) : Number(text.replaceAll(',', ''));
}

/** Punctuation the reader looks through: 'Impedance (RV):' reads as 'Impedance RV'. */
export const SKIPPED_MARKS = new Set([':', '(', ')', ',', ';', '=', '*', '.', '[', ']', '"', "'", '|', '•']);

function tokenKind(text: string): TokenKind {
  if (/^\d/.test(text)) return 'number';
  if (/^[\p{L}\u2126]/u.test(text)) return 'word';
  return 'mark';
}

type Piece = { text: string; x0: number; x1: number; gapBefore: number };

/**
 * Splits a run into words placed along its width in proportion to their characters; a run of two or more
 * spaces inside a run (a table printed as one string) is a gap between cells.
 */
function piecesOf(run: TextRun): Piece[] {
  const length = run.text.length;
  if (length === 0) return [];
  const perCharacter = run.width / length;
  const pieces: Piece[] = [];
  let previousEnd = 0;
  for (const match of run.text.matchAll(TOKEN)) {
    const start = match.index;
    const end = start + match[0].length;
    const between = run.text.slice(previousEnd, start);
    pieces.push({
      text: match[0],
      x0: run.x + start * perCharacter,
      x1: run.x + end * perCharacter,
      // Two spaces or a tab inside one run separate cells, as a wide gap between runs does.
      gapBefore: pieces.length === 0 ? 0 : /\s{2,}|\t/.test(between) ? Number.POSITIVE_INFINITY : 0,
    });
    previousEnd = end;
  }
  return pieces;
}

/**
 * The page's runs as lines: runs whose baselines are within a third of the font size of each other are on
 * one line; within it, a gap wider than a space or two starts a new cell.
 */
export function layOutLines(page: PageText): Line[] {
  const runs = page.runs
    .filter((run) => run.text.trim() !== '' && run.fontSize > 0 && Number.isFinite(run.x + run.baseline))
    .toSorted((a, b) => a.baseline - b.baseline || a.x - b.x);
  const groups: TextRun[][] = [];
  for (const run of runs) {
    const current = groups.at(-1);
    const anchor = current?.[0];
    if (current && anchor && run.baseline - anchor.baseline <= Math.min(anchor.fontSize, run.fontSize) / 3) {
      current.push(run);
    } else {
      groups.push([run]);
    }
  }
  return groups.map((group) => lineOf(page.page, group));
}

function lineOf(page: number, runs: TextRun[]): Line {
  const fontSize = Math.max(...runs.map((run) => run.fontSize));
  const baseline = runs.reduce((sum, run) => sum + run.baseline, 0) / runs.length;
  const placed = runs
    .flatMap((run) =>
      piecesOf(run).map((piece, index) => ({
        ...piece,
        // The first piece of a run is separated from the previous run by the distance between them.
        fromRunStart: index === 0,
        top: run.baseline - ASCENT * run.fontSize,
        bottom: run.baseline + DESCENT * run.fontSize,
        fontSize: run.fontSize,
        characterWidth: run.width / run.text.length,
      })),
    )
    .toSorted((a, b) => a.x0 - b.x0);
  const cells: Cell[] = [];
  const tokens: Token[] = [];
  let previous: (typeof placed)[number] | undefined;
  for (const piece of placed) {
    const gap = previous ? piece.x0 - previous.x1 : 0;
    // Wider than a space or two: another cell. (A space is a quarter of the font size in Helvetica or
    // Times, 0.6 of it in Courier, where pdf.js gives each word as a run of its own.)
    const threshold = Math.max(
      Math.max(piece.fontSize, previous?.fontSize ?? 0) * 0.5,
      Math.max(piece.characterWidth, previous?.characterWidth ?? 0) * 1.3,
    );
    const newCell =
      !previous || piece.gapBefore === Number.POSITIVE_INFINITY || (piece.fromRunStart && gap > threshold);
    if (newCell)
      cells.push({ tokens: [], x0: piece.x0, x1: piece.x1, top: piece.top, bottom: piece.bottom, text: '' });
    const cell = cells[cells.length - 1] as Cell;
    const token: Token = {
      text: piece.text,
      norm: piece.text.toLowerCase(),
      kind: tokenKind(piece.text),
      x0: piece.x0,
      x1: piece.x1,
      top: piece.top,
      bottom: piece.bottom,
      cell: cells.length - 1,
    };
    cell.tokens.push(token);
    cell.x1 = Math.max(cell.x1, piece.x1);
    cell.top = Math.min(cell.top, piece.top);
    cell.bottom = Math.max(cell.bottom, piece.bottom);
    tokens.push(token);
    previous = piece;
  }
  for (const [index, token] of tokens.entries()) {
    const before = tokens[index - 1];
    if (before && (before.text === '(' || before.text === '[') && before.cell === token.cell)
      token.bracketed = true;
  }
  for (const cell of cells) cell.text = textOf(cell.tokens);
  return {
    page,
    baseline,
    top: Math.min(...cells.map((cell) => cell.top)),
    bottom: Math.max(...cells.map((cell) => cell.bottom)),
    fontSize,
    cells,
    tokens,
  };
}

/** Tokens as text again: a space where the printed text had a gap. */
export function textOf(tokens: readonly Token[]): string {
  let text = '';
  let previous: Token | undefined;
  for (const token of tokens) {
    if (previous && token.x0 - previous.x1 > 0.5) text += ' ';
    text += token.text;
    previous = token;
  }
  return text;
}

/** The smallest box around the tokens, rounded to hundredths of a point. */
export function boxOf(tokens: readonly Token[]): Box {
  const x0 = Math.min(...tokens.map((token) => token.x0));
  const x1 = Math.max(...tokens.map((token) => token.x1));
  const top = Math.min(...tokens.map((token) => token.top));
  const bottom = Math.max(...tokens.map((token) => token.bottom));
  const round = (value: number) => Math.round(value * 100) / 100;
  return { x: round(x0), y: round(top), width: round(x1 - x0), height: round(bottom - top) };
}
