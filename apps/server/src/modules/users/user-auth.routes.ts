import {
  emailParamsSchema,
  patchUserBodySchema,
  samlProfileBodySchema,
  userIdParamsSchema,
  userResourceSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { deleteUser } from './delete-user';
import { createSamlUser, patchSamlProfile } from './sync-saml-profile';
import { updateUserByEmail } from './update-user-by-email';
import { registerClinicUsersList } from './users.routes';

const tags = ['user-auth'];

/** SPEC §7 Users, the user-auth variant (/api/user-auth): keyed by e-mail, fed by SAML profiles. */
export const userAuthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerClinicUsersList(app, db, '/api/user-auth/clinics/:npi/users', tags);

  app.post(
    '/api/user-auth/users',
    {
      config: { permission: 'user:create' },
      schema: {
        tags,
        summary: 'Create a federated user from a SAML profile',
        body: samlProfileBodySchema,
        response: { 201: userResourceSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSamlUser(db, requireActor(request), request.body)),
  );

  app.patch(
    '/api/user-auth/users/updateUserByEmail/:email',
    {
      config: { permission: 'user:update' },
      schema: {
        tags,
        summary:
          "Update a federated user's SAML profile; 404 when there is none (the caller then creates it)",
        params: emailParamsSchema,
        body: samlProfileBodySchema,
        response: { 200: userResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => patchSamlProfile(db, requireActor(request), request.params.email, request.body),
  );

  app.patch(
    '/api/user-auth/users/:email',
    {
      config: { permission: 'user:update' },
      schema: {
        tags,
        summary: 'Change some fields of the user with this e-mail',
        params: emailParamsSchema,
        body: patchUserBodySchema,
        response: { 200: userResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateUserByEmail(db, requireActor(request), request.params.email, request.body),
  );

  app.delete(
    '/api/user-auth/users/:id',
    {
      config: { permission: 'user:delete' },
      schema: {
        tags,
        summary: 'Delete a user',
        params: userIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await deleteUser(db, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
