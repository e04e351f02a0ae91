import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;

/** What a body the route reads itself is, for the document: a file's bytes, or a multipart form. */
function bodyOfMediaType(mediaType: string): object {
  return mediaType === 'multipart/form-data'
    ? { type: 'object', description: 'a multipart form; the route reads its parts itself' }
    : { type: 'string', format: 'binary', description: `the ${mediaType} body itself` };
}

/**
 * The routes' zod schemas as JSON Schema, and every body declared with its media types (issue 31 §3): a
 * route that reads its body itself (a PDF, a multipart form) declares `consumes` and no zod body, which
 * @fastify/swagger would leave out of the document.
 */
const declareEveryBody: Transform = (input) => {
  const output = jsonSchemaTransform(input);
  const schema = output.schema as { body?: unknown; consumes?: string[] };
  const [first] = schema.consumes ?? [];
  if (schema.body === undefined && first !== undefined)
    return { ...output, schema: { ...schema, body: bodyOfMediaType(first) } } as ReturnType<Transform>;
  return output;
};

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
    transform: declareEveryBody,
  });
  // The portal's own CSP (scripts from 'self' only) covers the UI; it has no inline script.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
