// A whole interrogation PDF read into proposed measurements: pdf.js's text with positions, laid out and
// read with the vocabulary. What the scraping worker runs (no time limit here: the pool gives one).
// Runs in the scraping worker: only '.ts' imports, and types alone from elsewhere.

import type { PdfScrapeReason, PdfScrapeVocabulary, PrintoutIdentity } from '@portal/domain';
import { getDocument, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { CELL_BREAK, readIdentityFromLines } from './read-identity.ts';
import { readMeasurements, type ScrapedValue } from './read-measurements.ts';
import { type Box, layOutLines, type PageText, type TextRun } from './text-layout.ts';

/** Pages read: interrogation summaries come first, and a long file's last pages are tracings. */
export const MAX_PAGES_READ = 50;
/** Text runs read per page: a page of tens of thousands is not a report. */
const MAX_RUNS_PER_PAGE = 5000;

export type PdfScrapeOutcome = {
  proposals: ScrapedValue[];
  pageCount: number;
  reason: Exclude<PdfScrapeReason, 'too-slow'> | null;
  /** Issue 29 §1: the identity the printout carries (each part null when not found). */
  identity: PrintoutIdentity;
};

/** Pages the identity is looked for on: printouts print it in the first page's header. */
const IDENTITY_PAGES = 2;

export const NO_IDENTITY: PrintoutIdentity = {
  patientName: null,
  patientId: null,
  dob: null,
  deviceModel: null,
  serial: null,
};

/** The printout's identity, read from its first pages' lines. */
export function readIdentity(pages: readonly PageText[], vocabulary: PdfScrapeVocabulary): PrintoutIdentity {
  const lines = pages
    .slice(0, IDENTITY_PAGES)
    .flatMap((page) => layOutLines(page))
    .map((line) => line.cells.map((cell) => cell.text).join(CELL_BREAK));
  return readIdentityFromLines(lines, vocabulary.identityTerms);
}

type TextItem = { str: string; transform: number[]; width: number };

/**
 * How far a page's text is turned, in quarter turns clockwise as drawn: 0 upright, 1 reading top to
 * bottom, 2 upside down, 3 reading bottom to top (a landscape report printed on a portrait page).
 */
export type Turn = 0 | 1 | 2 | 3;

/** The turn of a run drawn with this matrix (in the viewport, y down); undefined when skewed or mirrored. */
function turnOf(a: number, b: number, c: number, d: number): Turn | undefined {
  const length = Math.hypot(a, b);
  if (!(length > 0) || !(Math.hypot(c, d) > 0)) return undefined;
  // Glyphs drawn as printed, not mirrored: their up stands a quarter turn back from the baseline.
  if (!(a * d - b * c < 0)) return undefined;
  const quarter = Math.round(Math.atan2(b, a) / (Math.PI / 2));
  const [x, y] = [
    Math.round(Math.cos((quarter * Math.PI) / 2)),
    Math.round(Math.sin((quarter * Math.PI) / 2)),
  ];
  // Within about half a degree of a quarter turn, the glyphs square to the baseline.
  if (Math.abs(a / length - x) > 0.01 || Math.abs(b / length - y) > 0.01) return undefined;
  if (Math.abs(a * c + b * d) > 0.01 * length * Math.hypot(c, d)) return undefined;
  return (((quarter % 4) + 4) % 4) as Turn;
}

/** A point of the page (viewport, y down) in the page as its turned text reads: left to right, top down. */
function turnPoint(turn: Turn, x: number, y: number, width: number, height: number): [number, number] {
  switch (turn) {
    case 1:
      return [y, width - x];
    case 2:
      return [width - x, height - y];
    case 3:
      return [height - y, x];
    default:
      return [x, y];
  }
}

/** A box read in the turned page's frame, back on the page as drawn (the web outlines it there). */
export function unturnBox(turn: Turn, box: Box, page: { width: number; height: number }): Box {
  const round = (value: number) => Math.round(value * 100) / 100;
  const { width, height } = page;
  switch (turn) {
    case 1:
      return { x: round(width - box.y - box.height), y: box.x, width: box.height, height: box.width };
    case 2:
      return {
        x: round(width - box.x - box.width),
        y: round(height - box.y - box.height),
        width: box.width,
        height: box.height,
      };
    case 3:
      return { x: box.y, y: round(height - box.x - box.width), width: box.height, height: box.width };
    default:
      return box;
  }
}

/** A page's text, read as its turned text reads; `turn` and the page's size as drawn, to put boxes back. */
export type TurnedPageText = PageText & { turn: Turn; drawn: { width: number; height: number } };

/**
 * The text of the first pages, each run placed in pdf.js's viewport at scale 1: points from the page's
 * top-left, as the web's pdf.js draws the page. A page whose text is mostly turned (a landscape printout
 * on a portrait page: runs drawn with a rotation) is read as it reads when turned upright (issue 29 §3);
 * runs at another angle than the page's text, skewed or mirrored, are left out.
 */
export async function readPdfText(
  bytes: Uint8Array,
  maxPages = MAX_PAGES_READ,
): Promise<{ pages: TurnedPageText[]; pageCount: number; hasText: boolean }> {
  const task = getDocument({
    // pdf.js may take over the buffer it is given.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    const pages: TurnedPageText[] = [];
    let hasText = false;
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number++) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const placed: { item: TextItem; turn: Turn; matrix: number[] }[] = [];
      const characters = [0, 0, 0, 0];
      for (const item of content.items as TextItem[]) {
        if (placed.length >= MAX_RUNS_PER_PAGE) break;
        if (typeof item.str !== 'string' || item.str.trim() === '') continue;
        hasText = true;
        const matrix = Util.transform(viewport.transform, item.transform) as number[];
        const [a, b, c, d] = matrix;
        if (a === undefined || b === undefined || c === undefined || d === undefined) continue;
        const turn = turnOf(a, b, c, d);
        if (turn === undefined) continue;
        placed.push({ item, turn, matrix });
        characters[turn] = (characters[turn] ?? 0) + item.str.trim().length;
      }
      // The page reads the way most of its text does; upright when that is a tie.
      const turn = characters.reduce<Turn>(
        (best, count, each) => (count > (characters[best] ?? 0) ? (each as Turn) : best),
        0,
      );
      const drawn = { width: viewport.width, height: viewport.height };
      const runs: TextRun[] = placed
        .filter((run) => run.turn === turn)
        .map(({ item, matrix }) => {
          const [, , c = 0, d = 0, e = 0, f = 0] = matrix;
          const [x, baseline] = turnPoint(turn, e, f, drawn.width, drawn.height);
          // pdf.js gives a run's width along its baseline, in page units.
          return { text: item.str, x, baseline, width: item.width, fontSize: Math.hypot(c, d) };
        });
      const sideways = turn === 1 || turn === 3;
      pages.push({
        page: number,
        width: sideways ? drawn.height : drawn.width,
        height: sideways ? drawn.width : drawn.height,
        runs,
        turn,
        drawn,
      });
      page.cleanup();
    }
    return { pages, pageCount: pdf.numPages, hasText };
  } finally {
    await task.destroy();
  }
}

