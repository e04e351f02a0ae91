import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/transaction';
import { toPagedResponse } from '../../http/paging';
import { errorResponses } from '../../http/schemas';
import { requireActor } from '../../plugins/authenticate';
import { organizationListQuerySchema, organizationListSchema } from './clinics.schemas';
import { listOrganizations } from './list-organizations';

export const clinicsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/customers/organizations',
    {
      config: { permission: 'clinic:read' },
      schema: {
        tags: ['customers'],
        summary: 'List clinics (organizations) for the data table',
        querystring: organizationListQuerySchema,
        response: { 200: organizationListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const result = await listOrganizations(db, requireActor(request), request.query);
      return toPagedResponse({ url: request.url, ...request.query, ...result });
    },
  );
};
