import {
  createOacHistoryBodySchema,
  createPatientBodySchema,
  deviceCatalogResponseSchema,
  duplicatePatientConflictSchema,
  oacHistoryIdParamsSchema,
  patientByFmIdQuerySchema,
  patientClinicParamsSchema,
  patientEventsPageSchema,
  patientEventsQuerySchema,
  patientFmIdParamsSchema,
  patientIdParamsSchema,
  patientResourceSchema,
  patientSearchPageSchema,
  patientSearchQuerySchema,
  supplimentalInfoBodySchema,
  updateOacHistoryBodySchema,
  updatePatientBodySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Db } from '../../db/transaction';
import { errorBodySchema, errorResponses } from '../../http/schemas';
import { addOacHistoryEntry } from './add-oac-history-entry';
import { createPatient } from './create-patient';
import { deleteOacHistoryEntry } from './delete-oac-history-entry';
import { deletePatient } from './delete-patient';
import { getDeviceCatalog } from './get-device-catalog';
import { getPatient } from './get-patient';
import { getPatientByFmId } from './get-patient-by-fm-id';
import { listPatientEvents } from './list-patient-events';
import { saveSupplimentalInfo } from './save-supplimental-info';
import { searchPatients } from './search-patients';
import { syncPatientFromFileMaker } from './sync-patient-from-filemaker';
import { loadPatientResource } from './to-patient-resource';
import { updateOacHistoryEntry } from './update-oac-history-entry';
import { updatePatient } from './update-patient';

const tags = ['patients'];
const CLINIC = '/api/patients/clinics/:npi';
const PATIENT = `${CLINIC}/patients/:id`;

/** Links of an offset page: `next` and `prev` only where such a page exists. */
function offsetPageLinks(url: string, page: { offset: number; limit: number; totalCount: number }) {
  const [path = '', search = ''] = url.split('?');
  const linkAt = (offset: number) => {
    const params = new URLSearchParams(search);
    params.set('page[offset]', String(offset));
    params.set('page[limit]', String(page.limit));
    return `${path}?${params.toString()}`;
  };
  return {
    self: url,
    next: page.offset + page.limit < page.totalCount ? linkAt(page.offset + page.limit) : null,
    prev: page.offset > 0 ? linkAt(Math.max(0, page.offset - page.limit)) : null,
  };
}

