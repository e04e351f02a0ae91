// The patients API (SPEC §7 Patients, issue 13), written once: the server's routes will validate and answer
// with these schemas, and the web takes its types from them.
//
// The web build drops these schemas, and zod with them, only where it can see that building them has no
// side effects: calls on `z` count as pure (so `z.nullable(x)`, not `x.nullable()`; no object spreads),
// and any other call at module level is marked `@__PURE__` or `@__NO_SIDE_EFFECTS__`.

import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { DEVICE_TYPES } from '../common/device-types';
import { MAX_INPUT_DEPTH } from '../common/input-depth';
import { isValidNpi } from '../common/npi';
import { pageLinksSchema } from '../common/paging.contract';
import { TABLE_DEFAULT_ROWS } from '../common/paging-constants';
import { CONNECTIVITY_STATES } from '../metrics/missed-transmissions';
import { deviceCatalogEntrySchema } from './device-catalog';
import { MANUFACTURER_CODES } from './manufacturers';
import { OAC_CUSTOM_PREFIX, OAC_STATUSES } from './oac-statuses';

/**
 * The portal's gender values: HL7 FHIR's AdministrativeGender (female, male, other, unknown), the code set
 * EHR interfaces and FileMaker exports map to most easily. A synced 'F'/'M' is mapped before it is stored.
 */
export const PATIENT_GENDERS = ['female', 'male', 'other', 'unknown'] as const;
export const patientGenderSchema = z.enum(PATIENT_GENDERS, {
  error: `must be one of ${PATIENT_GENDERS.join(', ')}`,
});
export type PatientGender = z.infer<typeof patientGenderSchema>;

export const PATIENT_GENDER_LABELS = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  unknown: 'Unknown',
} as const satisfies Record<PatientGender, string>;

/** Today's date (YYYY-MM-DD) in UTC: a dob equal to it is allowed anywhere on earth. */
function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const isoDate = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** A date of birth: a real calendar date, not in the future. */
export const dobSchema = z.iso
  .date({ error: 'must be a date (YYYY-MM-DD)' })
  .refine((value) => value <= todayIsoDate(), { error: 'must not be in the future' });

/** An NPI whose check digit is right (the NPI standard's Luhn check). */
export const physicianNpiSchema = z
  .string()
  .trim()
  .refine(isValidNpi, { error: 'must be a valid 10-digit NPI' });

/** The values oacStatus takes: a SPEC §3 status, or one chosen in the custom form carrying the prefix. */
const OAC_STATUS_VALUES = /* @__PURE__ */ OAC_STATUSES.flatMap((status) => [
  status,
  `${OAC_CUSTOM_PREFIX}${status}`,
]) as [string, ...string[]];
export const oacStatusValueSchema = z.enum(OAC_STATUS_VALUES, {
  error: `must be an OAC status, optionally prefixed '${OAC_CUSTOM_PREFIX}'`,
});

const name = z.string().trim().min(1, { error: 'must not be empty' }).max(100);
/* @__NO_SIDE_EFFECTS__ */
function optionalText(max: number) {
  return z.nullable(z.string().trim().max(max));
}
const patientIdText = z.string().trim().min(1, { error: 'must not be empty' }).max(100);

// ---- The record ----

