// The checking half of inspectPdf, in a worker thread (see pdf-parser-pool.ts), so a hostile upload (a
// decompression bomb, a page tree that fans out) costs at most the time and heap the parent allows it.
// Node runs this file directly, stripping its types: it may import packages and '.ts' files that follow
// the same rule, nothing else.
import { PDFArray, PDFDocument, PDFName, type PDFObject, PDFPageLeaf, PDFPageTree, PDFRef } from 'pdf-lib';
import { measureInflatedSize } from './measure-inflated-size.ts';
import { removeActiveContent } from './remove-active-content.ts';
import { describeRepairs, findUnresolvedPage, renderPages } from './render-check.ts';
import { serveWorkerTasks } from './worker-protocol.ts';

export type PdfStructureVerdict =
  | {
      kind: 'ok';
      pageCount: number;
      /** The file as the portal stores it: rewritten by pdf-lib without active content. */
      bytes: Uint8Array;
      /** What was removed, e.g. ['JavaScript', 'OpenAction']; empty when nothing was. */
      removedActiveContent: string[];
      /** What a reader repairs to open the original ('cross-reference table rebuilt'); empty when nothing. */
      repairs: string[];
    }
  | { kind: 'encrypted' }
  /** A page (1-based) that refers to an object the file lacks, or that pdf.js cannot draw. */
  | { kind: 'page-fails'; page: number }
  | { kind: 'too-many-pages' }
  | { kind: 'inflates-too-far' }
  | { kind: 'unparseable' };
export type PdfStructureRequest = {
  bytes: Uint8Array;
  maxPages: number;
  maxInflatedBytes: number;
};

// pdf-lib and pdf.js report damage they recover from through console.warn/log; the verdict is what counts.
console.warn = () => {};
console.log = () => {};

serveWorkerTasks(async ({ bytes, maxPages, maxInflatedBytes }: PdfStructureRequest) => {
  const verdict = await checkPdf(bytes, maxPages, maxInflatedBytes);
  return { output: verdict, transfer: verdict.kind === 'ok' ? [verdict.bytes.buffer as ArrayBuffer] : [] };
});

async function checkPdf(
  bytes: Uint8Array,
  maxPages: number,
  maxInflatedBytes: number,
): Promise<PdfStructureVerdict> {
  // Before pdf-lib sees the file: it inflates object streams while loading, in JavaScript and in full.
  const inflation = await measureInflatedSize(bytes, maxInflatedBytes);
  if (inflation.kind === 'over') return { kind: 'inflates-too-far' };
  if (inflation.kind === 'too-complex') return { kind: 'unparseable' };
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      parseSpeed: Number.POSITIVE_INFINITY,
    });
  } catch {
    // An encrypted file whose catalog sits in an encrypted object stream cannot be parsed at all.
    return hasEncryptKey(bytes) ? { kind: 'encrypted' } : { kind: 'unparseable' };
  }
  if (doc.isEncrypted) return { kind: 'encrypted' };
  try {
    const counted = countPages(doc, maxPages);
    if (counted.kind !== 'ok') return counted;
    // stampSignature and mergePdfs walk the pages with pdf-lib: it must agree.
    if (doc.getPageCount() !== counted.pageCount) return { kind: 'unparseable' };
    const removedActiveContent = removeActiveContent(doc);
    // Issue 29 §2: a page that points at nothing would be stored, and signed, blank.
    const unresolved = findUnresolvedPage(doc);
    if (unresolved !== undefined) return { kind: 'page-fails', page: unresolved };
    // Always rewritten, not only when something was removed: the stored file is then exactly what pdf-lib
    // read and what was checked, with nothing only another reader would find (say, objects hidden in a
    // stream that the cross-reference table points into).
    const cleaned = await doc.save({
      useObjectStreams: false,
      updateFieldAppearances: false,
      addDefaultPage: false,
    });
    // What is stored is what must draw: every page of the rewritten copy, by another reader than pdf-lib.
    const rendered = await renderPages(cleaned, counted.pageCount);
    if (rendered.kind !== 'ok') return rendered;
    return {
      kind: 'ok',
      pageCount: counted.pageCount,
      bytes: ownBuffer(cleaned),
      removedActiveContent,
      repairs: describeRepairs(bytes),
    };
  } catch {
    // pdf-lib throws on objects of the wrong type, and runs out of stack on a cycle of /Parent links.
    return { kind: 'unparseable' };
  }
}

/** The bytes in an ArrayBuffer of their own, so it can be transferred to the parent without a copy. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/**
 * Counts the leaves of the page tree without recursion, visiting each object once: a node reached twice
 * (a cycle, or kids repeated to multiply the work) means a damaged or hostile file. Every page needs a
 * media box, which the signature footer is placed by.
 */
function countPages(
  doc: PDFDocument,
  maxPages: number,
):
  | { kind: 'ok'; pageCount: number }
  | { kind: 'too-many-pages' }
  | { kind: 'unparseable' }
  | { kind: 'page-fails'; page: number } {
  const root = doc.catalog.get(PDFName.of('Pages'));
  if (!(root && doc.context.lookup(root) instanceof PDFPageTree)) return { kind: 'unparseable' };
  const visited = new Set<string>();
  const pending: (PDFObject | undefined)[] = [root];
  let pageCount = 0;
  while (pending.length > 0) {
    const item = pending.pop();
    if (item instanceof PDFRef) {
      if (visited.has(item.tag)) return { kind: 'unparseable' };
      visited.add(item.tag);
    }
    const node = item === undefined ? undefined : doc.context.lookup(item);
    // A kid the file does not hold (a file cut short): that page is missing, not skipped.
    if (node === undefined) return { kind: 'page-fails', page: pageCount + 1 };
    if (node instanceof PDFPageLeaf) {
      if (!(node.MediaBox() instanceof PDFArray)) return { kind: 'unparseable' };
      pageCount += 1;
      if (pageCount > maxPages) return { kind: 'too-many-pages' };
    } else if (node instanceof PDFPageTree) {
      const kids = node.lookup(PDFName.of('Kids'));
      if (!(kids instanceof PDFArray)) return { kind: 'unparseable' };
      for (let index = kids.size() - 1; index >= 0; index--) pending.push(kids.get(index));
    }
  }
  return pageCount === 0 ? { kind: 'unparseable' } : { kind: 'ok', pageCount };
}

function hasEncryptKey(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Encrypt');
}
