// A whole interrogation PDF read into proposed measurements: pdf.js's text with positions, laid out and
// read with the vocabulary. What the scraping worker runs (no time limit here: the pool gives one).
// Runs in the scraping worker: only '.ts' imports, and types alone from elsewhere.

import type { PdfScrapeReason, PdfScrapeVocabulary, PrintoutIdentity } from '@portal/domain';
import { getDocument, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { CELL_BREAK, readIdentityFromLines } from './read-identity.ts';
import { readMeasurements, type ScrapedValue } from './read-measurements.ts';
import { layOutLines, type PageText, type TextRun } from './text-layout.ts';

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
 * The text of the first pages, each run placed in pdf.js's viewport at scale 1: points from the page's
 * top-left, as the web's pdf.js draws the page. Runs that are not upright and left to right are left out.
 */
export async function readPdfText(
  bytes: Uint8Array,
  maxPages = MAX_PAGES_READ,
): Promise<{ pages: PageText[]; pageCount: number; hasText: boolean }> {
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
    const pages: PageText[] = [];
    let hasText = false;
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number++) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const runs: TextRun[] = [];
      for (const item of content.items as TextItem[]) {
        if (runs.length >= MAX_RUNS_PER_PAGE) break;
        if (typeof item.str !== 'string' || item.str.trim() === '') continue;
        hasText = true;
        const [a, b, c, d, e, f] = Util.transform(viewport.transform, item.transform) as number[];
        if (a === undefined || b === undefined || c === undefined || d === undefined) continue;
        if (!(a > 0) || Math.abs(b) > 0.01 * a || Math.abs(c) > 0.01 * Math.abs(d) || !(d < 0)) continue;
        runs.push({ text: item.str, x: e ?? 0, baseline: f ?? 0, width: item.width, fontSize: -d });
      }
      pages.push({ page: number, width: viewport.width, height: viewport.height, runs });
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
  const proposals = readMeasurements(pages, vocabulary);
  return {
    proposals,
    pageCount,
    reason: proposals.length === 0 ? 'no-labels' : null,
    identity: readIdentity(pages, vocabulary),
  };
}
