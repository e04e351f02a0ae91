// The device-data API (issue 14), written once: device sessions and their measurements, the longitudinal
// view, longitudinal settings and the in-person device check. The server validates and answers with these
// schemas; the web takes its types from them.
//
// As in the other contracts, the web build drops these schemas only where building them has no side
// effects: calls on `z` count as pure, and any other module-level call is marked `@__PURE__`.

import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { COMPARISON_MODES } from '../reports/comparison-modes';
import { LEAD_CONFIGURATION_KEYS } from '../reports/lead-configurations';
import {
  DEFAULT_FLAG_THRESHOLDS,
  SETTINGS_SOURCES,
  storedLongitudinalSettingsSchema,
} from './longitudinal-settings';
import { FLAG_LEVELS } from './measurement-flags';
import { MEASUREMENT_SOURCES, SESSION_DEVICE_TYPES, SESSION_KINDS } from './measurements';
import { PRINTOUT_CONFIRMATION_REASON_MAX } from './printout-identity';

export const sessionDeviceTypeSchema = z.enum(SESSION_DEVICE_TYPES, {
  error: `must be one of ${SESSION_DEVICE_TYPES.join(', ')}`,
});
export const measurementSourceSchema = z.enum(MEASUREMENT_SOURCES);
export const sessionKindSchema = z.enum(SESSION_KINDS);
const LEAD_CONFIGURATION_KEY_VALUES = /* @__PURE__ */ Object.values(LEAD_CONFIGURATION_KEYS) as [
  string,
  ...string[],
];
export const leadConfigurationKeySchema = z.enum(LEAD_CONFIGURATION_KEY_VALUES, {
  error: `must be one of ${Object.values(LEAD_CONFIGURATION_KEYS).join(', ')}`,
});

export const measurementFlagSchema = z.object({
  level: z.enum(FLAG_LEVELS),
  rule: z.string(),
  message: z.string(),
});

/** One device session: a remote transmission or an in-person check, with who and what it came from. */
export const deviceSessionSchema = z.object({
  id: z.string(),
  clinicNpi: z.string(),
  patientRef: z.string(),
  deviceType: sessionDeviceTypeSchema,
  kind: sessionKindSchema,
  source: measurementSourceSchema,
  /** When the device was interrogated (ISO timestamp). */
  sessionDate: z.string(),
  manufacturer: z.nullable(z.string()),
  model: z.nullable(z.string()),
  serialNumber: z.nullable(z.string()),
  leadConfiguration: z.nullable(leadConfigurationKeySchema),
  /** The document that carries this session (a 30-day, 90-day, CRM or in-person report), if any. */
  documentId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** One point of a measurement's series, compared with the previous point and the baseline. */
export const longitudinalValueSchema = z.object({
  sessionId: z.string(),
  /** When it was measured (ISO timestamp): the session's date, or the day of a daily value. */
  measuredAt: z.string(),
  value: z.union([z.number(), z.string()]),
  vsPrevious: z.nullable(z.number()),
  vsBaseline: z.nullable(z.number()),
  flags: z.array(measurementFlagSchema),
  source: measurementSourceSchema,
  /** Who confirmed the value (a user id), or null for an unconfirmed import. */
  confirmedBy: z.nullable(z.string()),
});
export type LongitudinalValue = z.infer<typeof longitudinalValueSchema>;

/**
 * The daily values of a measurement (an AF burden reported day by day), as three arrays of one length:
 * thousands of points in a compact form (10 years of days: 3,650), each with its flag level.
 */
export const dailyValuesSchema = z.object({
  /** Each day's time, in milliseconds since 1970 (UTC). */
  measuredAt: z.array(z.number()),
  value: z.array(z.number()),
  flagLevel: z.array(z.nullable(z.enum(FLAG_LEVELS))),
});
export type DailyValues = z.infer<typeof dailyValuesSchema>;

export const longitudinalSeriesSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.nullable(z.string()),
  /** One value per session, compared and flagged; a session that reported only daily values has their mean. */
  values: z.array(longitudinalValueSchema),
  /** The daily values, when sessions reported any; null otherwise. */
  daily: z.nullable(dailyValuesSchema),
});
export type LongitudinalSeries = z.infer<typeof longitudinalSeriesSchema>;

const clinicNpiParam = z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' });

/** clinics/{npi}/patients/{id}/longitudinal */
export const longitudinalParamsSchema = z.object({
  npi: clinicNpiParam,
  id: z.uuid({ error: 'must be a patient id' }),
});

/** clinics/{npi}/longitudinal-settings/{userId}: '0' is the clinic's own settings, else a user's id. */
export const longitudinalSettingsParamsSchema = z.object({
  npi: clinicNpiParam,
  userId: z.string().trim().min(1, { error: 'must not be empty' }).max(400),
});

/** GET /api/reports/clinics/{npi}/patients/{id}/longitudinal/?deviceType=&baselineSessionId= */
export const longitudinalQuerySchema = z.strictObject({
  deviceType: z.optional(sessionDeviceTypeSchema),
  /** The session compared against as baseline; the first session when left out. */
  baselineSessionId: z.optional(z.uuid({ error: 'must be a session id' })),
  comparisonMode: z.optional(
    z.enum(COMPARISON_MODES, { error: `must be one of ${COMPARISON_MODES.join(', ')}` }),
  ),
});

