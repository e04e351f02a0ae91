import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  addCommentBodySchema,
  buildReportPdfFilename,
  bulkResultsSchema,
  bulkUpdateNoteBodySchema,
  commentListSchema,
  commentParamsSchema,
  commentResourceSchema,
  documentIdListParamsSchema,
  documentIdParamsSchema,
  documentPdfQuerySchema,
  documentPdfSchema,
  documentResourceSchema,
  documentsPdfQuerySchema,
  findUnsafeText,
  isSafeText,
  type MergedClinicConfiguration,
  reportProblemBodySchema,
  UNSAFE_TEXT_MESSAGE,
  updateCommentBodySchema,
  updateDocumentBodySchema,
  VENDOR_DELIVERY_ID_HEADER,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Config } from '../../config';
import { BadRequestError, UnprocessableError } from '../../http/errors';
import { errorResponses } from '../../http/schemas';
import { addComment } from './add-comment';
import { assertCommentMetadataFits } from './comment-metadata';
import { attachmentDisposition } from './content-disposition';
import { deleteComment } from './delete-comment';
import { findDocumentById } from './documents.repository';
import type { DocumentsContext } from './documents.routes';
import { getVisibleDocument } from './get-document';
import { ingestFieldsSchema, wcdIngestBodySchema } from './ingest.schemas';
import { type AttachedPrintoutCheck, ingestDocument } from './ingest-document';
import { listComments } from './list-comments';
import { inspectPdf } from './pdf/inspect-pdf';
import { mergePdfs } from './pdf/merge-pdfs';
import { PdfChecksBusyError, type PdfParserPool } from './pdf/pdf-parser-pool';
import { prepareDocumentPdf } from './prepare-document-pdf';
import { reportProblem } from './report-problem';
import { loadDocumentResource } from './to-document-resource';
import { updateComment } from './update-comment';
import { updateDocument, updateNotes } from './update-document';

const tags = ['reports'];

/** Shows unsafe text in a field name without repeating the NUL or lone surrogate it holds. */
const printable = (text: string) =>
  isSafeText(text) ? text : [...text].map((c) => (isSafeText(c) ? c : '\uFFFD')).join('');

/**
 * Reads a multipart body: form fields as text and the PDF files' bytes. Streams are bounded by the limits.
 * A field value, field name or file name with a NUL or an unpaired surrogate is refused (400 naming the
 * field), once the whole body has been read.
 */
async function readMultipart(request: FastifyRequest, fileField: string) {
  const fields: Record<string, string> = {};
  const files: Uint8Array[] = [];
  let unsafeField: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          await part.toBuffer();
          throw new BadRequestError(`Unexpected file field ${printable(part.fieldname)}`, [
            { field: printable(part.fieldname), message: 'is not expected' },
          ]);
        }
        if (!isSafeText(part.filename ?? '')) unsafeField ??= part.fieldname;
        files.push(new Uint8Array(await part.toBuffer()));
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // Our own refusals and the plugin's sized ones (413) keep their status; a body the parser chokes on is
    // the client's malformed multipart.
    if (
      error instanceof BadRequestError ||
      typeof (error as { statusCode?: unknown }).statusCode === 'number'
    )
      throw error;
    throw new BadRequestError('Malformed multipart body', [
      { field: 'body', message: 'is not valid multipart/form-data' },
    ]);
  }
  unsafeField = findUnsafeText(fields) ?? unsafeField;
  if (unsafeField !== undefined) {
    const field = printable(unsafeField);
    throw new BadRequestError(`Invalid form field ${field}`, [{ field, message: UNSAFE_TEXT_MESSAGE }]);
  }
  return { fields, files };
}

/** Each problem of fields the route parses itself, named under `prefix`; each unknown key on its own. */
function zodDetails(error: z.ZodError, prefix = '') {
  return error.issues.flatMap((issue) => {
    const path = issue.path.join('.');
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : undefined;
    if (keys?.length)
      return keys.map((key) => ({
        field: `${prefix}${path ? `${path}.` : ''}${key}`,
        message: 'is not a known field',
      }));
    return [{ field: `${prefix}${path}` || 'body', message: issue.message }];
  });
}

