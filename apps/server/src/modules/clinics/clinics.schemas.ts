import { isValidNpi } from '@portal/domain';
import { z } from 'zod';
import { pageLinksSchema } from '../../http/paging';

export const organizationSortFields = ['name', 'code', 'npi', 'isActive', 'createdAt', 'updatedAt'] as const;
export type OrganizationSortField = (typeof organizationSortFields)[number];

const sortValues = organizationSortFields.flatMap((field) => [field, `-${field}`] as const);
const filterText = z.string().trim().min(1).max(100).optional();

/** The generic data table's query (SPEC §7 'Generic table data'): page, rows, order, search and column filters. */
export const organizationListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1).describe('1-based page number'),
  rows: z.coerce.number().int().min(1).max(100).default(25).describe('rows per page'),
  order: z
    .enum(sortValues)
    .default('name')
    .describe("a field to sort by, ascending; prefix '-' for descending"),
  search: z.string().trim().max(100).optional().describe('matches name, code or NPI'),
  'filter[name]': filterText,
  'filter[code]': filterText,
  'filter[npi]': filterText,
  'filter[isActive]': z.enum(['true', 'false']).optional(),
});
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;

const settingValueSchema = z.union([z.string(), z.number(), z.null()]);

export const organizationSchema = z
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
      .record(z.string(), z.object({ enabled: z.boolean(), value: settingValueSchema }))
      .describe('merged: global defaults overridden by the clinic'),
    clinicFeatureFlags: z.array(z.object({ name: z.string(), enabled: z.boolean() })),
    clinicWorkflows: z.array(
      z.object({ name: z.string(), enabled: z.boolean(), value: z.string().nullable() }),
    ),
  })
  .meta({ id: 'Organization' });
export type OrganizationResponse = z.infer<typeof organizationSchema>;

export const organizationListSchema = z.object({
  links: pageLinksSchema,
  data: z.array(organizationSchema),
  metadata: z.object({ totalCount: z.number().int(), page: z.number().int(), rows: z.number().int() }),
});

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