export const oacHistoryEntrySchema = z.object({
  id: z.string(),
  medicationName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type OacHistoryEntry = z.infer<typeof oacHistoryEntrySchema>;

/** SPEC §3 medicalInfo. Every field may be unknown (null). */
export const medicalInfoSchema = z.object({
  isPacerDependent: z.nullable(z.boolean()),
  hasLAAO: z.nullable(z.boolean()),
  efPercentage: z.nullable(
    z.number().min(0, { error: 'must be 0 to 100' }).max(100, { error: 'must be 0 to 100' }),
  ),
  dateOfLastEcho: z.nullable(isoDate),
  hasAfibHistory: z.nullable(z.boolean()),
  dateOfLastAfib: z.nullable(isoDate),
  icd10Codes: z.array(z.string().trim().min(1).max(20)).max(50),
});
export type MedicalInfo = z.infer<typeof medicalInfoSchema>;

/**
 * SPEC §3 deviceInfo: model, modelNumber and manufacturerAdvisories (JSON: the advisories matched to the
 * device). The portal adds what a device clinic records beside them: the manufacturer's code, the device
 * type, the serial number (searched, and compared for duplicates and advisories) and the implant date.
 */
export const deviceInfoSchema = z.object({
  model: optionalText(100),
  modelNumber: optionalText(100),
  manufacturerAdvisories: z.nullable(z.json()),
  manufacturer: z.nullish(z.enum(MANUFACTURER_CODES)),
  deviceType: z.nullish(z.string()),
  serialNumber: z.nullish(z.string()),
  implantDate: z.nullish(z.string()),
  /** Remote monitoring's connectivity (HL7 CardX-CIED): connected, disconnected or not applicable. */
  connectivity: z.nullish(z.enum(CONNECTIVITY_STATES)),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

export const addressSchema = z.object({
  street: optionalText(200),
  street2: optionalText(200),
  apartment: optionalText(50),
  city: optionalText(100),
  state: optionalText(50),
  zip: z.nullable(
    z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, { error: 'must be a ZIP code (12345 or 12345-6789)' }),
  ),
});
export type PatientAddress = z.infer<typeof addressSchema>;

export const contactInfoSchema = z.object({
  mobilePhone: optionalText(40),
  homePhone: optionalText(40),
  email: z.nullable(z.email({ error: 'must be an e-mail address' }).max(200)),
  address: z.nullable(addressSchema),
});
export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** What a person at the clinic set over the synced values; absent or null means "use the synced value". */
export const patientOverrideSchema = z.object({
  names: z.nullish(
    z.object({
      firstName: z.nullish(name),
      middleName: z.nullish(optionalText(100)),
      lastName: z.nullish(name),
    }),
  ),
  gender: z.nullish(patientGenderSchema),
  physicianNpi: z.nullish(physicianNpiSchema),
});
export type PatientOverride = z.infer<typeof patientOverrideSchema>;

/** The patient record as stored (issue 13 §1): the synced values and, apart, the overrides. */
export const patientRecordSchema = z.object({
  id: z.string(),
  clinicNpi: z.string(),
  patientId: z.string(),
  fmId: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  dob: z.string().nullable(),
  gender: z.nullable(z.enum(PATIENT_GENDERS)),
  physicianNpi: z.string().nullable(),
  oacStatus: z.string().nullable(),
  oacHistory: z.array(oacHistoryEntrySchema),
  medicalInfo: z.nullable(medicalInfoSchema),
  deviceInfo: z.nullable(deviceInfoSchema),
  contactInfo: z.nullable(contactInfoSchema),
  override: z.nullable(patientOverrideSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  updatedBy: z.string().nullable(),
});
export type PatientRecord = z.infer<typeof patientRecordSchema>;

export const PATIENT_VALUE_SOURCES = ['override', 'synced'] as const;
export type PatientValueSource = (typeof PATIENT_VALUE_SOURCES)[number];

/* @__NO_SIDE_EFFECTS__ */
function effectiveValue<T extends z.ZodType>(value: T) {
  return z.object({ value: z.nullable(value), source: z.enum(PATIENT_VALUE_SOURCES) });
}

/** Each overridable field's effective value and where it came from ('override' wins over 'synced'). */
export const patientEffectiveFieldsSchema = z.object({
  firstName: effectiveValue(z.string()),
  middleName: effectiveValue(z.string()),
  lastName: effectiveValue(z.string()),
  gender: effectiveValue(z.enum(PATIENT_GENDERS)),
  physicianNpi: effectiveValue(z.string()),
});
export type PatientEffectiveFields = z.infer<typeof patientEffectiveFieldsSchema>;

export const patientAttributesSchema = /* @__PURE__ */ patientRecordSchema.extend({
  effective: patientEffectiveFieldsSchema,
  isAfWithoutOac: z.boolean().describe('AF history or AF alerts, and not on OAC (issue 13 §6)'),
});
export type PatientAttributes = z.infer<typeof patientAttributesSchema>;

/** A patient as the API answers: the record, the effective values, and the AF-without-OAC flag. */
export const patientResourceSchema = z
  .object({ id: z.string(), attributes: patientAttributesSchema })
  .meta({ id: 'Patient' });
export type PatientResource = z.infer<typeof patientResourceSchema>;

/** GET clinics/{npi}/search/: a page of patients, `{links, data, metadata}` as reports are. */
export const patientSearchPageSchema = z.object({
  links: pageLinksSchema,
  data: z.array(patientResourceSchema),
  metadata: z.object({
    totalCount: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  }),
});
export type PatientSearchPage = z.infer<typeof patientSearchPageSchema>;

// ---- Route parameters ----

const clinicNpiParam = z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' });

/** clinics/{npi}/search and clinics/{npi}/patients. */
export const patientClinicParamsSchema = z.object({ npi: clinicNpiParam });
/** clinics/{npi}/search/by-fm-id/{id}: the FileMaker record id, as FileMaker gives it. */
export const patientFmIdParamsSchema = z.object({
  npi: clinicNpiParam,
  id: z.string().trim().min(1, { error: 'must not be empty' }).max(100),
});

export const patientIdParamsSchema = z.object({
  npi: z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' }),
  id: z.uuid({ error: 'must be a patient id' }),
});
export const oacHistoryIdParamsSchema = z.object({
  npi: z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' }),
  id: z.uuid({ error: 'must be a patient id' }),
  oacId: z.uuid({ error: 'must be an OAC history id' }),
});
export const patientByFmIdQuerySchema = z.strictObject({
  forceSync: z.enum(['true', 'false']).optional(),
});

// ---- Search ----

export const PATIENT_SORT_FIELDS = [
  'lastName',
  'firstName',
  'dob',
  'patientId',
  'createdAt',
  'updatedAt',
] as const;
export type PatientSortField = (typeof PATIENT_SORT_FIELDS)[number];
export const DEFAULT_PATIENT_SORT = 'lastName,firstName';
const PATIENT_SORT_VALUES = /* @__PURE__ */ PATIENT_SORT_FIELDS.flatMap((field) => [field, `-${field}`]) as [
  string,
  ...string[],
];
export const PATIENT_SEARCH_MAX_LIMIT = 100;

const filterText = z.string().trim().min(1).max(100).optional();

export const PATIENT_SEARCH_KEYS = [
  'filter[search]',
  'filter[lastName]',
  'filter[firstName]',
  'filter[dob]',
  'filter[patientId]',
  'filter[deviceSerial]',
  'page[offset]',
  'page[limit]',
  'sort',
] as const;
const patientSearchKeys: ReadonlySet<string> = /* @__PURE__ */ new Set(PATIENT_SEARCH_KEYS);

/**
 * SPEC §5: search filters drop empty values. Only the known keys are dropped when empty: an unknown one
 * is kept so that the schema refuses it by name.
 */
export function dropEmptySearchValues(query: unknown): unknown {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return query;
  return Object.fromEntries(
    Object.entries(query).filter(
      ([key, value]) => !(patientSearchKeys.has(key) && (value === undefined || String(value).trim() === '')),
    ),
  );
}

/** GET clinics/{npi}/search/: any other key is refused, naming it. */
export const patientSearchQuerySchema = z.preprocess(
  dropEmptySearchValues,
  z.strictObject(
    {
      'filter[search]': z
        .string()
        .trim()
        .min(1)
        .max(100)
        .optional()
        .describe('free text over name, patientId and device serial'),
      'filter[lastName]': filterText,
      'filter[firstName]': filterText,
      'filter[dob]': z.optional(isoDate),
      'filter[patientId]': filterText,
      'filter[deviceSerial]': filterText,
      'page[offset]': z.coerce.number().int().min(0).max(1_000_000).default(0),
      'page[limit]': z.coerce.number().int().min(1).max(PATIENT_SEARCH_MAX_LIMIT).default(TABLE_DEFAULT_ROWS),
      sort: z
        .string()
        .default(DEFAULT_PATIENT_SORT)
        .transform((text) =>
          text
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
        )
        .pipe(
          z
            .array(z.enum(PATIENT_SORT_VALUES, { error: `must be among ${PATIENT_SORT_FIELDS.join(', ')}` }))
            .min(1)
            .max(4),
        )
        .describe("comma-separated fields, '-' for descending"),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'is not a known filter' : undefined) },
  ),
);
export type PatientSearchQuery = z.output<typeof patientSearchQuerySchema>;
export type PatientSearchQueryInput = Partial<Record<(typeof PATIENT_SEARCH_KEYS)[number], string>>;

// ---- Bodies ----

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/**
 * SPEC §5: patient creation drops empty fields. Empty strings, nulls, empty lists and objects left empty
 * are removed, at every depth; false and 0 are values and stay.
 */
export function dropEmptyFields(value: unknown, depth = 0): unknown {
  // Bounded (issue 31 §3): past MAX_INPUT_DEPTH, where no request reaches (the JSON parser refuses it),
  // a value is left as it is rather than walked further.
  if (depth > MAX_INPUT_DEPTH) return value;
  if (Array.isArray(value))
    return value.map((item) => dropEmptyFields(item, depth + 1)).filter((item) => !isEmptyValue(item));
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const cleaned = dropEmptyFields(item, depth + 1);
    if (!isEmptyValue(cleaned)) kept[key] = cleaned;
  }
  return kept;
}

export const medicalInfoBodySchema = z.strictObject({
  isPacerDependent: z.nullish(z.boolean()),
  hasLAAO: z.nullish(z.boolean()),
  efPercentage: z.nullish(
    z.number().min(0, { error: 'must be 0 to 100' }).max(100, { error: 'must be 0 to 100' }),
  ),
  dateOfLastEcho: z.nullish(dobSchema),
  hasAfibHistory: z.nullish(z.boolean()),
  dateOfLastAfib: z.nullish(dobSchema),
  icd10Codes: z.optional(z.array(z.string().trim().min(1).max(20)).max(50)),
});
export const deviceInfoBodySchema = z.strictObject({
  model: z.nullish(optionalText(100)),
  modelNumber: z.nullish(optionalText(100)),
  manufacturerAdvisories: z.nullish(z.json()),
  manufacturer: z.nullish(
    z.enum(MANUFACTURER_CODES, { error: `must be one of ${MANUFACTURER_CODES.join(', ')}` }),
  ),
  deviceType: z.nullish(z.enum(DEVICE_TYPES, { error: `must be one of ${DEVICE_TYPES.join(', ')}` })),
  serialNumber: z.nullish(optionalText(60)),
  implantDate: z.nullish(dobSchema),
  connectivity: z.nullish(
    z.enum(CONNECTIVITY_STATES, { error: `must be one of ${CONNECTIVITY_STATES.join(', ')}` }),
  ),
});
export const contactInfoBodySchema = z.strictObject({
  mobilePhone: z.nullish(optionalText(40)),
  homePhone: z.nullish(optionalText(40)),
  email: z.nullish(z.email({ error: 'must be an e-mail address' }).max(200)),
  address: z.nullish(
    z.strictObject({
      street: z.nullish(optionalText(200)),
      street2: z.nullish(optionalText(200)),
      apartment: z.nullish(optionalText(50)),
      city: z.nullish(optionalText(100)),
      state: z.nullish(optionalText(50)),
      zip: z.nullish(
        z
          .string()
          .trim()
          .regex(/^\d{5}(-\d{4})?$/, { error: 'must be a ZIP code (12345 or 12345-6789)' }),
      ),
    }),
  ),
});

/** POST clinics/{npi}/patients. Empty fields are dropped first (SPEC §5). */
export const createPatientBodySchema = z.preprocess(
  (value) => dropEmptyFields(value),
  z.strictObject({
    patientId: patientIdText,
    fmId: z.optional(z.string().trim().max(100)),
    firstName: name,
    middleName: z.optional(z.string().trim().max(100)),
    lastName: name,
    dob: dobSchema,
    gender: z.optional(patientGenderSchema),
    physicianNpi: z.optional(physicianNpiSchema),
    oacStatus: z.optional(oacStatusValueSchema),
    medicalInfo: z.optional(medicalInfoBodySchema),
    deviceInfo: z.optional(deviceInfoBodySchema),
    contactInfo: z.optional(contactInfoBodySchema),
    confirmNotDuplicate: z
      .optional(z.boolean())
      .describe('true creates the patient even when likely duplicates exist (otherwise 409 with them)'),
  }),
);
export type CreatePatientBody = z.input<typeof createPatientBodySchema>;
export type CreatePatientInput = z.output<typeof createPatientBodySchema>;

/** PATCH clinics/{npi}/patients/{id}: the fields given change; null clears an optional one or an override. */
export const updatePatientBodySchema = z
  .strictObject({
    patientId: z.optional(patientIdText),
    firstName: z.optional(name),
    middleName: z.nullish(z.string().trim().max(100)),
    lastName: z.optional(name),
    dob: z.optional(dobSchema),
    gender: z.nullish(patientGenderSchema),
    physicianNpi: z.nullish(physicianNpiSchema),
    oacStatus: z.nullish(oacStatusValueSchema),
    override: z.nullish(patientOverrideSchema),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'must change at least one field' });
export type UpdatePatientBody = z.input<typeof updatePatientBodySchema>;

/** PUT clinics/{npi}/patients/{id}/supplimental-info (the spec's spelling): the three groups, each optional. */
export const supplimentalInfoBodySchema = z.strictObject({
  medicalInfo: z.nullish(medicalInfoBodySchema),
  deviceInfo: z.nullish(deviceInfoBodySchema),
  contactInfo: z.nullish(contactInfoBodySchema),
});
export type SupplimentalInfoBody = z.input<typeof supplimentalInfoBodySchema>;

const medicationName = z.nullish(z.string().trim().max(200)).describe("empty reads '(unknown medication)'");
const endDateNotBeforeStart: { error: string; path: string[] } = {
  error: 'must not be before startDate',
  path: ['endDate'],
};

/** POST clinics/{npi}/patients/{id}/oac-history. */
export const createOacHistoryBodySchema = z
  .strictObject({
    medicationName,
    startDate: isoDate,
    endDate: z.nullish(isoDate),
  })
  .refine((body) => !body.endDate || body.endDate >= body.startDate, endDateNotBeforeStart);
export type CreateOacHistoryBody = z.input<typeof createOacHistoryBodySchema>;

/**
 * PUT clinics/{npi}/patients/{id}/oac-history/{oacId}. When only one date is given, the server checks it
 * against the stored other with `oacEndDateProblem`.
 */
export const updateOacHistoryBodySchema = z
  .strictObject({
    medicationName,
    startDate: z.optional(isoDate),
    endDate: z.nullish(isoDate),
  })
  .refine(
    (body) => !body.startDate || !body.endDate || body.endDate >= body.startDate,
    endDateNotBeforeStart,
  );
export type UpdateOacHistoryBody = z.input<typeof updateOacHistoryBodySchema>;

/** POST clinics/populate-patients. */
export const populatePatientsBodySchema = z.strictObject({
  clinicNpis: z
    .array(z.string().regex(/^\d{10}$/, { error: 'must be 10-digit NPIs' }))
    .min(1)
    .max(500),
});
export type PopulatePatientsBody = z.input<typeof populatePatientsBodySchema>;

// ---- Likely duplicates (issue 13 §4) ----

export const DUPLICATE_REASONS = ['same-dob-similar-name', 'same-device-serial'] as const;

/** One existing patient that a create probably duplicates, and why. */
export const likelyDuplicateSchema = z.object({
  patient: patientResourceSchema,
  reasons: z.array(z.enum(DUPLICATE_REASONS)).min(1),
});
export type LikelyDuplicatePatient = z.infer<typeof likelyDuplicateSchema>;

/** 409 from POST clinics/{npi}/patients when likely duplicates exist and the request did not confirm. */
export const duplicatePatientConflictSchema = z
  .object({
    statusCode: z.literal(409),
    error: z.string(),
    message: z.string(),
    duplicates: z.array(likelyDuplicateSchema),
  })
  .meta({ id: 'DuplicatePatientConflict' });
export type DuplicatePatientConflict = z.infer<typeof duplicatePatientConflictSchema>;

// ---- The timeline (issue 13 §9) ----

/** What an entry of the timeline is about: a document of the patient, the patient record, OAC, or a sync. */
export const PATIENT_EVENT_KINDS = ['document', 'patient', 'oac', 'sync', 'device', 'study'] as const;
export type PatientEventKind = (typeof PATIENT_EVENT_KINDS)[number];

export const patientEventSchema = z.object({
  id: z.string(),
  kind: z.enum(PATIENT_EVENT_KINDS),
  /** The audit event type (SPEC §3): created, signed, acknowledged, reassigned, update_oac, … */
  eventType: z.string(),
  createdAt: z.iso.datetime(),
  actorId: z.string().nullable(),
  /** The actor's display name, or null for the system. */
  actorName: z.string().nullable(),
  documentId: z.string().nullable(),
  documentType: z.string().nullable(),
  /** One line a person reads: 'Signed the 90 Day report', 'OAC history: Apixaban added'. */
  summary: z.string(),
});
export type PatientEvent = z.infer<typeof patientEventSchema>;

/** GET clinics/{npi}/patients/{id}/events: newest first, paged. */
export const patientEventsPageSchema = z.object({
  links: pageLinksSchema,
  data: z.array(patientEventSchema),
  metadata: z.object({
    totalCount: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  }),
});
export type PatientEventsPage = z.infer<typeof patientEventsPageSchema>;

export const patientEventsQuerySchema = z.strictObject({
  'page[offset]': z.coerce.number().int().min(0).max(1_000_000).default(0),
  'page[limit]': z.coerce.number().int().min(1).max(PATIENT_SEARCH_MAX_LIMIT).default(TABLE_DEFAULT_ROWS),
});

/**
 * The audit event types a patient's own events carry (entity 'patient'). 'created' and 'update_oac' are
 * SPEC §3's; 'updated' and 'deleted' are the portal's, as for users and clinics; 'synced' marks a merge
 * from FileMaker. Every OAC change (status or history) is 'update_oac', whatever else changes with it.
 */
export const PATIENT_AUDIT_EVENT_TYPES = {
  created: 'created',
  updated: 'updated',
  deleted: 'deleted',
  updateOac: 'update_oac',
  synced: 'synced',
  /** A device session recorded for the patient: a remote transmission imported, or an in-person check. */
  deviceSession: 'device_session',
} as const;

// ---- Device catalog (SPEC §7 GET device-catalog) ----

/** GET /api/patients/device-catalog: every model, and the Boston list derived and sorted (SPEC §3). */
export const deviceCatalogResponseSchema = z.object({
  data: z.array(deviceCatalogEntrySchema),
  bostonModels: z.array(z.string()),
});
export type DeviceCatalogResponse = z.infer<typeof deviceCatalogResponseSchema>;

// ---- Manufacturer advisories (issue 13 §8) ----

/** A recall or safety advisory: which devices it touches, and what the manufacturer recommends. */
export const manufacturerAdvisorySchema = z
  .object({
    id: z.string(),
    manufacturer: z.enum(MANUFACTURER_CODES),
    /** Model numbers (catalog modelNumber) the advisory names. */
    models: z.array(z.string()),
    /** Affected serial ranges, inclusive, compared as normalised serials; empty: every serial of the models. */
    serialRanges: z.array(z.object({ from: z.string(), to: z.string() })),
    /** Individually listed affected serials; with ranges, a device matches either. */
    serialNumbers: z.array(z.string()),
    title: z.string(),
    /** The day the advisory was published (YYYY-MM-DD). */
    publishedOn: z.string(),
    recommendation: z.string(),
    url: z.string().nullable(),
  })
  .meta({ id: 'ManufacturerAdvisory' });
export type ManufacturerAdvisory = z.infer<typeof manufacturerAdvisorySchema>;

export const manufacturerAdvisoryListSchema = z.object({ data: z.array(manufacturerAdvisorySchema) });
export type ManufacturerAdvisoryList = z.infer<typeof manufacturerAdvisoryListSchema>;

// ---- Linking documents to patients (issue 13 §3) ----

/** POST clinics/populate-patients: what each clinic's run created and linked, and the totals. */
export const populatePatientsResponseSchema = z.object({
  data: z.array(
    z.object({ clinicNpi: z.string(), patientsCreated: z.number().int(), documentsLinked: z.number().int() }),
  ),
  patientsCreated: z.number().int(),
  documentsLinked: z.number().int(),
});
export type PopulatePatientsResponse = z.infer<typeof populatePatientsResponseSchema>;

/** Linking documents to patients: the response contracts of its routes. */
export const patientLinksResponseContracts = [
  /* @__PURE__ */ defineResponseContract(
    'POST',
    '/api/patients/clinics/populate-patients',
    populatePatientsResponseSchema,
  ),
];

/** The 403 a clinic's advisory routes answer while its 'manufacturerAdvisories' flag is off (SPEC §6). */
export const ADVISORIES_TURNED_OFF_MESSAGE =
  "Manufacturer advisories are turned off for this clinic: an administrator can turn on the 'Manufacturer advisories' feature.";

/** GET clinics/{npi}/advisories/{advisoryId}/patients.csv. */
export const advisoryPatientsParamsSchema = z.object({
  npi: z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' }),
  advisoryId: z.uuid({ error: 'must be an advisory id' }),
});

/** The columns of an advisory's patients export, in order (the CSV's header row). */
export const ADVISORY_PATIENTS_CSV_COLUMNS = [
  'patientId',
  'lastName',
  'firstName',
  'dob',
  'manufacturer',
  'model',
  'modelNumber',
  'serialNumber',
  'implantDate',
  'physicianNpi',
] as const;

/** The export's answer is a CSV file (RFC 4180), not JSON. */
export const advisoryPatientsCsvSchema = z.string().describe('text/csv');

export const manufacturerAdvisoriesResponseContracts = [
  /* @__PURE__ */ defineResponseContract('GET', '/api/patients/advisories', manufacturerAdvisoryListSchema),
  /* @__PURE__ */ defineResponseContract(
    'GET',
    '/api/patients/clinics/:npi/patients/:id/advisories',
    manufacturerAdvisoryListSchema,
  ),
  /* @__PURE__ */ defineResponseContract(
    'GET',
    '/api/patients/clinics/:npi/advisories/:advisoryId/patients.csv',
    advisoryPatientsCsvSchema,
  ),
] as const;

const CLINIC_PATIENTS = '/api/patients/clinics/:npi';
const ONE_PATIENT = `${CLINIC_PATIENTS}/patients/:id`;

export const patientsResponseContracts = [
  /* @__PURE__ */ defineResponseContract('GET', `${CLINIC_PATIENTS}/search`, patientSearchPageSchema),
  /* @__PURE__ */ defineResponseContract(
    'GET',
    `${CLINIC_PATIENTS}/search/by-fm-id/:id`,
    patientResourceSchema,
  ),
  /* @__PURE__ */ defineResponseContract('POST', `${CLINIC_PATIENTS}/patients`, patientResourceSchema),
  /* @__PURE__ */ defineResponseContract('GET', ONE_PATIENT, patientResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', ONE_PATIENT, patientResourceSchema),
  /* @__PURE__ */ defineResponseContract('GET', `${ONE_PATIENT}/events`, patientEventsPageSchema),
  /* @__PURE__ */ defineResponseContract('PUT', `${ONE_PATIENT}/supplimental-info`, patientResourceSchema),
  /* @__PURE__ */ defineResponseContract('POST', `${ONE_PATIENT}/oac-history`, patientResourceSchema),
  /* @__PURE__ */ defineResponseContract('PUT', `${ONE_PATIENT}/oac-history/:oacId`, patientResourceSchema),
  /* @__PURE__ */ defineResponseContract(
    'DELETE',
    `${ONE_PATIENT}/oac-history/:oacId`,
    patientResourceSchema,
  ),
  /* @__PURE__ */ defineResponseContract('GET', '/api/patients/device-catalog', deviceCatalogResponseSchema),
] as const;
