// The studies API (SPEC §7 Patients: sleep, WCD and ABPM; issue 16), written once: the server's routes
// validate and answer with these schemas, and the web takes its types from them.
//
// As in the other contracts, calls on `z` count as pure for the web build; any other module-level call is
// marked `@__PURE__`.

import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { isValidNpi } from '../common/npi';
import { pageLinksSchema, pageMetadataSchema } from '../common/paging.contract';
import { TABLE_DEFAULT_ROWS } from '../common/paging-constants';
import { DIPPING_CATEGORIES } from './abpm-results';
import { STUDY_SUITES } from './study-lifecycle';
import { STUDY_STATUSES } from './study-statuses';
import { STUDY_TYPES } from './study-types';

export const studySuiteSchema = z.enum(STUDY_SUITES);

/** Where a study's order to its vendor stands: not sent yet, waiting in the outbox, accepted, or refused. */
export const STUDY_PUSH_STATES = ['not-sent', 'queued', 'sent', 'failed'] as const;
export type StudyPushState = (typeof STUDY_PUSH_STATES)[number];

/** The vendor each suite's studies go to, as people name it. */
export const STUDY_VENDOR_NAMES = { sleep: 'Zoll', wcd: 'InfoBionic', abpm: 'Biobeat' } as const;

export const STUDY_SUITE_LABELS = {
  sleep: 'Sleep',
  wcd: 'Wearable cardiac',
  abpm: 'Ambulatory BP',
} as const;

export const STUDY_STATUS_LABELS = {
  new: 'New',
  'in-progress': 'In progress',
  'ready-for-review': 'Ready for review',
  reviewed: 'Reviewed',
  cancelled: 'Cancelled',
} as const;

// ---- Results ----

/** A scored home sleep test (Zoll): events per hour, %, minutes. */
export const sleepStudyResultsSchema = z.object({
  suite: z.literal('sleep'),
  ahi: z.number(),
  pahi: z.number(),
  remAhi: z.number().nullable(),
  nremAhi: z.number().nullable(),
  odi: z.number(),
  spo2Nadir: z.number(),
  totalSleepTimeMinutes: z.number(),
  scoredAt: z.string(),
});
export type SleepStudyResults = z.infer<typeof sleepStudyResultsSchema>;

/** A Holter-style summary (InfoBionic), the same for Holter, extended Holter, event and MCT studies. */
export const wcdStudyResultsSchema = z.object({
  suite: z.literal('wcd'),
  heartRate: z.object({ min: z.number(), mean: z.number(), max: z.number() }),
  analysableHours: z.number(),
  ectopy: z.object({ pvcBurdenPercent: z.number(), pacBurdenPercent: z.number() }),
  afBurdenPercent: z.number(),
  pauses: z.object({ count: z.number().int(), longestSeconds: z.number().nullable() }),
  patientTriggeredEvents: z.number().int(),
});
export type WcdStudyResults = z.infer<typeof wcdStudyResultsSchema>;

const bloodPressureSchema = z.object({ systolic: z.number(), diastolic: z.number() });
const abpmPeriodSchema = z.object({
  mean: z.nullable(bloodPressureSchema),
  readingCount: z.number().int(),
  aboveThresholdCount: z.number().int(),
});

/** An ABPM session's results, worked out by the portal from Biobeat's readings (summarizeAbpmReadings). */
export const abpmStudyResultsSchema = z.object({
  suite: z.literal('abpm'),
  periods: z.object({ day: abpmPeriodSchema, night: abpmPeriodSchema, '24h': abpmPeriodSchema }),
  dipping: z.nullable(z.object({ percent: z.number(), category: z.enum(DIPPING_CATEGORIES) })),
});
export type AbpmStudyResults = z.infer<typeof abpmStudyResultsSchema>;

export const studyResultsSchema = z.discriminatedUnion('suite', [
  sleepStudyResultsSchema,
  wcdStudyResultsSchema,
  abpmStudyResultsSchema,
]);
export type StudyResults = z.infer<typeof studyResultsSchema>;

/**
 * What a study's results document carries in its `metadata` (issue 16 §7): the study it came from and its
 * results, shown beside the PDF in the inbox.
 */
export const studyDocumentMetadataSchema = z.object({
  study: z.object({ id: z.string(), suite: studySuiteSchema, results: studyResultsSchema }),
});
export type StudyDocumentMetadata = z.infer<typeof studyDocumentMetadataSchema>;

// ---- The study ----