export type DocumentsContentContext = DocumentsContext & {
  pdfChecks: Config['pdfChecks'];
  commentMetadataMaxBytes: number;
  /**
   * The app's PDF-checking workers: every upload and merge is checked there, callers taking turns
   * (PDF_CHECKS_PER_CALLER, PDF_CHECK_QUEUE_LIMIT, PDF_CHECK_TIMEOUT_MS).
   */
  pdfParserPool: PdfParserPool;
  /** Issue 29 §1: an uploaded device report must name the patient it is uploaded for (else confirmed). */
  checkAttachedPrintout?: AttachedPrintoutCheck | undefined;
  /**
   * A WCD vendor's signed results (POST /api/reports/wcd from InfoBionic): the studies module takes them
   * (issue 16 §3). Answers the study's document and whether it existed already.
   */
  receiveVendorWcdResults: (
    body: { attributes: Record<string, string | number | boolean>; results?: unknown; pdfBase64: string },
    delivery: { deliveryId: string | undefined; bodySha256: string },
  ) => Promise<{ documentId: string | null; duplicate: boolean }>;
};

/** JSON form fields (metadata, deviceDetail) can hold a NUL as the escape \u0000; the parsed value shows it. */
function assertSafeFields(fields: Record<string, unknown>): void {
  const field = findUnsafeText(fields);
  if (field !== undefined)
    throw new BadRequestError(`Invalid document field ${printable(field)}`, [
      { field: printable(field), message: UNSAFE_TEXT_MESSAGE },
    ]);
}

