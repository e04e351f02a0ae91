// Scraping in a worker thread (see pdf-scrape-pool.ts), so a hostile or enormous PDF costs at most the
// time and heap the parent allows it. Node runs this file directly, stripping its types: it may import
// packages and '.ts' files that follow the same rule, nothing else (the vocabulary comes as workerData).
import { workerData } from 'node:worker_threads';
import type { PdfScrapeVocabulary } from '@portal/domain';
import * as pdfJsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { serveWorkerTasks } from '../../documents/pdf/worker-protocol.ts';
import { type PdfScrapeOutcome, scrapePdf } from './scrape-pdf.ts';

/** A PDF to read; `identityOnly`: the identity its first pages print, no measurements. */
export type PdfScrapeTask = { bytes: Uint8Array; identityOnly?: boolean };

const vocabulary = workerData as PdfScrapeVocabulary;

// pdf.js reports damage it recovers from through console.warn; the outcome is what counts.
console.warn = () => {};
console.log = () => {};

// pdf.js runs its parser in this thread ("fake worker"); given here, it is not imported at the first PDF,
// which would cost that PDF a second of its time budget.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfJsWorker;

/** A one-line report read once before the worker says it is ready, so the first real PDF runs warm. */
const WARM_UP_PDF = new TextEncoder().encode(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R',
    '/Resources << /Font << /F1 5 0 R >> >> >> endobj',
    '4 0 obj << /Length 52 >> stream',
    'BT /F1 10 Tf 50 700 Td (Battery Voltage 3.01 V) Tj ET',
    'endstream endobj',
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
);
await scrapePdf(WARM_UP_PDF, vocabulary);

serveWorkerTasks<PdfScrapeTask, PdfScrapeOutcome>(async ({ bytes, identityOnly }) => ({
  output: await scrapePdf(bytes, vocabulary, { identityOnly }),
}));
