import {
  advisoryPatientsCsvSchema,
  advisoryPatientsParamsSchema,
  manufacturerAdvisoryListSchema,
  patientIdParamsSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { attachmentDisposition } from '../documents/content-disposition';
import { exportAdvisoryPatientsCsv } from './export-advisory-patients-csv';
import { listAdvisories } from './list-advisories';
import { listPatientAdvisories } from './list-patient-advisories';

/** Manufacturer advisories (issue 13 §8): the list, a patient's, and an advisory's patients as CSV. */
export const advisoriesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['patients'];

  app.get(
    '/api/patients/advisories',
    {
      config: { permission: 'patient:read-advisories' },
      schema: {
        tags,
        summary: 'Every manufacturer advisory (recalls and safety notices), newest first',
        response: { 200: manufacturerAdvisoryListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listAdvisories(db),
  );

  app.get(
    '/api/patients/clinics/:npi/patients/:id/advisories',
    {
      config: { permission: 'patient:read-advisories' },
      schema: {
        tags,
        summary:
          "The advisories touching the patient's device (403 while the clinic's 'manufacturerAdvisories' flag is off)",
        params: patientIdParamsSchema,
        response: { 200: manufacturerAdvisoryListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      listPatientAdvisories(db, requireActor(request), {
        clinicNpi: request.params.npi,
        id: request.params.id,
      }),
  );

  app.get(
    '/api/patients/clinics/:npi/advisories/:advisoryId/patients.csv',
    {
      config: { permission: 'patient:read-advisories' },
      schema: {
        tags,
        summary:
          "The clinic's patients whose device the advisory touches, as CSV (403 while the clinic's 'manufacturerAdvisories' flag is off)",
        params: advisoryPatientsParamsSchema,
        produces: ['text/csv'],
        response: { 200: advisoryPatientsCsvSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await exportAdvisoryPatientsCsv(db, requireActor(request), {
        clinicNpi: request.params.npi,
        advisoryId: request.params.advisoryId,
      });
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('Content-Disposition', attachmentDisposition(filename))
        .send(csv);
    },
  );
};