export const studyStatusChangeSchema = z.object({
  from: z.nullable(z.enum(STUDY_STATUSES)),
  to: z.enum(STUDY_STATUSES),
  at: z.string(),
  /** The user who moved it; null when the vendor or the portal itself did. */
  actorName: z.string().nullable(),
  /** Who caused it: a person, the vendor's update, or the signature of its results. */
  source: z.enum(['user', 'vendor', 'signature']),
});
export type StudyStatusChange = z.infer<typeof studyStatusChangeSchema>;

export const studyResourceSchema = z
  .object({
    id: z.string(),
    attributes: z.object({
      clinicNpi: z.string(),
      patientId: z.string(),
      /** The patient's name and MRN, for lists of a clinic's studies. */
      patientName: z.string(),
      patientMrn: z.string(),
      suite: studySuiteSchema,
      /** WCD studies only (SPEC §3 study types). */
      studyType: z.nullable(z.enum(STUDY_TYPES)),
      status: z.enum(STUDY_STATUSES),
      orderingPhysicianNpi: z.string(),
      orderingPhysicianName: z.string(),
      startDate: z.string().nullable(),
      /** Sleep: nights; WCD: days; ABPM: hours. */
      duration: z.number().int(),
      notes: z.string(),
      vendorReference: z.string().nullable(),
      push: z.object({
        state: z.enum(STUDY_PUSH_STATES),
        /** Why the vendor refused or could not be reached, in a sentence a person can act on. */
        error: z.string().nullable(),
        at: z.string().nullable(),
      }),
      results: z.nullable(studyResultsSchema),
      documentId: z.string().nullable(),
      statusHistory: z.array(studyStatusChangeSchema),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  })
  .meta({ id: 'Study' });
export type StudyResource = z.infer<typeof studyResourceSchema>;

/** A numbered page of a clinic's studies of one suite (`status,page,size`). */
export const studyPageSchema = z.object({
  links: pageLinksSchema,
  data: z.array(studyResourceSchema),
  metadata: pageMetadataSchema,
});
export type StudyPage = z.infer<typeof studyPageSchema>;

export const studyListSchema = z.object({ data: z.array(studyResourceSchema) });
export type StudyList = z.infer<typeof studyListSchema>;

export const STUDY_LIST_MAX_SIZE = 100;

/** GET clinics/{npi}/{suite}-studies/?status,page,size: `status` may repeat or be comma-separated. */
export const studyListQuerySchema = z.strictObject({
  status: z.optional(
    z
      .union([z.string(), z.array(z.string())])
      .transform((value) => (Array.isArray(value) ? value : value.split(',')).filter((part) => part !== ''))
      .pipe(z.array(z.enum(STUDY_STATUSES, { error: `must be one of ${STUDY_STATUSES.join(', ')}` }))),
  ),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(STUDY_LIST_MAX_SIZE).default(TABLE_DEFAULT_ROWS),
});
export type StudyListQuery = z.input<typeof studyListQuerySchema>;

// ---- Sleep profile ----

export const sleepProfileSchema = z
  .object({
    patientId: z.string(),
    heightCm: z.number().nullable(),
    weightKg: z.number().nullable(),
    neckCircumferenceCm: z.number().nullable(),
    /** Epworth Sleepiness Scale, 0–24. */
    epworthScore: z.number().int().nullable(),
    notes: z.string(),
    /** The study in progress or last ordered; null before the first. */
    currentStudy: z.nullable(studyResourceSchema),
    /** Null while the patient has no profile yet (every measure null): POST makes it. */
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'SleepProfile' });
export type SleepProfile = z.infer<typeof sleepProfileSchema>;

const optionalMeasure = (min: number, max: number, unit: string) =>
  z.optional(
    z.nullable(
      z
        .number({ error: 'must be a number' })
        .min(min, { error: `must be at least ${min} ${unit}` })
        .max(max, { error: `must be at most ${max} ${unit}` }),
    ),
  );

const notesSchema = z.string().trim().max(2000, { error: 'must be at most 2000 characters' });

export const sleepProfileBodySchema = z.strictObject({
  heightCm: optionalMeasure(40, 260, 'cm'),
  weightKg: optionalMeasure(2, 400, 'kg'),
  neckCircumferenceCm: optionalMeasure(15, 80, 'cm'),
  epworthScore: z.optional(
    z.nullable(
      z
        .number()
        .int({ error: 'must be a whole number from 0 to 24' })
        .min(0, { error: 'must be a whole number from 0 to 24' })
        .max(24, { error: 'must be a whole number from 0 to 24' }),
    ),
  ),
  notes: z.optional(notesSchema),
});
export type SleepProfileBody = z.infer<typeof sleepProfileBodySchema>;

// ---- Creating and changing studies ----

const physicianNpi = z.string().trim().refine(isValidNpi, { error: 'must be a valid 10-digit NPI' });
const physicianName = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'must be at most 200 characters' });
const startDate = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

