import { createHash } from 'node:crypto';
import {
  biobeatAbpmResultsBodySchema,
  VENDOR_DELIVERY_ID_HEADER,
  vendorCallbackAnswerSchema,
  zollStudyEventBodySchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import type { IngestContext } from '../documents/ingest-document';
import { type Delivery, receiveBiobeatResults, receiveZollStudyEvent } from './receive-vendor-results';

const tags = ['vendors'];

/**
 * X-Vendor-Delivery-Id: required, and covered by the signature (issue 31 §3); the same for a redelivery,
 * so the portal takes it once.
 */
export const vendorDeliveryHeadersSchema = z.object({
  [VENDOR_DELIVERY_ID_HEADER]: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' }),
});

/** The delivery a signed vendor call is: its id and its body's SHA-256 (the body as sent, which was signed). */
export function deliveryOf(request: FastifyRequest, vendor: Delivery['vendor']): Delivery {
  const deliveryId = request.headers[VENDOR_DELIVERY_ID_HEADER];
  return {
    vendor,
    deliveryId: typeof deliveryId === 'string' ? deliveryId : undefined,
    bodySha256: createHash('sha256')
      .update(request.rawBody ?? '')
      .digest('hex'),
  };
}

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
      const answer = await receiveZollStudyEvent(context.db, deliveryOf(request, 'zoll'), request.body);
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
        deliveryOf(request, 'biobeat'),
        request.body,
      );
      return reply.code(answer.duplicate ? 200 : 201).send(answer);
    },
  );
};
