import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { isValidNpi } from '../common/npi';
import { pageLinksSchema, pageMetadataSchema } from '../common/paging.contract';
import { NOTE_MAX_LENGTH } from '../common/paging-constants';
import { SETTING_VALUE_TYPES } from './clinic-settings';

// The API of clinics (SPEC §7 Customers): organizations, their signature and device-check settings, and
// the global defaults every clinic inherits. Server routes declare these schemas; the web infers its types.

/** `:npi` of the clinic routes: a clinic is named by its NPI. */
export const clinicNpiParamsSchema = z.object({
  npi: z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' }),
});

// ---- Organizations (clinics) ----

export const organizationSortFields = ['name', 'code', 'npi', 'isActive', 'createdAt', 'updatedAt'] as const;
export type OrganizationSortField = (typeof organizationSortFields)[number];

const organizationSortValues = organizationSortFields.flatMap((field) => [field, `-${field}`] as const);
const filterText = z.string().trim().min(1).max(100).optional();

/** The generic data table's query (SPEC §7 'Generic table data'): page, rows, order, search and column filters. */
export const organizationListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1).describe('1-based page number'),
  rows: z.coerce.number().int().min(1).max(100).default(25).describe('rows per page'),
  order: z
    .enum(organizationSortValues)
    .default('name')
    .describe("a field to sort by, ascending; prefix '-' for descending"),
  search: z.string().trim().max(100).optional().describe('matches name, code or NPI'),
  'filter[name]': filterText,
  'filter[code]': filterText,
  'filter[npi]': filterText,
  'filter[isActive]': z.enum(['true', 'false']).optional(),
});
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;

const mergedSettingValueSchema = z.union([z.string(), z.number(), z.null()]);

/** A clinic as the API shows it: its own columns, its own flag and workflow lists, and the merged maps. */
export const organizationResourceSchema = z
  .object({
    id: z.string(),
    npi: z.string(),
    code: z.string(),
    name: z.string(),
    isActive: z.boolean(),
    samlConnectionName: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    updatedBy: z.string().nullable(),
    featureFlags: z
      .record(z.string(), z.boolean())
      .describe('merged: global defaults overridden by the clinic'),
    settings: z
      .record(z.string(), z.object({ enabled: z.boolean(), value: mergedSettingValueSchema }))
      .describe('merged: global defaults overridden by the clinic'),
    clinicFeatureFlags: z.array(z.object({ name: z.string(), enabled: z.boolean() })),
    clinicWorkflows: z.array(
      z.object({ name: z.string(), enabled: z.boolean(), value: z.string().nullable() }),
    ),
  })
  .meta({ id: 'Organization' });
export type OrganizationResource = z.infer<typeof organizationResourceSchema>;

export const organizationListSchema = z.object({
  links: pageLinksSchema,
  data: z.array(organizationResourceSchema),
  metadata: pageMetadataSchema,
});
export type OrganizationList = z.infer<typeof organizationListSchema>;

/** The organization payload of SPEC §7 (POST and PUT). */
export const organizationInputSchema = z.strictObject({
  npi: z.string().trim().refine(isValidNpi, { error: 'must be a valid 10-digit NPI' }),
  name: z.string().trim().min(1, { error: 'is required' }).max(200),
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{2,12}$/, { error: 'must be 2–12 capital letters, digits or dashes' }),
  isActive: z.boolean().default(true),
  samlConnectionName: z.string().trim().max(100).nullable().default(null),
  featureFlags: z
    .array(z.strictObject({ name: z.string().min(1).max(100), enabled: z.boolean() }))
    .max(200)
    .default([]),
  workflows: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(100),
        enabled: z.boolean(),
        value: z
          .union([z.string().max(20_000), z.number()])
          .nullable()
          .optional(),
      }),
    )
    .max(200)
    .default([]),
});
export type OrganizationInput = z.infer<typeof organizationInputSchema>;

export const organizationIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a clinic id' }) });

// ---- Signature settings (per clinic, and per user there) ----

export const signatureSettingsParamsSchema = clinicNpiParamsSchema.extend({
  userId: z.string().min(1).max(400),
});

/**
 * A user's signature settings at a clinic as they apply: the user's own, else the clinic-wide ones ('0'),
 * else the SPEC defaults. Prompt lists are arrays here (stored newline-joined).
 */
export const effectiveSignatureSettingsSchema = z.object({
  userId: z.string(),
  crmPrompts: z.array(z.string()),
  wcdPrompts: z.array(z.string()),
  sleepPrompts: z.array(z.string()),
  abpmPrompts: z.array(z.string()),
  rpmPrompts: z.array(z.string()),
  noIssuesNote: z.string(),
  quickSignNote: z.string(),
  bulkSignNote: z.string(),
  rpmSelectByDos: z.boolean(),
  bulkSignEnabled: z
    .boolean()
    .describe(
      "the provider's opt-in to bulk signing; counts only where the clinic allows bulk signing. A user's own settings, else the clinic-wide ones ('0'); off by default",
    ),
  isDefault: z.boolean().describe('true when nothing is stored for this user or clinic: the SPEC defaults'),
});
export type EffectiveSignatureSettings = z.infer<typeof effectiveSignatureSettingsSchema>;

const promptListSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(500)
      .refine((prompt) => !/[\r\n]/.test(prompt), { error: 'must be one line' }),
  )
  .max(50);
const signatureNoteSchema = z.string().max(NOTE_MAX_LENGTH);