export const SLEEP_STUDY_NIGHTS = { min: 1, max: 3 } as const;
export const WCD_STUDY_DAYS = { min: 1, max: 30 } as const;
export const ABPM_STUDY_HOURS = [24, 48] as const;

const nights = z
  .number()
  .int({
    error: `must be a whole number of nights from ${SLEEP_STUDY_NIGHTS.min} to ${SLEEP_STUDY_NIGHTS.max}`,
  })
  .min(SLEEP_STUDY_NIGHTS.min, {
    error: `must be from ${SLEEP_STUDY_NIGHTS.min} to ${SLEEP_STUDY_NIGHTS.max} nights`,
  })
  .max(SLEEP_STUDY_NIGHTS.max, {
    error: `must be from ${SLEEP_STUDY_NIGHTS.min} to ${SLEEP_STUDY_NIGHTS.max} nights`,
  });
const days = z
  .number()
  .int({ error: `must be a whole number of days from ${WCD_STUDY_DAYS.min} to ${WCD_STUDY_DAYS.max}` })
  .min(WCD_STUDY_DAYS.min, { error: `must be from ${WCD_STUDY_DAYS.min} to ${WCD_STUDY_DAYS.max} days` })
  .max(WCD_STUDY_DAYS.max, { error: `must be from ${WCD_STUDY_DAYS.min} to ${WCD_STUDY_DAYS.max} days` });
const hours = z.union([z.literal(24), z.literal(48)], { error: 'must be 24 or 48 hours' });

/** POST sleep-profile/studies: a new sleep study, which becomes the profile's current study. */
export const createSleepStudyBodySchema = z.strictObject({
  orderingPhysicianNpi: physicianNpi,
  orderingPhysicianName: physicianName,
  nights: z.optional(nights),
  startDate: z.optional(startDate),
  notes: z.optional(notesSchema),
});
export type CreateSleepStudyBody = z.infer<typeof createSleepStudyBodySchema>;

/** POST sleep-profile/studies/{id}: changes to a study not yet sent. */
export const updateSleepStudyBodySchema = z.strictObject({
  orderingPhysicianNpi: z.optional(physicianNpi),
  orderingPhysicianName: z.optional(physicianName),
  nights: z.optional(nights),
  startDate: z.optional(z.nullable(startDate)),
  notes: z.optional(notesSchema),
});
export type UpdateSleepStudyBody = z.infer<typeof updateSleepStudyBodySchema>;

export const createWcdStudyBodySchema = z.strictObject({
  studyType: z.enum(STUDY_TYPES, { error: `must be one of ${STUDY_TYPES.join(', ')}` }),
  orderingPhysicianNpi: physicianNpi,
  orderingPhysicianName: physicianName,
  durationDays: days,
  startDate: z.optional(startDate),
  notes: z.optional(notesSchema),
});
export type CreateWcdStudyBody = z.infer<typeof createWcdStudyBodySchema>;

/**
 * PATCH wcd-studies/{id} (and abpm-studies/{id}): the order's details while it is new, or
 * `status: 'cancelled'` to cancel it before it is reviewed.
 */
export const updateWcdStudyBodySchema = z.strictObject({
  orderingPhysicianNpi: z.optional(physicianNpi),
  orderingPhysicianName: z.optional(physicianName),
  durationDays: z.optional(days),
  startDate: z.optional(z.nullable(startDate)),
  notes: z.optional(notesSchema),
  status: z.optional(z.literal('cancelled', { error: "can only be set to 'cancelled'" })),
});
export type UpdateWcdStudyBody = z.infer<typeof updateWcdStudyBodySchema>;

export const createAbpmStudyBodySchema = z.strictObject({
  orderingPhysicianNpi: physicianNpi,
  orderingPhysicianName: physicianName,
  durationHours: z.optional(hours),
  startDate: z.optional(startDate),
  notes: z.optional(notesSchema),
});
export type CreateAbpmStudyBody = z.infer<typeof createAbpmStudyBodySchema>;

export const updateAbpmStudyBodySchema = z.strictObject({
  orderingPhysicianNpi: z.optional(physicianNpi),
  orderingPhysicianName: z.optional(physicianName),
  durationHours: z.optional(hours),
  startDate: z.optional(z.nullable(startDate)),
  notes: z.optional(notesSchema),
  status: z.optional(z.literal('cancelled', { error: "can only be set to 'cancelled'" })),
});
export type UpdateAbpmStudyBody = z.infer<typeof updateAbpmStudyBodySchema>;

