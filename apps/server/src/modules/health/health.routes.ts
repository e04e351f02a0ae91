import { HEALTH_SERVICES, healthSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Db } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import { errorResponses } from '../../http/schemas';

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
        try {
          await sql`select 1`.execute(db);
        } catch {
          throw new HttpError(503, 'Database unavailable');
        }
        return { status: 'ok' as const, service, database: 'ok' as const };
      },
    );
  }
};
