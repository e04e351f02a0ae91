import {
  longitudinalParamsSchema,
  longitudinalQuerySchema,
  longitudinalResponseSchema,
  longitudinalSettingsParamsSchema,
  longitudinalSettingsResponseSchema,
  storedLongitudinalSettingsSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { deleteLongitudinalSettings } from './delete-longitudinal-settings';
import { getLongitudinalSettings } from './get-longitudinal-settings';
import { getLongitudinalView } from './get-longitudinal-view';
import { saveLongitudinalSettings } from './save-longitudinal-settings';

const tags = ['reports'];
const SETTINGS = '/api/reports/clinics/:npi/longitudinal-settings/:userId';

/** SPEC §7 Reports (issue 14 §3): the longitudinal view of a patient's device data, and its settings. */
export const longitudinalRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    // The app ignores a trailing slash, so SPEC's `longitudinal/` answers the same.
    '/api/reports/clinics/:npi/patients/:id/longitudinal',
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary:
          "A patient's device sessions in time order with each measurement's series, compared and flagged",
        description:
          "deviceType: PM, ICD or ILR (default: the patient's device's, else the latest session's, else PM). " +
          'baselineSessionId: one of those sessions (default: the first). comparisonMode overrides the settings ' +
          "for this answer. The measurements shown and the flags' thresholds are the caller's longitudinal settings.",
        params: longitudinalParamsSchema,
        querystring: longitudinalQuerySchema,
        response: { 200: longitudinalResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      getLongitudinalView(
        db,
        requireActor(request),
        { clinicNpi: request.params.npi, id: request.params.id },
        request.query,
      ),
  );

  app.get(
    SETTINGS,
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary:
          "Longitudinal settings of a clinic ('0') or a user there: what it stores, and what is in force",
        params: longitudinalSettingsParamsSchema,
        response: { 200: longitudinalSettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getLongitudinalSettings(db, requireActor(request), request.params),
  );

  app.put(
    SETTINGS,
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary: "Replace a scope's longitudinal settings (a user's override the clinic's, part by part)",
        description:
          "The clinic's ('0') need clinic:update-settings; a user's, that user or a clinic admin (user:create).",
        params: longitudinalSettingsParamsSchema,
        body: storedLongitudinalSettingsSchema,
        response: { 200: longitudinalSettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => saveLongitudinalSettings(db, requireActor(request), request.params, request.body),
  );

  app.delete(
    SETTINGS,
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary: "Remove a scope's longitudinal settings: the clinic's (then the defaults) show through",
        params: longitudinalSettingsParamsSchema,
        response: { 200: longitudinalSettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteLongitudinalSettings(db, requireActor(request), request.params),
  );
};
