import {
  clinicNpiParamsSchema,
  deviceCheckSettingsBodySchema,
  effectiveDeviceCheckSettingsSchema,
  effectiveSignatureSettingsSchema,
  signatureSettingsChangeSchema,
  signatureSettingsParamsSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { getDeviceCheckSettings } from './get-device-check-settings';
import { getSignatureSettings } from './get-signature-settings';
import { resetDeviceCheckSettings } from './reset-device-check-settings';
import { saveDeviceCheckSettings } from './save-device-check-settings';
import { saveSignatureSettings } from './save-signature-settings';

/** SPEC §7 Customers: signature settings per clinic and user, and device-check settings per clinic. */
export const clinicSettingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['customers'];

  app.get(
    '/api/customers/clinics/:npi/signature-settings/:userId',
    {
      config: { permission: 'clinic:read' },
      schema: {
        tags,
        summary:
          "Signature settings of a user at a clinic ('0' = clinic-wide); defaults when none are stored",
        params: signatureSettingsParamsSchema,
        response: { 200: effectiveSignatureSettingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      getSignatureSettings(db, requireActor(request), request.params.npi, request.params.userId),
  );

  app.patch(
    '/api/customers/clinics/:npi/signature-settings/:userId',
    {
      config: { permission: 'clinic:read' },
      schema: {
        tags,
        summary: 'Change signature settings (prompt lists are stored newline-joined)',
        params: signatureSettingsParamsSchema,
        body: signatureSettingsChangeSchema,
        response: { 200: effectiveSignatureSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => saveSignatureSettings(db, requireActor(request), request.params, request.body),
  );

  app.get(
    '/api/customers/device-check-settings/:npi',
    {
      config: { permission: 'clinic:read' },
      schema: {
        tags,
        summary: "A clinic's device-check observation prompts (defaults when none are stored)",
        params: clinicNpiParamsSchema,
        response: { 200: effectiveDeviceCheckSettingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getDeviceCheckSettings(db, requireActor(request), request.params.npi),
  );

  app.post(
    '/api/customers/device-check-settings/:npi',
    {
      config: { permission: 'clinic:update-settings' },
      schema: {
        tags,
        summary: 'Create device-check settings (while the clinic uses the defaults)',
        params: clinicNpiParamsSchema,
        body: deviceCheckSettingsBodySchema,
        response: { 201: effectiveDeviceCheckSettingsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await saveDeviceCheckSettings(db, requireActor(request), {
          npi: request.params.npi,
          mode: 'create',
          observationPrompts: request.body.observationPrompts,
        }),
      ),
  );

  app.patch(
    '/api/customers/device-check-settings/:npi',
    {
      config: { permission: 'clinic:update-settings' },
      schema: {
        tags,
        summary: 'Change device-check settings',
        params: clinicNpiParamsSchema,
        body: deviceCheckSettingsBodySchema,
        response: { 200: effectiveDeviceCheckSettingsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      saveDeviceCheckSettings(db, requireActor(request), {
        npi: request.params.npi,
        mode: 'change',
        observationPrompts: request.body.observationPrompts,
      }),
  );

  app.delete(
    '/api/customers/device-check-settings/:npi',
    {
      config: { permission: 'clinic:update-settings' },
      schema: {
        tags,
        summary: 'Return to the default device-check settings',
        params: clinicNpiParamsSchema,
        response: { 200: effectiveDeviceCheckSettingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => resetDeviceCheckSettings(db, requireActor(request), request.params.npi),
  );
};
