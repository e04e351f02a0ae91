import {
  deviceDataMessageParamsSchema,
  deviceDataMessagesPageSchema,
  deviceDataMessagesQuerySchema,
  rawHl7MessageSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { getRawDeviceDataMessage, listDeviceDataMessages } from './list-device-data-messages';

/** Issue 28 §3: the import log of HL7 device data, for the provider company's staff who import it. */
export const deviceDataMessagesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['device-data'];

  app.get(
    '/api/device-data/messages',
    {
      config: { permission: 'device-data:import' },
      schema: {
        tags,
        summary: 'The import log: each HL7 message received, newest first, with its ACK and warnings',
        querystring: deviceDataMessagesQuerySchema,
        response: { 200: deviceDataMessagesPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listDeviceDataMessages(db, requireActor(request), request.query);
    },
  );

  app.get(
    '/api/device-data/messages/:id/raw',
    {
      config: { permission: 'device-data:import' },
      schema: {
        tags,
        summary:
          'One received HL7 message exactly as it came (text; segments ended as the sender ended them)',
        params: deviceDataMessageParamsSchema,
        produces: ['application/hl7-v2'],
        response: { 200: rawHl7MessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const raw = await getRawDeviceDataMessage(db, requireActor(request), request.params.id);
      return reply
        .header('Content-Type', 'application/hl7-v2; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="message-${request.params.id}.hl7"`)
        .send(raw);
    },
  );
};