export const longitudinalResponseSchema = z.object({
  data: z.object({
    patientRef: z.string(),
    /** The device type shown: the one asked for, or the patient's device's. */
    deviceType: sessionDeviceTypeSchema,
    /** Every device type the patient has sessions of, the latest session's first (a device-type switch). */
    deviceTypes: z.array(sessionDeviceTypeSchema),
    comparisonMode: z.enum(COMPARISON_MODES),
    baselineSessionId: z.nullable(z.string()),
    /** Sessions in time order, oldest first. */
    sessions: z.array(deviceSessionSchema),
    /** One series per measurement shown (the settings' list and order), values oldest first. */
    series: z.array(longitudinalSeriesSchema),
  }),
});
export type LongitudinalResponse = z.infer<typeof longitudinalResponseSchema>;

/** GET, PUT and DELETE /api/reports/clinics/{npi}/longitudinal-settings/{userId}; userId '0' is the clinic's. */
export const longitudinalSettingsResponseSchema = z.object({
  data: z.object({
    clinicNpi: z.string(),
    userId: z.string(),
    /** What this scope stores (empty: nothing of its own). */
    stored: storedLongitudinalSettingsSchema,
    /** What is in force for this scope: defaults, then the clinic's, then (for a user) the user's. */
    effective: z.object({
      comparisonMode: z.enum(COMPARISON_MODES),
      measurements: z.object({
        PM: z.array(z.string()),
        ICD: z.array(z.string()),
        ILR: z.array(z.string()),
        Other: z.array(z.string()),
      }),
      thresholds: z.object(
        /* @__PURE__ */ Object.fromEntries(
          Object.entries(DEFAULT_FLAG_THRESHOLDS).map(([key, value]) => [
            key,
            typeof value === 'boolean' ? z.boolean() : z.number(),
          ]),
        ),
      ),
      source: z.enum(SETTINGS_SOURCES),
    }),
  }),
});
export type LongitudinalSettingsResponse = z.infer<typeof longitudinalSettingsResponseSchema>;

/** A measured value as a form or an import gives it: the IDCO key and a number, or a status's value. */
export const measurementInputSchema = z.object({
  key: z.string(),
  value: z.union([z.number(), z.string()]),
});

/** POST /api/reports/clinics/{npi}/patients/{id}/device-checks: an in-person device check (flag-gated). */
export const deviceCheckBodySchema = z.strictObject({
  deviceType: sessionDeviceTypeSchema,
  leadConfiguration: leadConfigurationKeySchema,
  /** When the check was done (ISO timestamp); now when left out. */
  sessionDate: z.optional(z.iso.datetime({ offset: true, error: 'must be an ISO date and time' })),
  /** Keyed by IDCO term: a number, or a status's value. Each must be one of the configuration's fields. */
  measurements: z.record(z.string(), z.union([z.number(), z.string()])),
  /**
   * The measurements whose values the user confirmed from an uploaded interrogation PDF (issue 15 §2):
   * recorded with provenance 'pdf-scrape' and the user as confirmer. Each must be one of `measurements`.
   */
  scrapedFromPdf: z.optional(z.array(z.string().max(100)).max(200)),
  /**
   * Issue 29 §1: the identity check the PDF reading made of the printout against this patient
   * (`identity.checkId` of the pdf-scrape answer). Required with `scrapedFromPdf`.
   */
  printoutCheckId: z.optional(z.uuid({ error: 'must be the checkId the PDF reading gave' })),
  /**
   * The technician's reason for confirming "this printout belongs to this patient" when the printout's
   * identity differs from the patient's or is not found on it; without it such a submission is a 422
   * naming this field.
   */
  printoutConfirmation: z.optional(
    z.string().trim().min(1, { error: 'is required' }).max(PRINTOUT_CONFIRMATION_REASON_MAX),
  ),
  /** The observations: the clinic's prompts chosen plus free text, one per line. */
  observations: z.string().trim().min(1, { error: 'is required' }).max(4000),
  programmingChanges: z.optional(z.string().trim().max(4000)),
  nextFollowUp: z.optional(z.iso.date({ error: 'must be a date (YYYY-MM-DD)' })),
});
export type DeviceCheckBody = z.infer<typeof deviceCheckBodySchema>;

export const deviceCheckResponseSchema = z.object({
  data: z.object({ session: deviceSessionSchema, documentId: z.string() }),
});
export type DeviceCheckResponse = z.infer<typeof deviceCheckResponseSchema>;

export const deviceCheckPatientParamsSchema = z.strictObject({
  npi: z.string(),
  id: z.uuid({ error: 'must be a patient id' }),
});
export const deviceCheckSessionParamsSchema = z.strictObject({
  npi: z.string(),
  sessionId: z.uuid({ error: 'must be a session id' }),
});