/** SPEC §7 Patients (issue 13): search, the record, its supplemental info, OAC history, timeline, catalog. */
export const patientsRoutes: FastifyPluginAsyncZod<{ db: Db; fileMaker: Config['fileMaker'] }> = async (
  app,
  { db, fileMaker },
) => {
  app.get(
    `${CLINIC}/search`,
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary: "Search a clinic's patients (empty filter values are dropped; an unknown filter is a 400)",
        params: patientClinicParamsSchema,
        querystring: patientSearchQuerySchema,
        response: { 200: patientSearchPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const query = request.query;
      const page = await searchPatients(db, requireActor(request), request.params.npi, query);
      const offset = query['page[offset]'];
      const limit = query['page[limit]'];
      return {
        links: offsetPageLinks(request.url, { offset, limit, totalCount: page.totalCount }),
        data: page.data,
        metadata: { totalCount: page.totalCount, limit, offset },
      };
    },
  );

  app.get(
    `${CLINIC}/search/by-fm-id/:id`,
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary: 'The patient with a FileMaker record id; forceSync=true fetches and merges the record first',
        description:
          "forceSync=true reads the record from the clinic's FileMaker server (Data API), merges it without " +
          'touching overrides and writes a patient event; it needs patient:update-device. FileMaker unreachable, ' +
          'refusing or too slow: 502, and nothing changes.',
        params: patientFmIdParamsSchema,
        querystring: patientByFmIdQuerySchema,
        response: { 200: patientResourceSchema, ...errorResponses(400, 401, 403, 404, 422, 502) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const target = { clinicNpi: request.params.npi, fmId: request.params.id };
      if (request.query.forceSync !== 'true') return getPatientByFmId(db, actor, target);
      // A caller who goes away stops the retries: nothing is written before the record arrives.
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const synced = await syncPatientFromFileMaker(db, actor, {
        ...target,
        settings: fileMaker,
        signal: gone.signal,
        log: request.log,
      });
      return loadPatientResource(db, synced);
    },
  );

  app.post(
    `${CLINIC}/patients`,
    {
      config: { permission: 'patient:create' },
      schema: {
        tags,
        summary: 'Create a patient (empty fields are dropped; needs the clinic’s create-new-patients flag)',
        description:
          'A patient who probably exists already (the same dob and a similar name, or the same device serial) answers 409 with the likely duplicates, unless confirmNotDuplicate is true. A patientId the clinic already has answers 409 naming the field.',
        params: patientClinicParamsSchema,
        body: createPatientBodySchema,
        response: {
          201: patientResourceSchema,
          ...errorResponses(400, 401, 403, 404),
          409: z.union([duplicatePatientConflictSchema, errorBodySchema]),
        },
      },
    },
    async (request, reply) => {
      const outcome = await createPatient(db, requireActor(request), request.params.npi, request.body);
      if ('duplicates' in outcome) {
        return reply.code(409).send({
          statusCode: 409 as const,
          error: 'Conflict',
          message: 'This patient probably exists already: confirm to create a new record',
          duplicates: outcome.duplicates,
        });
      }
      return reply.code(201).send(outcome.created);
    },
  );

  app.get(
    PATIENT,
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary: 'A patient',
        params: patientIdParamsSchema,
        response: { 200: patientResourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getPatient(db, requireActor(request), {
        clinicNpi: request.params.npi,
        id: request.params.id,
      }),
  );

  app.patch(
    PATIENT,
    {
      config: { permission: 'patient:update' },
      schema: {
        tags,
        summary: 'Change a patient (the fields given; override merges key by key, null clears)',
        params: patientIdParamsSchema,
        body: updatePatientBodySchema,
        response: { 200: patientResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updatePatient(
        db,
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id },
        request.body,
      ),
  );

  app.delete(
    PATIENT,
    {
      config: { permission: 'patient:update' },
      schema: {
        tags,
        summary: 'Delete a patient entered by mistake (409 when the patient has documents)',
        params: patientIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deletePatient(db, requireActor(request), {
        clinicNpi: request.params.npi,
        id: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${PATIENT}/events`,
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary:
          "A patient's timeline, newest first: record, OAC and sync changes, and the documents' events",
        params: patientIdParamsSchema,
        querystring: patientEventsQuerySchema,
        response: { 200: patientEventsPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const offset = request.query['page[offset]'];
      const limit = request.query['page[limit]'];
      const page = await listPatientEvents(
        db,
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id },
        { offset, limit },
      );
      return {
        links: offsetPageLinks(request.url, { offset, limit, totalCount: page.totalCount }),
        data: page.data,
        metadata: { totalCount: page.totalCount, limit, offset },
      };
    },
  );

  app.put(
    `${PATIENT}/supplimental-info`,
    {
      // The least it needs: device information alone. Medical or contact information needs patient:update,
      // which the operation checks.
      config: { permission: 'patient:update-device' },
      schema: {
        tags,
        summary: 'Replace the medical, device and contact information given (null clears a group)',
        params: patientIdParamsSchema,
        body: supplimentalInfoBodySchema,
        response: { 200: patientResourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      saveSupplimentalInfo(
        db,
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id },
        request.body,
      ),
  );

  app.post(
    `${PATIENT}/oac-history`,
    {
      config: { permission: 'patient:update' },
      schema: {
        tags,
        summary: 'Add an OAC history entry',
        params: patientIdParamsSchema,
        body: createOacHistoryBodySchema,
        response: { 201: patientResourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const patient = await addOacHistoryEntry(
        db,
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id },
        request.body,
      );
      return reply.code(201).send(patient);
    },
  );

  app.put(
    `${PATIENT}/oac-history/:oacId`,
    {
      config: { permission: 'patient:update' },
      schema: {
        tags,
        summary: 'Change an OAC history entry (an end date before the start is a 422 naming endDate)',
        params: oacHistoryIdParamsSchema,
        body: updateOacHistoryBodySchema,
        response: { 200: patientResourceSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      updateOacHistoryEntry(
        db,
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id, oacId: request.params.oacId },
        request.body,
      ),
  );

  app.delete(
    `${PATIENT}/oac-history/:oacId`,
    {
      config: { permission: 'patient:update' },
      schema: {
        tags,
        summary: 'Delete an OAC history entry',
        params: oacHistoryIdParamsSchema,
        response: { 200: patientResourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      deleteOacHistoryEntry(db, requireActor(request), {
        clinicNpi: request.params.npi,
        id: request.params.id,
        oacId: request.params.oacId,
      }),
  );

  app.get(
    '/api/patients/device-catalog',
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary: 'The device catalog: every model, and the Boston Scientific model list derived and sorted',
        response: { 200: deviceCatalogResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => getDeviceCatalog(),
  );
};
