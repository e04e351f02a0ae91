import {
  overdueTransmissionsSchema,
  patientClinicParamsSchema,
  patientIdParamsSchema,
  transmissionStatusAnswerSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { getTransmissionStatus, listOverdueTransmissions } from './list-overdue-transmissions';

const tags = ['patients'];

/** Issue 17 §2: missed transmissions, per clinic and per patient. */
export const transmissionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/patients/clinics/:npi/overdue-transmissions',
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary:
          "The clinic's monitored patients whose next transmission is overdue (schedule plus grace), most overdue first",
        params: patientClinicParamsSchema,
        response: { 200: overdueTransmissionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .send(await listOverdueTransmissions(db, requireActor(request), request.params.npi)),
  );

  app.get(
    '/api/patients/clinics/:npi/patients/:id/transmission-status',
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary:
          "A patient's last transmission and whether the next is overdue (null for a device not monitored)",
        params: patientIdParamsSchema,
        response: { 200: transmissionStatusAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getTransmissionStatus(db, requireActor(request), {
        clinicNpi: request.params.npi,
        id: request.params.id,
      }),
  );
};
