import {
  biobeatAbpmResultsBodySchema,
  VENDOR_DELIVERY_ID_HEADER,
  vendorCallbackAnswerSchema,
  zollStudyEventBodySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import type { IngestContext } from '../documents/ingest-document';
import { receiveBiobeatResults, receiveZollStudyEvent } from './receive-vendor-results';

const tags = ['vendors'];

/** X-Vendor-Delivery-Id: the same for a redelivery, so the portal takes it once. */
export const vendorDeliveryHeadersSchema = z.object({
  [VENDOR_DELIVERY_ID_HEADER]: z.optional(
    z
      .string()
      .min(1)
      .max(200)
      .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' }),
  ),
});

/** A PDF of up to `maxPdfBytes`, as base64 in JSON. */
export const bodyLimitForBase64Pdf = (maxPdfBytes: number) => Math.ceil((maxPdfBytes * 4) / 3) + 1024 * 1024;

/**
 * The vendors' calls to the portal (VENDOR_PROTOCOLS.md), signed with each vendor's secret: the
 * authenticate plugin checks the signature (auth 'vendor'), these routes take what was sent.
 */
export const vendorCallbacksRoutes: FastifyPluginAsyncZod<{
  db: Db;
  ingest: IngestContext;
  wakeOutbox: () => void;
}> = async (app, context) => {
  app.post(
    '/api/vendors/zoll/study-events',
    {
      config: { auth: 'vendor', vendor: 'zoll' },
      schema: {
        tags,
        summary: 'Zoll: a sleep study changed (signed); the portal reads its state from Zoll',
        headers: vendorDeliveryHeadersSchema,
        body: zollStudyEventBodySchema,
        response: { 200: vendorCallbackAnswerSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const answer = await receiveZollStudyEvent(
        context.db,
        { vendor: 'zoll', deliveryId: request.headers[VENDOR_DELIVERY_ID_HEADER] },
        request.body,
      );
      context.wakeOutbox();
      return answer;
    },
  );

  app.post(
    '/api/vendors/biobeat/abpm-results',
    {
      bodyLimit: bodyLimitForBase64Pdf(context.ingest.maxPdfBytes),
      config: { auth: 'vendor', vendor: 'biobeat' },
      schema: {
        tags,
        summary: "Biobeat: an ABPM session's readings and report (signed); they become the study's document",
        headers: vendorDeliveryHeadersSchema,
        body: biobeatAbpmResultsBodySchema,
        response: {
          200: vendorCallbackAnswerSchema,
          201: vendorCallbackAnswerSchema,
          ...errorResponses(400, 401, 404, 409, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const answer = await receiveBiobeatResults(
        context.ingest,
        { vendor: 'biobeat', deliveryId: request.headers[VENDOR_DELIVERY_ID_HEADER] },
        request.body,
      );
      return reply.code(answer.duplicate ? 200 : 201).send(answer);
    },
  );
};
