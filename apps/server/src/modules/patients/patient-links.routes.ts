import { populatePatientsBodySchema, populatePatientsResponseSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { populatePatients } from './populate-patients';

/** Linking existing documents to their patients (SPEC §7 POST clinics/populate-patients). */
export const patientLinksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/patients/clinics/populate-patients',
    {
      config: { permission: 'patient:populate' },
      schema: {
        tags: ['patients'],
        summary: "Link the named clinics' documents to their patients, creating patients that do not exist",
        description:
          'Idempotent: a second run links nothing. Provider-company admins only. Answers the counts per clinic.',
        body: populatePatientsBodySchema,
        response: { 200: populatePatientsResponseSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => populatePatients(db, requireActor(request), request.body.clinicNpis),
  );
};