/**
 * The measurements a PDF proposes, or why it proposes none. With `identityOnly`, only the identity the
 * printout carries: its first pages' text is read and no measurement (issue 29 §1, a printout attached by
 * upload).
 */
export async function scrapePdf(
  bytes: Uint8Array,
  vocabulary: PdfScrapeVocabulary,
  options: { identityOnly?: boolean | undefined } = {},
): Promise<PdfScrapeOutcome> {
  let text: Awaited<ReturnType<typeof readPdfText>>;
  try {
    text = await readPdfText(bytes, options.identityOnly ? IDENTITY_PAGES : MAX_PAGES_READ);
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    return {
      proposals: [],
      pageCount: 0,
      reason: name === 'PasswordException' ? 'encrypted' : 'unreadable',
      identity: NO_IDENTITY,
    };
  }
  const { pages, pageCount, hasText } = text;
  // Text that is all sideways or upside down is text all the same: nothing recognised, not a scan.
  if (!hasText) return { proposals: [], pageCount, reason: 'no-text', identity: NO_IDENTITY };
  if (options.identityOnly)
    return { proposals: [], pageCount, reason: null, identity: readIdentity(pages, vocabulary) };
  // Boxes read on a turned page go back onto the page as drawn.
  const proposals = readMeasurements(pages, vocabulary).map((proposal) => {
    const page = pages.find((each) => each.page === proposal.page);
    return page && page.turn !== 0
      ? { ...proposal, box: unturnBox(page.turn, proposal.box, page.drawn) }
      : proposal;
  });
  return {
    proposals,
    pageCount,
    reason: proposals.length === 0 ? 'no-labels' : null,
    identity: readIdentity(pages, vocabulary),
  };
}
