import { readPdfStructureIsolated } from './pdf-parser-pool';

export { PdfParserUnavailableError } from './pdf-parser-pool';

export type PdfRejectionReason = 'not-pdf' | 'too-large' | 'encrypted' | 'unparseable';
export type PdfInspection =
  | { ok: true; pageCount: number }
  | { ok: false; reason: PdfRejectionReason; message: string };

export type InspectPdfOptions = {
  maxBytes: number;
  /** Default 2000. */
  maxPages?: number;
  /** Wall-clock limit for parsing, default 5 s; a legitimate 25 MB PDF parses in about 0.1 s. */
  timeoutMs?: number;
};

/** Readers accept a PDF whose header is anywhere in its first 1024 bytes. */
export const PDF_HEADER_WINDOW = 1024;
const DEFAULT_MAX_PAGES = 2000;
const DEFAULT_TIMEOUT_MS = 5000;

/**
 * Decides whether uploaded bytes are a PDF the portal can store, sign and merge, with a message fit for
 * a 4xx answer. "Is a PDF" is judged by the bytes, never by a file name or MIME type. Size is checked
 * before any parsing. The parse runs in a pooled worker thread with a heap and a time limit: measured
 * here, a 1.5 MB file with a deflate bomb in an object stream kept pdf-lib busy for 13 s and grew it to
 * 2.7 GB. `bytes` is only read. Throws PdfParserUnavailableError only if the worker cannot start.
 */
export async function inspectPdf(bytes: Uint8Array, options: InspectPdfOptions): Promise<PdfInspection> {
  if (!hasPdfHeader(bytes)) return reject('not-pdf', 'The file is not a PDF.');
  if (bytes.byteLength > options.maxBytes) {
    return reject('too-large', `The PDF is larger than the ${formatMegabytes(options.maxBytes)} limit.`);
  }
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const outcome = await readPdfStructureIsolated(bytes, {
    maxPages,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  switch (outcome.kind) {
    case 'ok':
      return { ok: true, pageCount: outcome.pageCount };
    case 'encrypted':
      return reject(
        'encrypted',
        'The PDF is password-protected or encrypted. Upload a copy without protection.',
      );
    case 'too-many-pages':
      return reject('too-large', `The PDF has more than ${maxPages} pages.`);
    case 'gave-up':
      return reject('unparseable', 'The PDF could not be read in time; it may be damaged or too complex.');
    default:
      return reject('unparseable', 'The PDF could not be read; it may be damaged.');
  }
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  const window = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PDF_HEADER_WINDOW));
  return window.includes('%PDF-');
}

function reject(reason: PdfRejectionReason, message: string): PdfInspection {
  return { ok: false, reason, message };
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return Number.isInteger(megabytes) ? `${megabytes} MB` : `${megabytes.toFixed(megabytes < 1 ? 2 : 1)} MB`;
}
