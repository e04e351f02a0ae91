// Issue 29 §2 (no blank reports): a PDF the portal stores must show every page. Three checks, run in the
// checking worker (inspect-pdf.worker.ts) on every PDF the portal takes: uploads, HL7 embedded PDFs,
// vendor results and merges.
//  - findUnresolvedPage: every object a page needs (its content, resources, fonts, images) exists. pdf-lib
//    reads a file cut short without complaint and writes a copy whose page points at nothing; Poppler then
//    says "xref num 5 not found" and draws a blank page.
//  - renderPages: pdf.js interprets every page's content with its fonts and images (getOperatorList, as a
//    canvas draw would, without the canvas), stopping at the first error.
//  - describeRepairs: what a reader has to repair to open the original (a cross-reference table rebuilt);
//    recorded in the document's 'created' event when the file is taken.
// Runs in the checking worker: only '.ts' imports and packages.
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfJsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';

// pdf.js runs its parser in this thread ("fake worker"), from the module given here.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= pdfJsWorker;

const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

export type RenderVerdict = { kind: 'ok' } | { kind: 'page-fails'; page: number };

/** Keys that point back up or across the document rather than at what a page draws. */
const NOT_DRAWN = new Set(['Parent', 'P', 'Dest', 'A', 'Next', 'Prev', 'First', 'Last', 'Popup', 'IRT']);

/**
 * The first page (1-based) that refers to an object the file does not hold, directly or through its
 * resources; undefined when every page's objects are there. Each object is visited once.
 */
export function findUnresolvedPage(doc: PDFDocument): number | undefined {
  const visited = new Set<string>();
  for (const [index, page] of doc.getPages().entries()) {
    const pending: PDFObject[] = [page.node];
    while (pending.length > 0) {
      const item = pending.pop() as PDFObject;
      let object: PDFObject | undefined = item;
      if (item instanceof PDFRef) {
        if (visited.has(item.tag)) continue;
        visited.add(item.tag);
        object = doc.context.lookup(item);
        if (object === undefined) return index + 1;
      }
      const dict = object instanceof PDFStream ? object.dict : object;
      if (dict instanceof PDFDict) {
        for (const [key, value] of dict.entries()) {
          if (!(dict === page.node && key === PDFName.of('Annots')) && NOT_DRAWN.has(key.asString().slice(1)))
            continue;
          pending.push(value);
        }
      } else if (dict instanceof PDFArray) {
        for (const value of dict.asArray()) pending.push(value);
      }
    }
  }
  return undefined;
}

/**
 * Interprets every page with pdf.js, stopping at errors: a page whose content, font or image cannot be
 * read fails, and so does a file pdf.js cannot open or whose page count differs from `pageCount`
 * (then page 1, or the first page pdf.js does not find).
 */
export async function renderPages(bytes: Uint8Array, pageCount: number): Promise<RenderVerdict> {
  // pdf.js (5.x) resolves getOperatorList with what it had when the page's interpretation fails, even with
  // stopAtErrors; a finished page is the one its evaluator reports finishing ('page=N - getOperatorList:'),
  // which it does at the INFOS verbosity, through console.info in this thread.
  const finished = new Set<number>();
  const info = console.info;
  console.info = (...args: unknown[]) => {
    const match = /^Info: page=(\d+) - getOperatorList:/.exec(String(args[0]));
    if (match) finished.add(Number(match[1]));
  };
  const task = getDocument({
    // pdf.js may take over the buffer it is given.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 5,
    // The 14 standard fonts a PDF may use without embedding them.
    standardFontDataUrl: STANDARD_FONTS,
  });
  let page = 1;
  try {
    const pdf = await task.promise;
    if (pdf.numPages !== pageCount)
      return { kind: 'page-fails', page: Math.min(pdf.numPages, pageCount) + 1 };
    for (; page <= pdf.numPages; page++) {
      const proxy = await pdf.getPage(page);
      await proxy.getOperatorList();
      proxy.cleanup();
      if (!finished.has(page)) return { kind: 'page-fails', page };
    }
    return { kind: 'ok' };
  } catch {
    return { kind: 'page-fails', page };
  } finally {
    await task.destroy();
    console.info = info;
  }
}

/** How far from the end a reader looks for 'startxref' (Adobe: the last 1024 bytes). */
const TAIL_WINDOW = 1024;

/**
 * What a reader repairs to open the file as it is: today, a cross-reference table it must rebuild by
 * scanning the file (no 'startxref' at the end, or one that does not point at a cross-reference table or
 * stream). Empty for a well-formed file.
 */
export function describeRepairs(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tailStart = Math.max(0, buffer.length - TAIL_WINDOW);
  const keyword = buffer.lastIndexOf('startxref');
  const offset =
    keyword < tailStart
      ? undefined
      : /^startxref\s+(\d+)/.exec(buffer.toString('latin1', keyword, keyword + 40))?.[1];
  // Offsets count from the header, which may follow some junk.
  const at = Number(offset) + Math.max(0, buffer.indexOf('%PDF-'));
  if (offset === undefined || !Number.isSafeInteger(at) || at >= buffer.length) return [REBUILT];
  const target = buffer.toString('latin1', at, at + 32);
  return /^\s*(?:xref|\d+\s+\d+\s+obj)/.test(target) ? [] : [REBUILT];
}

const REBUILT = 'cross-reference table rebuilt';
