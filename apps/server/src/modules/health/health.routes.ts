import { HEALTH_SERVICES, healthSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { checkDatabase } from './check-database';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // SPEC §7 names a healthcheck per service; each one proves the database answers.
  for (const service of HEALTH_SERVICES) {
    app.get(
      `/api/${service}/healthcheck`,
      {
        config: { auth: 'public' },
        schema: {
          tags: [service],
          summary: `Health of the ${service} service`,
          response: { 200: healthSchema, ...errorResponses(503) },
        },
      },
      async () => {
        await checkDatabase(db);
        return { status: 'ok' as const, service, database: 'ok' as const };
      },
    );
  }
};