/** PATCH of signature settings: any subset of the fields. */
export const signatureSettingsChangeSchema = z.strictObject({
  crmPrompts: promptListSchema.optional(),
  wcdPrompts: promptListSchema.optional(),
  sleepPrompts: promptListSchema.optional(),
  abpmPrompts: promptListSchema.optional(),
  rpmPrompts: promptListSchema.optional(),
  noIssuesNote: signatureNoteSchema.optional(),
  quickSignNote: signatureNoteSchema.optional(),
  bulkSignNote: signatureNoteSchema.optional(),
  rpmSelectByDos: z.boolean().optional(),
  bulkSignEnabled: z.boolean().optional(),
});
export type SignatureSettingsChange = z.infer<typeof signatureSettingsChangeSchema>;

// ---- Device-check settings (per clinic) ----

/** A clinic's observation prompts, or the defaults (`isDefault`: the client POSTs rather than PATCHes). */
export const effectiveDeviceCheckSettingsSchema = z.object({
  observationPrompts: z.array(z.string()),
  isDefault: z.boolean(),
});
export type EffectiveDeviceCheckSettings = z.infer<typeof effectiveDeviceCheckSettingsSchema>;

export const deviceCheckSettingsBodySchema = z.strictObject({
  observationPrompts: promptListSchema.min(1, { error: 'needs at least one prompt' }),
});
export type DeviceCheckSettingsBody = z.infer<typeof deviceCheckSettingsBodySchema>;

// ---- Global defaults (feature flags and workflow settings every clinic inherits) ----

export const DEFAULT_KINDS = ['feature-flags', 'workflows'] as const;
/** Which defaults: the feature flags or the workflow settings. */
export type DefaultKind = (typeof DEFAULT_KINDS)[number];

export const featureFlagDefaultBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{1,99}$/, { error: 'must be a camelCase name' }),
  title: z.string().trim().min(1, { error: 'is required' }).max(200),
  description: z.string().trim().max(2000).default(''),
  enabled: z.boolean(),
});
export type FeatureFlagDefaultBody = z.infer<typeof featureFlagDefaultBodySchema>;

export const workflowDefaultBodySchema = featureFlagDefaultBodySchema.extend({
  valueType: z.enum(SETTING_VALUE_TYPES),
  value: z
    .union([z.string().max(20_000), z.number()])
    .nullable()
    .default(null),
});
export type WorkflowDefaultBody = z.infer<typeof workflowDefaultBodySchema>;

export const featureFlagDefaultResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  enabled: z.boolean(),
});
export type FeatureFlagDefaultResource = z.infer<typeof featureFlagDefaultResourceSchema>;

/** A workflow (setting) default: a flag default plus a value read by its valueType, stored as text. */
export const workflowDefaultResourceSchema = featureFlagDefaultResourceSchema.extend({
  valueType: z.enum(SETTING_VALUE_TYPES),
  value: z.string().nullable(),
});
export type WorkflowDefaultResource = z.infer<typeof workflowDefaultResourceSchema>;

export const featureFlagDefaultListSchema = z.object({ data: z.array(featureFlagDefaultResourceSchema) });
export const workflowDefaultListSchema = z.object({ data: z.array(workflowDefaultResourceSchema) });

/** Each kind's schemas, for the routes that serve both kinds alike. */
export const DEFAULT_SCHEMAS = {
  'feature-flags': {
    body: featureFlagDefaultBodySchema,
    resource: featureFlagDefaultResourceSchema,
    list: featureFlagDefaultListSchema,
  },
  workflows: {
    body: workflowDefaultBodySchema,
    resource: workflowDefaultResourceSchema,
    list: workflowDefaultListSchema,
  },
} as const;

export const defaultIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a default id' }) });

export const clinicsResponseContracts = [
  defineResponseContract('GET', '/api/customers/organizations', organizationListSchema),
  defineResponseContract('GET', '/api/customers/organizations/:id', organizationResourceSchema),
  defineResponseContract('POST', '/api/customers/organizations', organizationResourceSchema),
  defineResponseContract('PUT', '/api/customers/organizations/:id', organizationResourceSchema),
  defineResponseContract(
    'GET',
    '/api/customers/clinics/:npi/signature-settings/:userId',
    effectiveSignatureSettingsSchema,
  ),
  defineResponseContract(
    'PATCH',
    '/api/customers/clinics/:npi/signature-settings/:userId',
    effectiveSignatureSettingsSchema,
  ),
  defineResponseContract(
    'GET',
    '/api/customers/device-check-settings/:npi',
    effectiveDeviceCheckSettingsSchema,
  ),
  defineResponseContract(
    'POST',
    '/api/customers/device-check-settings/:npi',
    effectiveDeviceCheckSettingsSchema,
  ),
  defineResponseContract(
    'PATCH',
    '/api/customers/device-check-settings/:npi',
    effectiveDeviceCheckSettingsSchema,
  ),
  defineResponseContract(
    'DELETE',
    '/api/customers/device-check-settings/:npi',
    effectiveDeviceCheckSettingsSchema,
  ),
  ...DEFAULT_KINDS.flatMap((kind) => {
    const base = `/api/customers/defaults/${kind}`;
    const { resource, list } = DEFAULT_SCHEMAS[kind];
    return [
      defineResponseContract('GET', base, list),
      defineResponseContract('POST', base, resource),
      defineResponseContract('PUT', `${base}/:id`, resource),
    ];
  }),
] as const;
