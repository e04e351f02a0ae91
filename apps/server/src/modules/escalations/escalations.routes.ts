import {
  escalationQueueQuerySchema,
  escalationQueueSchema,
  internalReviewBodySchema,
  internalReviewListSchema,
  internalReviewSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { addInternalReview, listInternalReviews } from './internal-reviews';
import { listEscalationQueue } from './list-escalation-queue';

const tags = ['metrics'];
const documentParams = z.object({ id: z.uuid({ error: 'must be a document id' }) });

/** Issue 17 §1: the alert-escalation queue (irhReview) and internal reviews. */
export const escalationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/reports/metrics/alert-escalation',
    {
      config: { permission: 'metrics:read-escalations' },
      schema: {
        tags,
        summary:
          'The internal review queue: unsigned documents overdue or due within a day, across clinics, by level and age',
        querystring: escalationQueueQuerySchema,
        response: { 200: escalationQueueSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const queue = await listEscalationQueue(db, requireActor(request), {
        ...request.query,
        url: request.url,
      });
      return reply.header('Cache-Control', 'no-store').send(queue);
    },
  );

  app.post(
    '/api/reports/:id/internal-reviews',
    {
      config: { permission: 'document:review-internally' },
      schema: {
        tags,
        summary: 'Mark a document reviewed internally by the provider company, with a note the clinic sees',
        params: documentParams,
        body: internalReviewBodySchema,
        response: { 201: internalReviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addInternalReview(db, requireActor(request), request.params.id, request.body.note)),
  );

  app.get(
    '/api/reports/:id/internal-reviews',
    {
      config: { permission: 'document:read' },
      schema: {
        tags,
        summary: "A document's internal reviews by the provider company, newest first",
        params: documentParams,
        response: { 200: internalReviewListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listInternalReviews(db, requireActor(request), request.params.id),
  );
};
