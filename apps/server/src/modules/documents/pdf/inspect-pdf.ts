import { getDefaultPdfParserPool, type PdfParserPool } from './pdf-parser-pool';

export { PdfChecksBusyError, PdfParserUnavailableError } from './pdf-parser-pool';

export type PdfRejectionReason =
  | 'not-pdf'
  | 'too-large'
  | 'encrypted'
  | 'unparseable'
  | 'decompression-bomb'
  | 'page-does-not-render';
export type PdfInspection =
  | {
      ok: true;
      pageCount: number;
      /** What to store: the file rewritten without active content (see removeActiveContent). */
      bytes: Uint8Array;
      /** What was removed ('JavaScript', 'OpenAction', …), for the audit trail; empty when nothing was. */
      removedActiveContent: string[];
      /** What a reader had to repair to open the original ('cross-reference table rebuilt'), for the audit trail. */
      repairs: string[];
    }
  | { ok: false; reason: PdfRejectionReason; message: string };

/** Issue 29 §2: the refusal of a file with a page that would be stored blank or half drawn. */
export function pageDoesNotRenderMessage(page: number): string {
  return `Page ${page} of the PDF cannot be shown: it is damaged or incomplete (content missing or unreadable).`;
}

export type InspectPdfOptions = {
  maxBytes: number;
  /** Default 2000. */
  maxPages?: number;
  /** Wall-clock limit for the check in its worker; default the pool's. A 25 MB PDF takes about 0.1 s. */
  timeoutMs?: number;
  /** What the file's content and object streams may inflate to in all; default 256 MB. */
  maxInflatedBytes?: number;
  /** Whose check it is (the signed-in user's id): the pool shares its workers fairly between callers. */
  caller?: string;
  /** The app's pool, with its shares and queue limit; default one without limits, for tests and benchmarks. */
  pool?: PdfParserPool;
};

/** Readers accept a PDF whose header is anywhere in its first 1024 bytes. */
export const PDF_HEADER_WINDOW = 1024;
const DEFAULT_MAX_PAGES = 2000;
const DEFAULT_MAX_INFLATED_BYTES = 256 * 1024 * 1024;

/**
 * Decides whether uploaded bytes are a PDF the portal can store, sign and merge, with a message fit for
 * a 4xx answer, and gives the bytes to store. "Is a PDF" is judged by the bytes, never by a file name or
 * MIME type. Size is checked before any parsing. The check runs in a pooled worker thread with a heap and
 * a time limit: its streams are inflated (natively, counting, stopping at `maxInflatedBytes`) before pdf-lib
 * parses the file, which it then rewrites without active content. Measured here: a 1.5 MB file with a
 * deflate bomb in an object stream kept pdf-lib busy for 13 s and grew it to 2.7 GB. `bytes` is only read.
 * Throws PdfChecksBusyError when the caller's share or the pool's queue is full, and
 * PdfParserUnavailableError only if the worker cannot start.
 */
export async function inspectPdf(bytes: Uint8Array, options: InspectPdfOptions): Promise<PdfInspection> {
  if (!hasPdfHeader(bytes)) return reject('not-pdf', 'The file is not a PDF.');
  if (bytes.byteLength > options.maxBytes) {
    return reject('too-large', `The PDF is larger than the ${formatMegabytes(options.maxBytes)} limit.`);
  }
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const maxInflatedBytes = options.maxInflatedBytes ?? DEFAULT_MAX_INFLATED_BYTES;
  const pool = options.pool ?? getDefaultPdfParserPool();
  const outcome = await pool.check(bytes, {
    caller: options.caller ?? 'anonymous',
    maxPages,
    maxInflatedBytes,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  switch (outcome.kind) {
    case 'ok':
      return {
        ok: true,
        pageCount: outcome.pageCount,
        bytes: outcome.bytes,
        removedActiveContent: outcome.removedActiveContent,
        repairs: outcome.repairs,
      };
    case 'page-fails':
      return reject('page-does-not-render', pageDoesNotRenderMessage(outcome.page));
    case 'encrypted':
      return reject(
        'encrypted',
        'The PDF is password-protected or encrypted. Upload a copy without protection.',
      );
    case 'too-many-pages':
      return reject('too-large', `The PDF has more than ${maxPages} pages.`);
    case 'inflates-too-far':
      return reject(
        'decompression-bomb',
        `The PDF's content inflates to more than ${formatMegabytes(maxInflatedBytes)}; it may be a decompression bomb.`,
      );
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
