import {
  clinicStudyParamsSchema,
  createAbpmStudyBodySchema,
  createSleepStudyBodySchema,
  createWcdStudyBodySchema,
  patientStudyParamsSchema,
  SLEEP_STUDY_NIGHTS,
  type StudySuite,
  sleepProfileBodySchema,
  sleepProfileSchema,
  studyClinicParamsSchema,
  studyIdParamsSchema,
  studyListQuerySchema,
  studyListSchema,
  studyPageSchema,
  studyPatientParamsSchema,
  studyResourceSchema,
  updateAbpmStudyBodySchema,
  updateSleepStudyBodySchema,
  updateWcdStudyBodySchema,
  ZOLL_CHECK_FOR_UPDATES_ROUTE,
  ZOLL_PUSH_ROUTE,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import type { IngestContext } from '../documents/ingest-document';
import { cancelCurrentSleepStudy, cancelStudy } from './cancel-study';
import { checkZollStudy } from './check-zoll-study';
import { createStudy } from './create-study';
import { listClinicStudies, listPatientStudies } from './list-studies';
import { pushStudy } from './push-study';
import { getSleepProfile, saveSleepProfile } from './sleep-profile';
import { getClinicOfStudy } from './study-access';
import type { ZollPort } from './study-vendors';
import { updateStudy } from './update-study';

const tags = ['studies'];
const CLINIC = '/api/patients/clinics/:npi';
const PATIENT = `${CLINIC}/patients/:id`;

export type StudiesRoutesContext = {
  db: Db;
  ingest: IngestContext;
  /** The interactive Zoll client (check for updates), with a short retry so a person is not kept waiting. */
  zoll: ZollPort | undefined;
  describeVendorError: (error: unknown) => string;
  /** Sends queued vendor work now rather than at the next poll. */
  wakeOutbox: () => void;
};

/** SPEC §7 Patients: sleep, WCD and ABPM studies (issue 16). */
export const studiesRoutes: FastifyPluginAsyncZod<StudiesRoutesContext> = async (app, context) => {
  const { db } = context;

  for (const suite of ['sleep', 'wcd', 'abpm'] as const satisfies readonly StudySuite[]) {
    app.get(
      `${CLINIC}/${suite}-studies`,
      {
        config: { permission: 'study:read' },
        schema: {
          tags,
          summary: `A clinic's ${suite} studies, newest first: status (repeat or comma-separate), page, size`,
          params: studyClinicParamsSchema,
          querystring: studyListQuerySchema,
          response: { 200: studyPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const page = await listClinicStudies(
          db,
          requireActor(request),
          { clinicNpi: request.params.npi, suite },
          {
            statuses: request.query.status ?? [],
            page: request.query.page,
            size: request.query.size,
            url: request.url,
          },
        );
        return reply.header('Cache-Control', 'no-store').send(page);
      },
    );
  }

  app.get(
    `${PATIENT}/studies`,
    {
      config: { permission: 'study:read' },
      schema: {
        tags,
        summary: "A patient's studies of every suite, newest first (the Studies tab)",
        params: studyPatientParamsSchema,
        response: { 200: studyListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      listPatientStudies(db, requireActor(request), { clinicNpi: request.params.npi, id: request.params.id }),
  );

  // ---- Sleep ----

  app.get(
    `${PATIENT}/sleep-profile`,
    {
      config: { permission: 'study:read' },
      schema: {
        tags,
        summary:
          "The patient's sleep profile and current sleep study (empty, updatedAt null, before one is made)",
        params: studyPatientParamsSchema,
        response: { 200: sleepProfileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getSleepProfile(db, requireActor(request), { clinicNpi: request.params.npi, id: request.params.id }),
  );

  for (const [method, mode] of [
    ['POST', 'create'],
    ['PATCH', 'update'],
  ] as const) {
    app.route({
      method,
      url: `${PATIENT}/sleep-profile`,
      config: { permission: 'study:create' },
      schema: {
        tags,
        summary:
          mode === 'create' ? "Make the patient's sleep profile" : "Change the patient's sleep profile",
        params: studyPatientParamsSchema,
        body: sleepProfileBodySchema,
        response: {
          [mode === 'create' ? 201 : 200]: sleepProfileSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      handler: async (request, reply) => {
        const profile = await saveSleepProfile(
          db,
          requireActor(request),
          { clinicNpi: request.params.npi, id: request.params.id },
          request.body,
          mode,
        );
        return reply.code(mode === 'create' ? 201 : 200).send(profile);
      },
    });
  }

  app.post(
    `${PATIENT}/sleep-profile/studies`,
    {
      config: { permission: 'study:create' },
      schema: {
        tags,
        summary: "Order a sleep study; it becomes the sleep profile's current study",
        params: studyPatientParamsSchema,
        body: createSleepStudyBodySchema,
        response: { 201: studyResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { nights, ...order } = request.body;
      const study = await createStudy(
        db,
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id },
        { suite: 'sleep', ...order, duration: nights ?? SLEEP_STUDY_NIGHTS.min },
      );
      return reply.code(201).send(study);
    },
  );

  app.post(
    `${PATIENT}/sleep-profile/studies/:studyId`,
    {
      config: { permission: 'study:create' },
      schema: {
        tags,
        summary: 'Change a sleep study not yet sent to Zoll',
        params: patientStudyParamsSchema,
        body: updateSleepStudyBodySchema,
        response: { 200: studyResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { nights, ...changes } = request.body;
      return updateStudy(
        db,
        requireActor(request),
        {
          clinicNpi: request.params.npi,
          studyId: request.params.studyId,
          suite: 'sleep',
          patientRef: request.params.id,
        },
        { ...changes, duration: nights },
      );
    },
  );

  app.post(
    `${PATIENT}/sleep-profile/current-study/cancel`,
    {
      config: { permission: 'study:cancel' },
      schema: {
        tags,
        summary: "Cancel the patient's current sleep study (at Zoll too, once sent)",
        params: studyPatientParamsSchema,
        response: { 200: studyResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const study = await cancelCurrentSleepStudy(db, requireActor(request), {
        clinicNpi: request.params.npi,
        id: request.params.id,
      });
      context.wakeOutbox();
      return study;
    },
  );

  // SPEC §7's paths as written: the study id alone, which identifies the clinic (issue 31 §3). A study the
  // caller may not see answers 404, as another clinic's does everywhere.
  app.post(
    ZOLL_PUSH_ROUTE,
    {
      config: { permission: 'study:push' },
      schema: {
        tags,
        summary:
          "Send a new sleep study to Zoll with the clinic's sleep global office id (through the outbox)",
        params: studyIdParamsSchema,
        response: { 202: studyResourceSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const study = await pushStudy(db, requireActor(request), {
        clinicNpi: await getClinicOfStudy(db, request.params.id),
        studyId: request.params.id,
        suite: 'sleep',
      });
      context.wakeOutbox();
      return reply.code(202).send(study);
    },
  );

  app.post(
    ZOLL_CHECK_FOR_UPDATES_ROUTE,
    {
      config: { permission: 'study:push' },
      schema: {
        tags,
        summary: "Read a sleep study's state and, once scored, its results and report from Zoll now",
        params: studyIdParamsSchema,
        response: { 200: studyResourceSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) =>
      checkZollStudy(
        { ingest: context.ingest, zoll: context.zoll, describe: context.describeVendorError },
        requireActor(request),
        { clinicNpi: await getClinicOfStudy(db, request.params.id), studyId: request.params.id },
      ),
  );

  // ---- WCD and ABPM ----

  for (const suite of ['wcd', 'abpm'] as const) {
    app.get(
      `${PATIENT}/${suite}-studies`,
      {
        config: { permission: 'study:read' },
        schema: {
          tags,
          summary: `The patient's ${suite.toUpperCase()} studies, newest first`,
          params: studyPatientParamsSchema,
          response: { 200: studyListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        listPatientStudies(
          db,
          requireActor(request),
          { clinicNpi: request.params.npi, id: request.params.id },
          suite,
        ),
    );
  }

  app.post(
    `${PATIENT}/wcd-studies`,
    {
      config: { permission: 'study:create' },
      schema: {
        tags,
        summary: 'Order a wearable cardiac device study (Holter, Ext Holter, Event or MCT)',
        params: studyPatientParamsSchema,
        body: createWcdStudyBodySchema,
        response: { 201: studyResourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { durationDays, ...order } = request.body;
      const study = await createStudy(
        db,
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id },
        { suite: 'wcd', ...order, duration: durationDays },
      );
      return reply.code(201).send(study);
    },
  );

  app.post(
    `${PATIENT}/abpm-studies`,
    {
      config: { permission: 'study:create' },
      schema: {
        tags,
        summary: 'Order an ambulatory blood pressure (ABPM) study',
        params: studyPatientParamsSchema,
        body: createAbpmStudyBodySchema,
        response: { 201: studyResourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { durationHours, ...order } = request.body;
      const study = await createStudy(
        db,
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id },
        { suite: 'abpm', ...order, duration: durationHours ?? 24 },
      );
      return reply.code(201).send(study);
    },
  );

  for (const [suite, body] of [
    ['wcd', updateWcdStudyBodySchema],
    ['abpm', updateAbpmStudyBodySchema],
  ] as const) {
    app.patch(
      `${PATIENT}/${suite}-studies/:studyId`,
      {
        config: { permission: 'study:create' },
        schema: {
          tags,
          summary: `Change a new ${suite.toUpperCase()} study's order, or cancel it with status 'cancelled'`,
          params: patientStudyParamsSchema,
          body,
          response: { 200: studyResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        const target = {
          clinicNpi: request.params.npi,
          studyId: request.params.studyId,
          suite,
          patientRef: request.params.id,
        };
        const { status, ...changes } = request.body as { status?: 'cancelled' } & Record<string, unknown>;
        if (status === 'cancelled') {
          const study = await cancelStudy(db, actor, target);
          context.wakeOutbox();
          return study;
        }
        const { durationDays, durationHours, ...rest } = changes as {
          durationDays?: number;
          durationHours?: number;
        } & Parameters<typeof updateStudy>[3];
        return updateStudy(db, actor, target, { ...rest, duration: durationDays ?? durationHours });
      },
    );
  }

  for (const [suite, vendorPath] of [
    ['wcd', 'infobionics/wcd-studies'],
    ['abpm', 'biobeat/abpm-studies'],
  ] as const) {
    app.post(
      `${CLINIC}/${vendorPath}/:studyId/push`,
      {
        config: { permission: 'study:push' },
        schema: {
          tags,
          summary: `Send a new ${suite.toUpperCase()} study to ${suite === 'wcd' ? 'InfoBionic' : 'Biobeat'} (through the outbox)`,
          params: clinicStudyParamsSchema,
          response: { 202: studyResourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const study = await pushStudy(db, requireActor(request), {
          clinicNpi: request.params.npi,
          studyId: request.params.studyId,
          suite,
        });
        context.wakeOutbox();
        return reply.code(202).send(study);
      },
    );
  }
};
