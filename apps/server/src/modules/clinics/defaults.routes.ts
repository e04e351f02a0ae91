import { DEFAULT_KINDS, DEFAULT_SCHEMAS, defaultIdParamsSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { createDefault } from './create-default';
import type { DefaultInput } from './default-value';
import { findDefaults } from './defaults.repository';
import { deleteDefault } from './delete-default';
import { updateDefault } from './update-default';

/**
 * The global defaults every clinic inherits (SPEC §7 defaults/feature-flags and defaults/workflows).
 * Deleting one removes it from every clinic's merged view, since the merge ignores names without a default.
 */
export const defaultsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const kind of DEFAULT_KINDS) {
    const { body, resource, list } = DEFAULT_SCHEMAS[kind];
    const tags = ['customers'];
    const base = `/api/customers/defaults/${kind}`;
    // The body schema of this kind has validated the body.
    const inputOf = (requestBody: unknown) => ({ kind, body: requestBody }) as DefaultInput;

    app.get(
      base,
      {
        config: { permission: 'clinic:read' },
        schema: {
          tags,
          summary: `The global ${kind} defaults`,
          response: { 200: list, ...errorResponses(401, 403) },
        },
      },
      async () => ({ data: await findDefaults(db, kind) }),
    );

    app.post(
      base,
      {
        config: { permission: 'defaults:manage' },
        schema: {
          tags,
          summary: `Create a ${kind} default`,
          body,
          response: { 201: resource, ...errorResponses(400, 401, 403, 409, 422) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createDefault(db, requireActor(request), inputOf(request.body))),
    );

    app.put(
      `${base}/:id`,
      {
        config: { permission: 'defaults:manage' },
        schema: {
          tags,
          summary: `Update a ${kind} default`,
          params: defaultIdParamsSchema,
          body,
          response: { 200: resource, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => updateDefault(db, requireActor(request), request.params.id, inputOf(request.body)),
    );

    app.delete(
      `${base}/:id`,
      {
        config: { permission: 'defaults:manage' },
        schema: {
          tags,
          summary: `Delete a ${kind} default`,
          params: defaultIdParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deleteDefault(db, requireActor(request), kind, request.params.id);
        return reply.code(204).send(null);
      },
    );
  }
};
