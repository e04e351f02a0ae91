import {
  bulkResultsSchema,
  bulkSignDocumentsBodySchema,
  documentDownloadStateBodySchema,
  documentIdParamsSchema,
  documentListPageSchema,
  documentListQuerySchema,
  documentResourceSchema,
  pinDocumentBodySchema,
  reassignDocumentsBodySchema,
  signDocumentBodySchema,
  signDocumentsBodySchema,
  trashDocumentsBodySchema,
  unsignDocumentBodySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { acknowledgeDocument } from './acknowledge-document';
import { signDocuments } from './bulk-sign-documents';
import { findDocumentById } from './documents.repository';
import { getVisibleDocument } from './get-document';
import { listDocuments } from './list-documents';
import { reassignDocuments } from './reassign-documents';
import { setDocumentFlag } from './set-document-flags';
import { type AfterSignature, signDocument } from './sign-document';
import type { DocumentStorage } from './storage/file-storage';
import { loadDocumentResource } from './to-document-resource';
import { hardDeleteDocument, trashDocuments, undeleteDocument } from './trash-documents';
import { type AfterUnsign, unsignDocument } from './unsign-document';

export type DocumentsContext = {
  db: Db;
  storage: DocumentStorage;
  maxPdfBytes: number;
  /** The pause of report-a-problem (SPEC §4: 2 s); tests pass a shorter one. */
  wait?: (ms: number) => Promise<void>;
  /** Runs in each signature's and acknowledgement's transaction (see AfterSignature). */
  afterSignature?: AfterSignature;
  /** Runs in each un-signing's transaction (see AfterUnsign). */
  afterUnsign?: AfterUnsign;
};

const tags = ['reports'];

/** SPEC §7 Reports: the document routes (list, read, state changes). */
export const documentsRoutes: FastifyPluginAsyncZod<DocumentsContext> = async (app, context) => {
  const { db } = context;
  const resource = async (id: string) => {
    const row = await findDocumentById(db, id);
    if (!row) throw new Error('document vanished');
    return loadDocumentResource(db, row);
  };

  app.get(
    '/api/reports',
    {
      config: { permission: 'document:read' },
      schema: {
        tags,
        summary: 'List documents (JSON:API style)',
        querystring: documentListQuerySchema,
        response: { 200: documentListPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const query = request.query;
      const page = await listDocuments(db, requireActor(request), query);
      const [path = ''] = request.url.split('?');
      const params = new URLSearchParams(request.url.split('?')[1] ?? '');
      const linkWith = (change: (next: URLSearchParams) => void) => {
        const next = new URLSearchParams(params);
        change(next);
        return `${path}?${next.toString()}`;
      };
      const offset = query['page[cursor]'] ? null : (query['page[offset]'] ?? 0);
      return {
        links: {
          self: request.url,
          next: page.nextCursor
            ? linkWith((next) => {
                next.delete('page[offset]');
                next.set('page[cursor]', page.nextCursor as string);
              })
            : null,
          prev:
            offset && offset > 0
              ? linkWith((next) =>
                  next.set('page[offset]', String(Math.max(0, offset - query['page[limit]']))),
                )
              : null,
        },
        data: page.data,
        metadata: {
          totalCount: page.totalCount,
          totalCountIsLowerBound: page.totalCountIsLowerBound,
          limit: query['page[limit]'],
          offset,
        },
      };
    },
  );

  app.get(
    '/api/reports/:id',
    {
      config: { permission: 'document:read' },
      schema: {
        tags,
        summary: 'Get a document',
        params: documentIdParamsSchema,
        response: { 200: documentResourceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const document = await getVisibleDocument(db, requireActor(request), request.params.id);
      return loadDocumentResource(db, document);
    },
  );

  app.patch(
    '/api/reports/:id/sign',
    {
      config: { permission: 'document:sign' },
      schema: {
        tags,
        summary: 'Sign one document (409 when it is no longer unsigned)',
        params: documentIdParamsSchema,
        body: signDocumentBodySchema,
        response: { 200: documentResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { document } = await signDocument(
        context,
        requireActor(request),
        request.params.id,
        request.body,
      );
      return resource(document.id);
    },
  );

  app.post(
    '/api/reports/bulk-sign',
    {
      config: { permission: 'document:bulk-sign' },
      schema: {
        tags,
        summary: 'Bulk-sign documents (Bulk sign and Sign all)',
        description:
          "Each id answers {reportId, success}. success is false unless the signer may bulk-sign at the document's clinic (the bulk e-signing flag, the 'enable bulk signing' setting and the signer's signature settings' bulkSignEnabled) and the document may be bulk-signed: never a high alert, whatever the flags; other alerts only with physicianBulkSignAlerts. Unassigned documents are first reassigned to the signer.",
        body: bulkSignDocumentsBodySchema,
        response: { 200: bulkResultsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      signDocuments({ ...context, log: request.log }, requireActor(request), request.body.ids, request.body),
  );

  app.post(
    '/api/reports/sign',
    {
      config: { permission: 'document:sign' },
      schema: {
        tags,
        summary: 'Sign documents by id list',
        description:
          'Signing a list is bulk signing: the same rule as bulk-sign applies to each id (a high alert is never signed here; sign it on its own with PATCH /api/reports/{id}/sign).',
        body: signDocumentsBodySchema,
        response: { 200: bulkResultsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      signDocuments({ ...context, log: request.log }, requireActor(request), request.body.ids, request.body),
  );

  app.patch(
    '/api/reports/:id/acknowledge',
    {
      config: { permission: 'document:acknowledge' },
      schema: {
        tags,
        summary: 'Acknowledge a document',
        params: documentIdParamsSchema,
        body: signDocumentBodySchema,
        response: { 200: documentResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const updated = await acknowledgeDocument(
        db,
        requireActor(request),
        request.params.id,
        request.body,
        context.afterSignature,
      );
      return resource(updated.id);
    },
  );

  app.patch(
    '/api/reports/:id/unsign',
    {
      config: { permission: 'document:unsign' },
      schema: {
        tags,
        summary:
          'Un-sign or un-acknowledge a document, for a reason (required); a copy filed in the EMR is marked entered-in-error',
        params: documentIdParamsSchema,
        body: unsignDocumentBodySchema,
        response: { 200: documentResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const reason = (request.body.reason ?? request.body.note ?? '').trim();
      const updated = await unsignDocument(
        db,
        requireActor(request),
        request.params.id,
        reason,
        context.afterUnsign,
      );
      return resource(updated.id);
    },
  );

  app.post(
    '/api/reports/reassign',
    {
      config: { permission: 'document:reassign' },
      schema: {
        tags,
        summary: 'Reassign documents',
        body: reassignDocumentsBodySchema,
        response: { 200: bulkResultsSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) =>
      reassignDocuments({ db, log: request.log }, requireActor(request), request.body.ids, request.body),
  );

  const flagRoute = (
    path: string,
    action: Parameters<typeof setDocumentFlag>[3],
    summary: string,
    body?: z.ZodObject<{ [key: string]: z.ZodBoolean }>,
  ) =>
    app.patch(
      `/api/reports/:id/${path}`,
      {
        config: { permission: 'document:update' },
        schema: {
          tags,
          summary,
          params: documentIdParamsSchema,
          ...(body ? { body } : {}),
          response: { 200: documentResourceSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const value = body ? (Object.values(request.body as Record<string, boolean>)[0] ?? true) : undefined;
        const updated = await setDocumentFlag(db, requireActor(request), request.params.id, action, value);
        return resource(updated.id);
      },
    );
  flagRoute('lock', 'lock', 'Lock a document');
  flagRoute('unlock', 'unlock', 'Unlock a document');
  flagRoute('pin', 'pin', 'Pin or unpin a document', pinDocumentBodySchema);
  flagRoute(
    'set-download-state',
    'downloaded',
    'Mark a document downloaded or not',
    documentDownloadStateBodySchema,
  );
  flagRoute('hide', 'hide', 'Hide a document from the inbox');
  flagRoute('unhide', 'unhide', 'Show a hidden document again');
  flagRoute('system-error', 'systemError', 'Mark a document as a system error');

  app.delete(
    '/api/reports',
    {
      config: { permission: 'document:trash' },
      schema: {
        tags,
        summary: 'Move documents to the trash, with a note',
        body: trashDocumentsBodySchema,
        response: { 200: bulkResultsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      trashDocuments({ db, log: request.log }, requireActor(request), request.body.ids, request.body.note),
  );

  app.patch(
    '/api/reports/:id/undelete',
    {
      config: { permission: 'document:trash' },
      schema: {
        tags,
        summary: 'Bring a document back from the trash',
        params: documentIdParamsSchema,
        response: { 200: documentResourceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const updated = await undeleteDocument(db, requireActor(request), request.params.id);
      return resource(updated.id);
    },
  );

  app.delete(
    '/api/reports/:id/hard-delete',
    {
      config: { permission: 'document:hard-delete' },
      schema: {
        tags,
        summary: 'Delete a document for good',
        params: documentIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await hardDeleteDocument(db, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
