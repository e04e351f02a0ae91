import {
  deviceCheckBodySchema,
  deviceCheckEditBodySchema,
  deviceCheckPatientParamsSchema,
  deviceCheckResponseSchema,
  deviceCheckSessionParamsSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import type { DocumentStorage } from '../documents/storage/file-storage';
import { editDeviceCheck } from './edit-device-check';
import { submitDeviceCheck } from './submit-device-check';

const tags = ['device-data'];

const idempotencyHeadersSchema = z.object({
  'idempotency-key': z.optional(
    z
      .string()
      .min(1)
      .max(200)
      .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' }),
  ),
});

/** Issue 14 §4: the in-person device check (flag-gated), and editing its technician review. */
export const deviceChecksRoutes: FastifyPluginAsyncZod<{ db: Db; storage: DocumentStorage }> = async (
  app,
  context,
) => {
  app.post(
    '/api/reports/clinics/:npi/patients/:id/device-checks',
    {
      config: { permission: 'device-check:create' },
      schema: {
        tags,
        summary:
          'Record an in-person device check: the session and its unsigned report in the inbox (Idempotency-Key makes a retry safe)',
        params: deviceCheckPatientParamsSchema,
        headers: idempotencyHeadersSchema,
        body: deviceCheckBodySchema,
        response: {
          200: deviceCheckResponseSchema,
          201: deviceCheckResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await submitDeviceCheck(
        context,
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id },
        request.body,
        { idempotencyKey: request.headers['idempotency-key'] },
      );
      return reply
        .code(created ? 201 : 200)
        .header('Cache-Control', 'no-store')
        .send(answer);
    },
  );

  app.patch(
    '/api/reports/clinics/:npi/device-checks/:sessionId',
    {
      config: { permission: 'device-check:edit' },
      schema: {
        tags,
        summary: "Edit a device check's technician review while its report is unsigned (flag-gated)",
        params: deviceCheckSessionParamsSchema,
        body: deviceCheckEditBodySchema,
        response: { 200: deviceCheckResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const answer = await editDeviceCheck(
        context,
        requireActor(request),
        { clinicNpi: request.params.npi, sessionId: request.params.sessionId },
        request.body,
      );
      return reply.header('Cache-Control', 'no-store').send(answer);
    },
  );
};