/** Uploads, downloads, notes, comments and problem reports of documents (SPEC §7 Reports). */
export const documentsContentRoutes: FastifyPluginAsyncZod<DocumentsContentContext> = async (
  app,
  context,
) => {
  const { db, storage } = context;
  await app.register(multipart, {
    limits: { fileSize: context.maxPdfBytes, files: 20, fields: 80, fieldSize: 64 * 1024 },
    throwFileSizeLimit: true,
  });
  const { pdfParserPool } = context;
  // Runs before the error handler, whose shared body the 503 keeps.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof PdfChecksBusyError) reply.header('Retry-After', String(error.retryAfterSeconds));
  });
  const ingestContext = { ...context, pdfParserPool };
  const inspectUpload = (file: Uint8Array, caller: string) =>
    inspectPdf(file, {
      maxBytes: context.maxPdfBytes,
      maxInflatedBytes: context.pdfChecks.maxInflatedBytes,
      timeoutMs: context.pdfChecks.timeoutMs,
      caller,
      pool: pdfParserPool,
    });

  app.post(
    '/api/reports',
    {
      config: { permission: 'document:ingest' },
      schema: {
        tags,
        summary: "Upload a PDF with its attributes (multipart: 'file' plus the fields)",
        consumes: ['multipart/form-data'],
        response: { 201: documentResourceSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 503) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new BadRequestError('Expected a multipart/form-data body', [
          { field: 'body', message: 'must be multipart/form-data' },
        ]);
      const { fields, files } = await readMultipart(request, 'file');
      const parsed = ingestFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new BadRequestError('Invalid document fields', zodDetails(parsed.error));
      assertSafeFields(parsed.data);
      const [file] = files;
      if (!file || files.length !== 1)
        throw new BadRequestError('Exactly one PDF is required', [{ field: 'file', message: 'is required' }]);
      const id = await ingestDocument(ingestContext, requireActor(request), parsed.data, file);
      const row = await findDocumentById(db, id);
      return reply.code(201).send(await loadDocumentResource(db, row as NonNullable<typeof row>));
    },
  );

  app.post(
    '/api/reports/wcd',
    {
      bodyLimit: Math.ceil((context.maxPdfBytes * 4) / 3) + 1024 * 1024,
      config: { permission: 'document:ingest', vendor: 'infobionic' },
      schema: {
        tags,
        summary:
          "Ingest a wearable cardiac device (WCD) document: JSON attributes and the PDF in base64. Signed by InfoBionic (X-Vendor-Signature), `attributes.studyReference` and `results` make it the study's results document; a redelivery answers 200 with the same document",
        headers: z.object({ [VENDOR_DELIVERY_ID_HEADER]: z.optional(z.string().min(1).max(200)) }),
        body: wcdIngestBodySchema,
        response: {
          200: documentResourceSchema,
          201: documentResourceSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 503),
        },
      },
    },
    async (request, reply) => {
      if (request.vendor === 'infobionic') {
        const { documentId, duplicate } = await context.receiveVendorWcdResults(request.body, {
          deliveryId: request.headers[VENDOR_DELIVERY_ID_HEADER],
          bodySha256: createHash('sha256')
            .update(request.rawBody ?? '')
            .digest('hex'),
        });
        const row = documentId ? await findDocumentById(db, documentId) : undefined;
        if (!row) throw new Error('the study results document vanished');
        return reply.code(duplicate ? 200 : 201).send(await loadDocumentResource(db, row));
      }
      const attributes = Object.fromEntries(
        Object.entries({ serviceLine: 'wcd', ...request.body.attributes }).map(([key, value]) => [
          key,
          String(value),
        ]),
      );
      const parsed = ingestFieldsSchema.safeParse(attributes);
      if (!parsed.success)
        throw new BadRequestError('Invalid document fields', zodDetails(parsed.error, 'attributes.'));
      assertSafeFields(parsed.data);
      const id = await ingestDocument(
        ingestContext,
        requireActor(request),
        parsed.data,
        new Uint8Array(Buffer.from(request.body.pdfBase64, 'base64')),
      );
      const row = await findDocumentById(db, id);
      return reply.code(201).send(await loadDocumentResource(db, row as NonNullable<typeof row>));
    },
  );

  app.patch(
    '/api/reports/:id',
    {
      config: { permission: 'document:update' },
      schema: {
        tags,
        summary: "Edit a document's reviewable fields",
        params: documentIdParamsSchema,
        body: updateDocumentBodySchema,
        response: { 200: documentResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const updated = await updateDocument(db, requireActor(request), request.params.id, request.body);
      const row = await findDocumentById(db, updated.id);
      return loadDocumentResource(db, row as NonNullable<typeof row>);
    },
  );

  app.post(
    '/api/reports/bulk-update-note',
    {
      config: { permission: 'document:update' },
      schema: {
        tags,
        summary: 'Append to, replace or clear the note of many documents',
        body: bulkUpdateNoteBodySchema,
        response: { 200: bulkResultsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      updateNotes({ db, log: request.log }, requireActor(request), request.body.ids, request.body),
  );

  app.get(
    '/api/reports/blob-storage/:id',
    {
      config: { permission: 'document:read' },
      schema: {
        tags,
        summary:
          "The document's PDF (signed if signed) behind the clinic's coversheet (none with stripCoversheet=true), named by the SPEC filename rule",
        params: documentIdParamsSchema,
        querystring: documentPdfQuerySchema,
        produces: ['application/pdf'],
        response: { 200: documentPdfSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const document = await getVisibleDocument(db, requireActor(request), request.params.id);
      const bytes = await prepareDocumentPdf(db, storage, document, {
        withoutCoversheet: request.query.stripCoversheet === 'true',
      });
      const filename = buildReportPdfFilename({ ...document, dos: document.dos.toISOString() });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(filename))
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    '/api/reports/get-reports/:ids',
    {
      config: { permission: 'document:read' },
      schema: {
        tags,
        summary:
          "One PDF of the selected documents, in the order given, each behind its clinic's coversheet; forEmr=true cuts each to its clinic's EMR page length",
        params: documentIdListParamsSchema,
        querystring: documentsPdfQuerySchema,
        produces: ['application/pdf'],
        response: { 200: documentPdfSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const files: Uint8Array[] = [];
      const configurations = new Map<string, MergedClinicConfiguration>();
      for (const id of request.params.ids) {
        const document = await getVisibleDocument(db, actor, id);
        files.push(
          await prepareDocumentPdf(db, storage, document, {
            forEmr: request.query.forEmr === 'true',
            configurations,
          }),
        );
      }
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition('reports.pdf'))
        .send(Buffer.from(await mergePdfs(files)));
    },
  );

  app.post(
    '/api/reports/merge-pdfs',
    {
      config: { permission: 'document:read' },
      schema: {
        tags,
        summary: "Merge uploaded PDFs (multipart field 'pdfFiles') into one",
        consumes: ['multipart/form-data'],
        produces: ['application/pdf'],
        response: { 200: documentPdfSchema, ...errorResponses(400, 401, 403, 413, 422, 503) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new BadRequestError('Expected a multipart/form-data body', [
          { field: 'body', message: 'must be multipart/form-data' },
        ]);
      const { files } = await readMultipart(request, 'pdfFiles');
      if (files.length === 0)
        throw new BadRequestError('No PDFs to merge', [{ field: 'pdfFiles', message: 'is required' }]);
      const actor = requireActor(request);
      const checked: Uint8Array[] = [];
      // One at a time: the caller's share of the checking workers is for all of its requests.
      for (const [index, file] of files.entries()) {
        const inspection = await inspectUpload(file, actor.id);
        if (!inspection.ok)
          throw new UnprocessableError(inspection.message, [
            { field: `pdfFiles.${index}`, message: inspection.message },
          ]);
        checked.push(inspection.bytes);
      }
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition('merged.pdf'))
        .send(Buffer.from(await mergePdfs(checked)));
    },
  );

  app.post(
    '/api/reports/:id/report-problem',
    {
      config: { permission: 'document:comment' },
      schema: {
        tags,
        summary:
          'Report a problem: marks a system error, then adds a system comment (status problem reported)',
        params: documentIdParamsSchema,
        body: reportProblemBodySchema,
        response: { 201: commentResourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await reportProblem(db, requireActor(request), request.params.id, request.body.text, context.wait),
        ),
  );

  app.get(
    '/api/reports/:id/comments',
    {
      config: { permission: 'document:read' },
      schema: {
        tags,
        summary: "A document's comments",
        params: documentIdParamsSchema,
        response: { 200: commentListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await listComments(db, requireActor(request), request.params.id) }),
  );

  app.post(
    '/api/reports/:id/comments',
    {
      config: { permission: 'document:comment' },
      schema: {
        tags,
        summary: 'Comment on a document',
        params: documentIdParamsSchema,
        body: addCommentBodySchema,
        response: { 201: commentResourceSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      assertCommentMetadataFits(request.body.metadata, context.commentMetadataMaxBytes);
      return reply
        .code(201)
        .send(await addComment(db, requireActor(request), request.params.id, request.body));
    },
  );

  app.put(
    '/api/reports/:id/comments/:commentId',
    {
      config: { permission: 'document:comment' },
      schema: {
        tags,
        summary: "Edit a comment's text (author only) or toggle a reaction",
        params: commentParamsSchema,
        body: updateCommentBodySchema,
        response: { 200: commentResourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateComment(db, requireActor(request), request.params.id, request.params.commentId, request.body),
  );

  app.delete(
    '/api/reports/:id/comments/:commentId',
    {
      config: { permission: 'document:comment' },
      schema: {
        tags,
        summary: 'Delete a comment (author only)',
        params: commentParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteComment(db, requireActor(request), request.params.id, request.params.commentId);
      return reply.code(204).send(null);
    },
  );
};
