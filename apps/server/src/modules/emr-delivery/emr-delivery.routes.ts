import { emrDeliveryParamsSchema, emrDeliverySchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { getEmrDelivery, resendToEmr } from './emr-delivery-state';

const tags = ['reports'];

/** A signed document's delivery to the clinic's EMR (issue 16 §5): its state, and sending it again. */
export const emrDeliveryRoutes: FastifyPluginAsyncZod<{ db: Db; wakeOutbox: () => void }> = async (
  app,
  { db, wakeOutbox },
) => {
  app.get(
    '/api/reports/:id/emr-delivery',
    {
      config: { permission: 'document:read' },
      schema: {
        tags,
        summary:
          "Where the document's delivery to the clinic's EMR stands: not sent, queued, delivered or failed",
        params: emrDeliveryParamsSchema,
        response: { 200: emrDeliverySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .send(await getEmrDelivery(db, requireActor(request), request.params.id)),
  );

  for (const [url, onlyRpm] of [
    ['/api/reports/:id/emr-delivery/resend', false],
    ['/api/reports/resend-signed-rpm-document/:id', true],
  ] as const) {
    app.post(
      url,
      {
        config: { permission: 'document:resend-to-emr' },
        schema: {
          tags,
          summary: onlyRpm
            ? 'Send a signed RPM document again to where signed documents go (the EMR)'
            : "Send a signed document again to the clinic's EMR",
          params: emrDeliveryParamsSchema,
          response: { 202: emrDeliverySchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const delivery = await resendToEmr(db, requireActor(request), request.params.id, { onlyRpm });
        wakeOutbox();
        return reply.code(202).send(delivery);
      },
    );
  }
};
