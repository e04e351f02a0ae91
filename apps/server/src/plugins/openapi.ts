import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document at /api/docs/json, generated from the routes' zod schemas, and its UI at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Remote Monitoring Portal API',
        description: 'API of the clinical remote cardiac and patient-monitoring portal.',
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  // The portal's own CSP (scripts from 'self' only) covers the UI; it has no inline script.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
