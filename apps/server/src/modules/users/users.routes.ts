import {
  clinicNpiParamsSchema,
  createUserBodySchema,
  currentUserSchema,
  lockStateBodySchema,
  passwordTicketBodySchema,
  passwordTicketSchema,
  patchUserBodySchema,
  providerListSchema,
  replaceUserBodySchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListSchema,
  userResourceSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { toPagedResponse } from '../../http/paging';
import { errorResponses } from '../../http/schemas';
import { createPasswordTicket } from './create-password-ticket';
import { createUser } from './create-user';
import { deleteUser } from './delete-user';
import { getCurrentUser } from './get-current-user';
import { getUser } from './get-user';
import { listClinicProviders } from './list-clinic-providers';
import { listClinicUsers } from './list-clinic-users';
import { listUsers } from './list-users';
import { setUserLock } from './set-user-lock';
import { updateUser } from './update-user';

const tags = ['users'];

/**
 * GET a clinic's users, each with the roles filtered to that clinic (SPEC §3). Both SPEC §7 variants serve
 * it: /api/users/clinics/:npi and the user-auth /api/user-auth/clinics/:npi/users.
 */
export function registerClinicUsersList(
  app: Parameters<FastifyPluginAsyncZod>[0],
  db: Db,
  url: string,
  tags: string[],
) {
  app.get(
    url,
    {
      config: { permission: 'user:read' },
      schema: {
        tags,
        summary: "List a clinic's users, roles filtered to that clinic",
        params: clinicNpiParamsSchema,
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const result = await listClinicUsers(db, requireActor(request), request.params.npi, request.query);
      return toPagedResponse({ url: request.url, ...request.query, ...result });
    },
  );
}

/** SPEC §7 Users (/api/users). */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.get(
    '/api/users/me',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: 'The signed-in user and the clinics they may open',
        response: { 200: currentUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => getCurrentUser(db, requireActor(request)),
  );

  app.get(
    '/api/users',
    {
      config: { permission: 'user:read' },
      schema: {
        tags,
        summary: 'List users',
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const result = await listUsers(db, requireActor(request), request.query);
      return toPagedResponse({ url: request.url, ...request.query, ...result });
    },
  );

  registerClinicUsersList(app, db, '/api/users/clinics/:npi', tags);

  app.get(
    '/api/users/clinics/:npi/providers',
    {
      config: { permission: 'user:read' },
      schema: {
        tags,
        summary: "A clinic's providers: with an NPI, not locked, sorted by name",
        params: clinicNpiParamsSchema,
        response: { 200: providerListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await listClinicProviders(db, requireActor(request), request.params.npi) }),
  );

  app.post(
    '/api/users/create',
    {
      config: { permission: 'user:create' },
      schema: {
        tags,
        summary: 'Create a user',
        body: createUserBodySchema,
        response: { 201: userResourceSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await createUser(db, requireActor(request), request.body)),
  );

  app.get(
    '/api/users/:id',
    {
      config: { permission: 'user:read' },
      schema: {
        tags,
        summary: 'Get a user',
        params: userIdParamsSchema,
        response: { 200: userResourceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getUser(db, requireActor(request), request.params.id),
  );

  app.put(
    '/api/users/:id',
    {
      config: { permission: 'user:update' },
      schema: {
        tags,
        summary: "Replace a user's profile and roles",
        params: userIdParamsSchema,
        body: replaceUserBodySchema,
        response: { 200: userResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateUser(db, requireActor(request), request.params.id, request.body),
  );

  app.patch(
    '/api/users/:id',
    {
      config: { permission: 'user:update' },
      schema: {
        tags,
        summary: "Change some of a user's fields",
        params: userIdParamsSchema,
        body: patchUserBodySchema,
        response: { 200: userResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateUser(db, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id',
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

  app.post(
    '/api/users/:id/lock-state',
    {
      config: { permission: 'user:lock' },
      schema: {
        tags,
        summary: 'Lock or unlock a user',
        params: userIdParamsSchema,
        body: lockStateBodySchema,
        response: { 200: userResourceSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => setUserLock(db, requireActor(request), request.params.id, request.body.isLocked),
  );

  app.post(
    '/api/users/:id/tickets/password-change',
    {
      config: { permission: 'user:password-ticket' },
      schema: {
        tags,
        summary: 'Create a one-time password-change link (valid 1 day)',
        params: userIdParamsSchema,
        body: passwordTicketBodySchema,
        response: { 201: passwordTicketSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await createPasswordTicket(db, requireActor(request), {
          userId: request.params.id,
          returnUrl: request.body.returnUrl,
          publicUrl,
        }),
      ),
  );
};
