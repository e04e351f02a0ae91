import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/transaction';
import { buildPageLinks } from '../../http/paging';
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
      const query = request.query;
      const { data, totalCount } = await listOrganizations(db, requireActor(request), query);
      return {
        links: buildPageLinks({ url: request.url, page: query.page, rows: query.rows, totalCount }),
        data,
        metadata: { totalCount, page: query.page, rows: query.rows },
      };
    },
  );
};