// ---- Route parameters ----

const clinicNpiParam = z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' });
export const studyClinicParamsSchema = z.object({ npi: clinicNpiParam });
export const studyPatientParamsSchema = z.object({
  npi: clinicNpiParam,
  id: z.uuid({ error: 'must be a patient id' }),
});
export const patientStudyParamsSchema = z.object({
  npi: clinicNpiParam,
  id: z.uuid({ error: 'must be a patient id' }),
  studyId: z.uuid({ error: 'must be a study id' }),
});
export const clinicStudyParamsSchema = z.object({
  npi: clinicNpiParam,
  studyId: z.uuid({ error: 'must be a study id' }),
});

/** SPEC §7's Zoll routes name the study alone: its id identifies the clinic (issue 31 §3). */
export const studyIdParamsSchema = z.object({
  id: z.uuid({ error: 'must be a study id' }),
});

/** SPEC §7: POST /api/patients/zoll/sleep-studies/{id}/push and POST /api/patients/zoll/check-for-updates/{id}. */
export const ZOLL_PUSH_ROUTE = '/api/patients/zoll/sleep-studies/:id/push';
export const ZOLL_CHECK_FOR_UPDATES_ROUTE = '/api/patients/zoll/check-for-updates/:id';

// ---- EMR delivery (issue 16 §5) ----

export const EMR_DELIVERY_STATES = ['not-sent', 'queued', 'delivered', 'failed'] as const;
export type EmrDeliveryState = (typeof EMR_DELIVERY_STATES)[number];

/**
 * The correction of a copy filed in the EMR and then un-signed in the portal (issue 30 §3): none, queued, done
 * (the EMR's DocumentReference is entered-in-error) or failed.
 */
export const EMR_CORRECTION_STATES = ['none', 'queued', 'entered-in-error', 'failed'] as const;
export type EmrCorrectionState = (typeof EMR_CORRECTION_STATES)[number];

/** Each step of a document's way to the EMR, as its audit trail records them, oldest first. */
export const EMR_DELIVERY_STEPS = [
  'signed',
  'delivered',
  'failed',
  'resend-requested',
  'unsigned',
  'correction-queued',
  'entered-in-error',
  'correction-failed',
] as const;
export type EmrDeliveryStepKind = (typeof EMR_DELIVERY_STEPS)[number];

export const emrDeliveryStepSchema = z.object({
  step: z.enum(EMR_DELIVERY_STEPS),
  at: z.string(),
  /** The EMR's DocumentReference the step concerns, when there is one. */
  emrId: z.string().nullable(),
  /** Why (a failure's reason, an un-signing's reason); null when the step has none. */
  reason: z.string().nullable(),
});
export type EmrDeliveryStep = z.infer<typeof emrDeliveryStepSchema>;

export const emrDeliverySchema = z
  .object({
    documentId: z.string(),
    state: z.enum(EMR_DELIVERY_STATES),
    /** The EMR's DocumentReference id once delivered. */
    emrId: z.string().nullable(),
    /** Why the last attempt failed, in a sentence; null unless failed. */
    reason: z.string().nullable(),
    attempts: z.number().int(),
    /** How many pages went (or will go): the signed PDF with its coversheet, cut to the clinic's limit. */
    pageCount: z.number().int().nullable(),
    updatedAt: z.string().nullable(),
    /** The correction of an earlier copy that was un-signed. */
    correction: z.object({
      state: z.enum(EMR_CORRECTION_STATES),
      /** The EMR's DocumentReference being (or made) entered-in-error. */
      emrId: z.string().nullable(),
      reason: z.string().nullable(),
    }),
    /** The EMR's DocumentReference the next (or last) delivery replaces (relatesTo replaces). */
    replacesEmrId: z.string().nullable(),
    steps: z.array(emrDeliveryStepSchema),
  })
  .meta({ id: 'EmrDelivery' });
export type EmrDelivery = z.infer<typeof emrDeliverySchema>;

export const emrDeliveryParamsSchema = z.object({ id: z.uuid({ error: 'must be a document id' }) });

// ---- Vendor callbacks ----

/** POST /api/vendors/zoll/study-events (VENDOR_PROTOCOLS.md). */
export const zollStudyEventBodySchema = z.object({
  studyId: z.string().min(1).max(200),
  orderId: z.string().min(1).max(200),
  status: z.enum(['ordered', 'device-shipped', 'in-progress', 'scored', 'cancelled']),
  occurredAt: z.string().max(100),
});