/**
 * PATCH /api/reports/clinics/{npi}/device-checks/{sessionId}: the technician's review changed after
 * submission, while the 'editing technician review' flag is on and the report is unsigned. Measurements
 * given replace those values (each still one of the configuration's fields); the others stay.
 */
export const deviceCheckEditBodySchema = z.strictObject({
  measurements: z.optional(z.record(z.string(), z.union([z.number(), z.string()]))),
  observations: z.optional(z.string().trim().min(1, { error: 'is required' }).max(4000)),
  programmingChanges: z.optional(z.nullable(z.string().trim().max(4000))),
  nextFollowUp: z.optional(z.nullable(z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }))),
});
export type DeviceCheckEditBody = z.infer<typeof deviceCheckEditBodySchema>;

/** The longitudinal view and its settings. */
export const longitudinalResponseContracts = [
  /* @__PURE__ */ defineResponseContract(
    'GET',
    '/api/reports/clinics/:npi/patients/:id/longitudinal',
    longitudinalResponseSchema,
  ),
  /* @__PURE__ */ defineResponseContract(
    'GET',
    '/api/reports/clinics/:npi/longitudinal-settings/:userId',
    longitudinalSettingsResponseSchema,
  ),
  /* @__PURE__ */ defineResponseContract(
    'PUT',
    '/api/reports/clinics/:npi/longitudinal-settings/:userId',
    longitudinalSettingsResponseSchema,
  ),
  /* @__PURE__ */ defineResponseContract(
    'DELETE',
    '/api/reports/clinics/:npi/longitudinal-settings/:userId',
    longitudinalSettingsResponseSchema,
  ),
];

/** The in-person device check. */
export const deviceCheckResponseContracts = [
  /* @__PURE__ */ defineResponseContract(
    'POST',
    '/api/reports/clinics/:npi/patients/:id/device-checks',
    deviceCheckResponseSchema,
  ),
  /* @__PURE__ */ defineResponseContract(
    'PATCH',
    '/api/reports/clinics/:npi/device-checks/:sessionId',
    deviceCheckResponseSchema,
  ),
];

/**
 * POST /api/device-data/hl7: an HL7 v2 ORU^R01 message as text (application/hl7-v2 or text/plain). The
 * answer is its HL7 ACK, as text, whatever the outcome (AA 200, AE 422, AR 400, 404).
 */
export const hl7MessageBodySchema = z.string({ error: 'must be an HL7 v2 message (text)' });
export const hl7AckSchema = z.string();

// ---- The import log (issue 28 §3): each kept message, its ACK, its warnings, a link to the raw message ----

export const deviceDataMessagesQuerySchema = z.strictObject({
  clinicNpi: z.optional(z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' })),
  /** The last message of the previous page: the page goes on after it (older). */
  before: z.optional(z.uuid({ error: 'must be a message id (UUID)' })),
  limit: z.optional(z.coerce.number().int().min(1).max(200)),
});
export type DeviceDataMessagesQuery = z.infer<typeof deviceDataMessagesQuerySchema>;

/** A kept HL7 message, as it came. */
export const rawHl7MessageSchema = z.string();

export const deviceDataMessageParamsSchema = z.strictObject({
  id: z.uuid({ error: 'must be a message id (UUID)' }),
});

export const deviceDataMessageWarningSchema = z.object({
  /** Where, as the ACK's ERR-2 writes it: OBX^7^5^1. */
  location: z.string(),
  /** HL7 table 0357 condition, as the portal names it (dataTypeError, tableValueNotFound…). */
  condition: z.string(),
  message: z.string(),
});

export const deviceDataMessageSchema = z.object({
  id: z.string(),
  clinicNpi: z.string(),
  receivedAt: z.string(),
  sendingFacility: z.string(),
  controlId: z.string(),
  ackCode: z.enum(['AA', 'AE', 'AR']),
  outcome: z.enum(['created', 'duplicate', 'refused']),
  warnings: z.array(deviceDataMessageWarningSchema),
  /** The ACK the sender got, as it was sent (segments ended with CR). */
  ack: z.string(),
  sessionId: z.nullable(z.string()),
  reprocessedAt: z.nullable(z.string()),
  /** SHA-256 (hex) of the raw message, as in the session's audit event. */
  sha256: z.string(),
  /** Where the raw message is read (text, as it came). */
  rawUrl: z.string(),
});
export type DeviceDataMessage = z.infer<typeof deviceDataMessageSchema>;

export const deviceDataMessagesPageSchema = z.object({
  data: z.array(deviceDataMessageSchema),
  /** `before` for the next page (the last message's id), or null at the end. */
  nextBefore: z.nullable(z.string()),
});
export type DeviceDataMessagesPage = z.infer<typeof deviceDataMessagesPageSchema>;

/** Device data import (HL7 v2 / IDCO), and its log. */
export const deviceDataImportResponseContracts = [
  /* @__PURE__ */ defineResponseContract('POST', '/api/device-data/hl7', hl7AckSchema),
  /* @__PURE__ */ defineResponseContract('GET', '/api/device-data/messages', deviceDataMessagesPageSchema),
  /* @__PURE__ */ defineResponseContract('GET', '/api/device-data/messages/:id/raw', rawHl7MessageSchema),
];
