import {
  deviceCheckPatientParamsSchema,
  PDF_SCRAPE_CONTENT_TYPE,
  pdfScrapeResponseSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../../auth/actor';
import type { Config } from '../../../config';
import type { Db } from '../../../db/transaction';
import { BadRequestError, HttpError } from '../../../http/errors';
import { errorResponses } from '../../../http/schemas';
import { PdfScrapePool, PdfScrapesBusyError } from './pdf-scrape-pool';
import { scrapeDeviceCheckPdf } from './scrape-device-check-pdf';

export type PdfScrapeContext = {
  db: Db;
  maxPdfBytes: number;
  pdfChecks: Config['pdfChecks'];
  pdfScrapeTimeoutMs: number;
};

/** Where a PDF reader looks for the header: anywhere in the first kilobyte. */
const PDF_HEADER = Buffer.from('%PDF-');

class UnsupportedMediaTypeError extends HttpError {
  constructor() {
    super(415, `The body must be a PDF sent as ${PDF_SCRAPE_CONTENT_TYPE}`, [
      { field: 'body', message: `must be a PDF (${PDF_SCRAPE_CONTENT_TYPE})` },
    ]);
  }
}

/** Issue 15 §2: measurements proposed from an interrogation PDF for the in-person device check. */
export const pdfScrapeRoutes: FastifyPluginAsyncZod<PdfScrapeContext> = async (app, context) => {
  // Scoped to this plugin: any other media type is read too, so the refusal can name the body (415).
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: context.maxPdfBytes },
    (_request, body, done) => {
      done(null, body);
    },
  );
  // PDFs are read in workers of their own (PDF_SCRAPE_TIMEOUT_MS each), started only when one comes.
  const pdfScrapePool = new PdfScrapePool({
    perCaller: context.pdfChecks.perCaller,
    queueLimit: context.pdfChecks.queueLimit,
    timeoutMs: context.pdfScrapeTimeoutMs,
  });
  app.addHook('onClose', () => pdfScrapePool.close());
  // Runs before the error handler, whose shared body the 429 keeps.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof PdfScrapesBusyError) reply.header('Retry-After', String(error.retryAfterSeconds));
  });

  app.post(
    '/api/reports/clinics/:npi/patients/:id/device-checks/pdf-scrape',
    {
      bodyLimit: context.maxPdfBytes,
      config: { permission: 'device-check:create' },
      schema: {
        tags: ['device-data'],
        summary:
          "Propose a device check's measurements from the interrogation PDF, and check the printout's identity against the patient's",
        description:
          'The body is the PDF itself (application/pdf). Each proposal has its IDCO key, value and unit, and ' +
          "where it was read: the 1-based page and a box in PDF points from the page's top-left (pdf.js's " +
          'viewport at scale 1). A PDF with no text, encrypted, damaged, without a recognised measurement or ' +
          'too slow to read answers 200 with no proposals, the reason and a message for the user. The values are ' +
          "not stored; the printout's identity check is (identity.checkId, for the submission's printoutCheckId).",
        consumes: [PDF_SCRAPE_CONTENT_TYPE],
        params: deviceCheckPatientParamsSchema,
        response: { 200: pdfScrapeResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      const body: unknown = request.body;
      if (mediaType !== PDF_SCRAPE_CONTENT_TYPE || !Buffer.isBuffer(body))
        throw new UnsupportedMediaTypeError();
      if (!body.subarray(0, 1024).includes(PDF_HEADER)) {
        throw new BadRequestError('The body is not a PDF', [
          { field: 'body', message: 'must be a PDF file' },
        ]);
      }
      const answer = await scrapeDeviceCheckPdf(
        { db: context.db, pdfScrapePool },
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id },
        new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
      );
      return reply.header('Cache-Control', 'no-store').send(answer);
    },
  );
};
