import {
  deviceGtinPairingBodySchema,
  deviceGtinParamsSchema,
  deviceGtinResponseSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { deleteDeviceGtinPairing } from './delete-device-gtin-pairing';
import { getDeviceGtinMatch } from './get-device-gtin-match';
import { saveDeviceGtinPairing } from './save-device-gtin-pairing';

const tags = ['patients'];
const DEVICE_GTIN = '/api/patients/clinics/:npi/device-gtins/:gtin';

/** Issue 15 (device capture): what a scanned GTIN stands for at a clinic, and the clinic's own pairings. */
export const deviceCaptureRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    DEVICE_GTIN,
    {
      config: { permission: 'patient:read' },
      schema: {
        tags,
        summary: 'The catalog model a GTIN stands for at the clinic (its own pairing first), or null',
        description:
          'gtin: 14 digits, or 8, 12 or 13 taken as the GTIN-14 they pad to; the check digit must be right. ' +
          "match.source: 'clinic-pairing' (the clinic paired it) or 'catalog' (the built-in catalog knows it).",
        params: deviceGtinParamsSchema,
        response: { 200: deviceGtinResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getDeviceGtinMatch(db, requireActor(request), {
        clinicNpi: request.params.npi,
        gtin: request.params.gtin,
      }),
  );

  app.put(
    DEVICE_GTIN,
    {
      config: { permission: 'patient:update-device' },
      schema: {
        tags,
        summary: 'Pair a GTIN with a catalog model for the clinic (audited); answers like GET',
        description:
          'The model must be in the device catalog: manufacturer code and model number (any case).',
        params: deviceGtinParamsSchema,
        body: deviceGtinPairingBodySchema,
        response: { 200: deviceGtinResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      saveDeviceGtinPairing(
        db,
        requireActor(request),
        { clinicNpi: request.params.npi, gtin: request.params.gtin },
        request.body,
      ),
  );

  app.delete(
    DEVICE_GTIN,
    {
      config: { permission: 'patient:update-device' },
      schema: {
        tags,
        summary: "Remove the clinic's pairing of a GTIN (audited); 404 when it has none",
        params: deviceGtinParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteDeviceGtinPairing(db, requireActor(request), {
        clinicNpi: request.params.npi,
        gtin: request.params.gtin,
      });
      return reply.code(204).send(null);
    },
  );
};
