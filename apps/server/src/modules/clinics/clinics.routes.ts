import {
  organizationIdParamsSchema,
  organizationInputSchema,
  organizationListQuerySchema,
  organizationListSchema,
  organizationResourceSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { toPagedResponse } from '../../http/paging';
import { errorResponses } from '../../http/schemas';
import { createOrganization } from './create-organization';
import { deleteOrganization } from './delete-organization';
import { getOrganization } from './get-organization';
import { listOrganizations } from './list-organizations';
import { updateOrganization } from './update-organization';

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

  app.get(
    '/api/customers/organizations/:id',
    {
      config: { permission: 'clinic:read' },
      schema: {
        tags: ['customers'],
        summary: 'Get one clinic with its merged flags and settings',
        params: organizationIdParamsSchema,
        response: { 200: organizationResourceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getOrganization(db, requireActor(request), request.params.id),
  );

  app.post(
    '/api/customers/organizations',
    {
      config: { permission: 'clinic:create' },
      schema: {
        tags: ['customers'],
        summary: 'Create a clinic',
        body: organizationInputSchema,
        response: { 201: organizationResourceSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOrganization(db, requireActor(request), request.body)),
  );

  app.put(
    '/api/customers/organizations/:id',
    {
      config: { permission: 'clinic:update-settings' },
      schema: {
        tags: ['customers'],
        summary: "Update a clinic (a clinic admin: only their own clinic's flags and settings)",
        params: organizationIdParamsSchema,
        body: organizationInputSchema,
        response: { 200: organizationResourceSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => updateOrganization(db, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/customers/organizations/:id',
    {
      config: { permission: 'clinic:delete' },
      schema: {
        tags: ['customers'],
        summary: 'Delete a clinic that has no documents',
        params: organizationIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteOrganization(db, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
