import { randomUUID } from 'node:crypto';
import { hl7AckSchema, hl7MessageBodySchema, PRINTOUT_CONFIRMATION_REASON_MAX } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Db } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import { errorBodySchema, errorResponses } from '../../http/schemas';
import { buildAck } from '../../integrations/hl7/hl7-ack';
import type { AttachedPrintoutCheck } from '../documents/ingest-document';
import { PdfChecksBusyError, PdfParserPool } from '../documents/pdf/pdf-parser-pool';
import type { DocumentStorage } from '../documents/storage/file-storage';
import { importHl7Message } from './import-hl7-message';

export type DeviceDataImportContext = {
  db: Db;
  storage: DocumentStorage;
  maxPdfBytes: number;
  pdfChecks: Config['pdfChecks'];
  /** Issue 29 §1: an embedded report must name the session's patient (else confirmed). */
  checkAttachedPrintout?: AttachedPrintoutCheck | undefined;
};

const ackOrError = z.union([hl7AckSchema, errorBodySchema]);

/** The HL7 media types the route reads; its ACK goes back as application/hl7-v2. */
const HL7_CONTENT_TYPES = ['application/hl7-v2', 'text/plain'];
/** An ORU with an embedded PDF is the PDF in Base64 (4/3 of it) plus a few kilobytes of observations. */
const bodyLimitFor = (maxPdfBytes: number) => Math.ceil((maxPdfBytes * 4) / 3) + 256 * 1024;

/** Issue 14 §2: remote-monitoring transmissions, HL7 v2 ORU^R01 with IDCO observations. */
export const deviceDataImportRoutes: FastifyPluginAsyncZod<DeviceDataImportContext> = async (
  app,
  context,
) => {
  const bodyLimit = bodyLimitFor(context.maxPdfBytes);
  // Scoped to this plugin: the rest of the API keeps refusing text bodies.
  app.addContentTypeParser(HL7_CONTENT_TYPES, { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, body);
  });
  // Reports embedded in messages are checked in workers of their own, started only when one comes.
  const pdfParserPool = new PdfParserPool(context.pdfChecks);
  app.addHook('onClose', () => pdfParserPool.close());
  const importContext = { ...context, pdfParserPool };

  app.post(
    '/api/device-data/hl7',
    {
      bodyLimit,
      config: { permission: 'device-data:import' },
      // The README names the HL7 content types only: a JSON body (even a JSON string) is refused.
      preValidation: async (request) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (!HL7_CONTENT_TYPES.includes(type))
          throw new HttpError(
            415,
            'The body must be an HL7 v2 message sent as application/hl7-v2 or text/plain',
          );
      },
      schema: {
        tags: ['device-data'],
        summary:
          'Import a device interrogation: an HL7 v2 ORU^R01 with IDCO observations; answers its HL7 ACK',
        description:
          "The body is the message (application/hl7-v2 or text/plain). MSH-6 (receiving facility) is the clinic's " +
          'NPI; PID-3 the patient id, else the device serial finds the patient, else one is created from PID. ' +
          'The answer is always the ACK (application/hl7-v2): AA 200 (MSA-3 says when the message was already ' +
          'received), AE 422 (ERR names segment, field and the table 0357 code), AR 400, a clinic outside the ' +
          "caller's scope 404 (AE naming MSH-6). An embedded report naming another patient (name, serial, id or " +
          'date of birth differ) is left out with a warning, and refuses a message without values (AE 422), unless ' +
          'printoutConfirmation gives the reason it belongs to this patient (audited with both identities).',
        consumes: HL7_CONTENT_TYPES,
        querystring: z.object({
          /**
           * Issue 29 §1: the reason the embedded printout belongs to the message's patient when it names
           * another (a session without values and such a printout is otherwise refused, AE 422).
           */
          printoutConfirmation: z.optional(
            z.string().trim().min(1, { error: 'is required' }).max(PRINTOUT_CONFIRMATION_REASON_MAX),
          ),
        }),
        body: hl7MessageBodySchema,
        response: {
          200: hl7AckSchema,
          // The ACK, or the API's error body when the request never reached the import (not text, too large).
          400: ackOrError,
          404: ackOrError,
          422: ackOrError,
          503: ackOrError,
          ...errorResponses(401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      reply.header('Content-Type', 'application/hl7-v2; charset=utf-8').header('Cache-Control', 'no-store');
      const ackControlId = randomUUID().replaceAll('-', '').slice(0, 20);
      try {
        const outcome = await importHl7Message(importContext, actor, request.body, {
          ackControlId,
          printoutConfirmation: request.query.printoutConfirmation,
        });
        // Ids and the outcome only: never the message, names or identifiers.
        request.log.info(
          {
            hl7Import: outcome.result,
            sessionId: outcome.sessionId,
            documentId: outcome.documentId,
            warnings: outcome.warningCount,
          },
          'device data import',
        );
        return reply.code(outcome.status).send(outcome.ack);
      } catch (error) {
        if (!(error instanceof PdfChecksBusyError)) throw error;
        reply.header('Retry-After', String(error.retryAfterSeconds));
        return reply.code(503).send(
          buildAck({
            code: 'AE',
            controlId: ackControlId,
            text: error.message,
            errors: [
              {
                location: { segment: 'OBX', sequence: 1, field: 5 },
                condition: 'applicationInternalError',
                message: error.message,
              },
            ],
          }),
        );
      }
    },
  );
};