/** POST /api/vendors/biobeat/abpm-results (VENDOR_PROTOCOLS.md). */
export const biobeatAbpmResultsBodySchema = z.object({
  sessionId: z.string().min(1).max(200),
  externalId: z.string().min(1).max(200),
  readings: z
    .array(
      z.object({
        at: z.iso.datetime({ offset: true, error: 'must be an ISO date and time' }),
        period: z.enum(['day', 'night']),
        systolic: z.number().int().min(40).max(300),
        diastolic: z.number().int().min(20).max(200),
        heartRate: z.nullable(z.number().int().min(20).max(250)),
      }),
    )
    .min(1, { error: 'must hold at least one reading' })
    .max(1000),
  pdfBase64: z.base64({ error: 'must be base64' }).max(70_000_000),
});

export const vendorCallbackAnswerSchema = z.object({
  accepted: z.boolean(),
  /** The study the callback was about, and the document its results became, once there is one. */
  studyId: z.string().nullable(),
  documentId: z.string().nullable(),
  /** True when this delivery (or these results) had been taken before. */
  duplicate: z.boolean(),
});
export type VendorCallbackAnswer = z.infer<typeof vendorCallbackAnswerSchema>;

// ---- Response contracts ----

const CLINIC = '/api/patients/clinics/:npi';
const PATIENT = `${CLINIC}/patients/:id`;

export const studiesResponseContracts = [
  /* @__PURE__ */ defineResponseContract('GET', `${CLINIC}/sleep-studies`, studyPageSchema),
  /* @__PURE__ */ defineResponseContract('GET', `${CLINIC}/wcd-studies`, studyPageSchema),
  /* @__PURE__ */ defineResponseContract('GET', `${CLINIC}/abpm-studies`, studyPageSchema),
  /* @__PURE__ */ defineResponseContract('GET', `${PATIENT}/studies`, studyListSchema),
  /* @__PURE__ */ defineResponseContract('GET', `${PATIENT}/sleep-profile`, sleepProfileSchema),
  /* @__PURE__ */ defineResponseContract('POST', `${PATIENT}/sleep-profile`, sleepProfileSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', `${PATIENT}/sleep-profile`, sleepProfileSchema),
  /* @__PURE__ */ defineResponseContract('POST', `${PATIENT}/sleep-profile/studies`, studyResourceSchema),
  /* @__PURE__ */ defineResponseContract(
    'POST',
    `${PATIENT}/sleep-profile/studies/:studyId`,
    studyResourceSchema,
  ),
  /* @__PURE__ */ defineResponseContract(
    'POST',
    `${PATIENT}/sleep-profile/current-study/cancel`,
    studyResourceSchema,
  ),
  /* @__PURE__ */ defineResponseContract('POST', ZOLL_PUSH_ROUTE, studyResourceSchema),
  /* @__PURE__ */ defineResponseContract('POST', ZOLL_CHECK_FOR_UPDATES_ROUTE, studyResourceSchema),
  /* @__PURE__ */ defineResponseContract('GET', `${PATIENT}/wcd-studies`, studyListSchema),
  /* @__PURE__ */ defineResponseContract('POST', `${PATIENT}/wcd-studies`, studyResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', `${PATIENT}/wcd-studies/:studyId`, studyResourceSchema),
  /* @__PURE__ */ defineResponseContract(
    'POST',
    `${CLINIC}/infobionics/wcd-studies/:studyId/push`,
    studyResourceSchema,
  ),
  /* @__PURE__ */ defineResponseContract('GET', `${PATIENT}/abpm-studies`, studyListSchema),
  /* @__PURE__ */ defineResponseContract('POST', `${PATIENT}/abpm-studies`, studyResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', `${PATIENT}/abpm-studies/:studyId`, studyResourceSchema),
  /* @__PURE__ */ defineResponseContract(
    'POST',
    `${CLINIC}/biobeat/abpm-studies/:studyId/push`,
    studyResourceSchema,
  ),
  /* @__PURE__ */ defineResponseContract(
    'POST',
    '/api/vendors/zoll/study-events',
    vendorCallbackAnswerSchema,
  ),
  /* @__PURE__ */ defineResponseContract(
    'POST',
    '/api/vendors/biobeat/abpm-results',
    vendorCallbackAnswerSchema,
  ),
  /* @__PURE__ */ defineResponseContract('GET', '/api/reports/:id/emr-delivery', emrDeliverySchema),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports/:id/emr-delivery/resend', emrDeliverySchema),
  /* @__PURE__ */ defineResponseContract(
    'POST',
    '/api/reports/resend-signed-rpm-document/:id',
    emrDeliverySchema,
  ),
] as const;
