// Device capture (issue 15): matching a scanned device's GTIN to a catalog model, and a clinic's own
// pairings of GTINs the catalog does not know. The server's routes validate and answer with these schemas;
// the web takes its types from them.
//
// The web build drops these schemas, and zod with them, only where it can see that building them has no
// side effects: calls on `z` count as pure, and any other call at module level is marked `@__PURE__`.

import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { DEVICE_TYPES } from '../common/device-types';
import { findCatalogModel } from '../patients/device-catalog-lookup';
import { MANUFACTURER_CODES } from '../patients/manufacturers';
import { describeGtinProblem, toGtin14 } from './gtin';

/**
 * clinics/{npi}/device-gtins/{gtin}. A GTIN-8, -12 or -13 is taken as the GTIN-14 it pads to; the check
 * digit must be right.
 */
export const deviceGtinParamsSchema = z.object({
  npi: z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' }),
  gtin: z
    .string()
    .superRefine((gtin, context) => {
      const problem = describeGtinProblem(gtin);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((gtin) => toGtin14(gtin) ?? gtin),
});

/** PUT clinics/{npi}/device-gtins/{gtin}: the catalog model the clinic's GTIN stands for. */
export const deviceGtinPairingBodySchema = z
  .strictObject({
    manufacturer: z.enum(MANUFACTURER_CODES, { error: `must be one of ${MANUFACTURER_CODES.join(', ')}` }),
    modelNumber: z
      .string()
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(100, { error: 'must be at most 100 characters' }),
  })
  .superRefine((body, context) => {
    // An empty model number is refused as such already.
    if (body.modelNumber !== '' && !findCatalogModel(body.manufacturer, body.modelNumber)) {
      context.addIssue({
        code: 'custom',
        path: ['modelNumber'],
        message: 'must be a model number of the device catalog for the manufacturer given',
      });
    }
  });
export type DeviceGtinPairingBody = z.infer<typeof deviceGtinPairingBodySchema>;

/** Where a GTIN's model came from: the built-in catalog, or the clinic's own pairing (which wins). */
export const DEVICE_GTIN_MATCH_SOURCES = ['catalog', 'clinic-pairing'] as const;
export type DeviceGtinMatchSource = (typeof DEVICE_GTIN_MATCH_SOURCES)[number];

export const deviceGtinMatchSchema = z
  .object({
    source: z.enum(DEVICE_GTIN_MATCH_SOURCES),
    manufacturer: z.enum(MANUFACTURER_CODES),
    modelName: z.string(),
    modelNumber: z.string(),
    deviceType: z.enum(DEVICE_TYPES),
  })
  .meta({ id: 'DeviceGtinMatch' });
export type DeviceGtinMatch = z.infer<typeof deviceGtinMatchSchema>;

/** GET and PUT clinics/{npi}/device-gtins/{gtin}: the GTIN (as GTIN-14) and its model, if any. */
export const deviceGtinResponseSchema = z.object({
  data: z.object({
    gtin: z.string().describe('the GTIN-14'),
    match: z.nullable(deviceGtinMatchSchema),
  }),
});
export type DeviceGtinResponse = z.infer<typeof deviceGtinResponseSchema>;

/**
 * The audit event types of a clinic's GTIN pairings (entity 'setting', id `device-gtin:{gtin}`, the clinic's
 * chain). The portal's own, like PATIENT_AUDIT_EVENT_TYPES' 'updated' and 'deleted'; SPEC §3's list is
 * unchanged.
 */
export const DEVICE_GTIN_AUDIT_EVENT_TYPES = {
  paired: 'device_gtin_paired',
  unpaired: 'device_gtin_unpaired',
} as const;

const DEVICE_GTIN = '/api/patients/clinics/:npi/device-gtins/:gtin';

/** Device capture: the response contracts of its routes (DELETE answers 204, without a body). */
export const deviceCaptureResponseContracts = [
  /* @__PURE__ */ defineResponseContract('GET', DEVICE_GTIN, deviceGtinResponseSchema),
  /* @__PURE__ */ defineResponseContract('PUT', DEVICE_GTIN, deviceGtinResponseSchema),
] as const;
