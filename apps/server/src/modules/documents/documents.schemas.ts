import { ALERT_LEVELS, DOCUMENT_STATUSES, DOCUMENT_TYPES, SERVICE_LINES } from '@portal/domain';
import { z } from 'zod';
import { pageLinksSchema } from '../../http/paging';

const nullableText = z.string().nullable();

export const deviceDetailSchema = z.object({
  manufacturer: z.string().max(100).nullish(),
  implantDate: z.string().max(40).nullish(),
  modelName: z.string().max(100).nullish(),
  serialNumber: z.string().max(100).nullish(),
  chambers: z.string().max(40).nullish(),
});

/** Every attribute of SPEC §3 Report; storagePath is the PDF's download link. */
export const documentAttributesSchema = z.object({
  clinicNpi: z.string(),
  clinicName: z.string(),
  type: z.string(),
  alert: nullableText,
  alertType: nullableText,
  alertText: nullableText,
  status: z.string(),
  assignedTo: nullableText,
  dos: z.iso.datetime(),
  device: nullableText,
  deviceDetail: deviceDetailSchema.nullable(),
  patientId: z.string(),
  patientDob: nullableText,
  patientFirstName: z.string(),
  patientLastName: z.string(),
  patientPhone: nullableText,
  patientSource: nullableText,
  patientInfo: z.record(z.string(), z.unknown()).nullable(),
  physicianName: nullableText,
  physicianNpi: nullableText,
  practiceLocation: nullableText,
  rpmEncounterId: nullableText,
  serviceLine: z.string(),
  cptCodes: z.array(z.string()),
  icd10Codes: z.array(z.string()),
  isOnOac: z.boolean(),
  isPinned: z.boolean(),
  locked: z.boolean(),
  isDownloaded: z.boolean(),
  isHidden: z.boolean(),
  systemError: z.boolean(),
  isDraft: z.boolean(),
  hasEpisodes: z.boolean(),
  longitudinal: z.boolean(),
  note: z.string(),
  comment: nullableText,
  assessmentPlan: nullableText,
  certifiedBy: nullableText,
  clinicalStart: nullableText,
  clinicalEnd: nullableText,
  emrNumber: nullableText,
  auditNote: nullableText,
  metadata: z.record(z.string(), z.unknown()),
  signedBy: nullableText,
  signedAt: nullableText,
  isDeleted: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  storagePath: z.string(),
});

export const documentResourceSchema = z
  .object({ id: z.string(), attributes: documentAttributesSchema })
  .meta({ id: 'Document' });
export type DocumentResource = z.infer<typeof documentResourceSchema>;

export const documentListSchema = z.object({
  links: pageLinksSchema,
  data: z.array(documentResourceSchema),
  metadata: z.object({
    totalCount: z.number().int().nullable().describe('null on later keyset pages; at most 1000'),
    totalCountIsLowerBound: z.boolean().describe('true when more than 1000 match: show "1000+"'),
    limit: z.number().int(),
    offset: z.number().int().nullable(),
  }),
});

export const DOCUMENT_SORT_FIELDS = [
  'pinned',
  'status',
  'alert',
  'type',
  'dos',
  'patient',
  'createdAt',
  'updatedAt',
] as const;
export type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];
export const DEFAULT_DOCUMENT_SORT = 'pinned,status,alert,type,-dos';

const anyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal('any'), schema]);
const commaList = <T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values, { error: `must be one of ${values.join(', ')}` })).min(1))
    .describe(`comma-separated ${field}`);

const dateOnly = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
const uuidList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.uuid({ error: 'must be document ids' }))
      .min(1)
      .max(300),
  );

/** JSON:API-style list query (issue 4, part 4). 'any' means no filter. */
export const documentListQuerySchema = z.strictObject({
  'filter[clinicNpi]': anyOr(z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' })).optional(),
  'filter[serviceLine]': anyOr(
    z.enum(SERVICE_LINES.filter((line) => line !== 'any') as [string, ...string[]]),
  ).optional(),
  'filter[type]': z.union([z.literal('any'), commaList(DOCUMENT_TYPES, 'document types')]).optional(),
  'filter[status]': z.union([z.literal('any'), commaList(DOCUMENT_STATUSES, 'statuses')]).optional(),
  'filter[assignedTo]': z
    .string()
    .min(1)
    .max(400)
    .optional()
    .describe("'any', 'unassigned', 'me' or a user id"),
  'filter[id]': z.union([z.literal('any'), uuidList]).optional(),
  'filter[patientId]': z.string().min(1).max(100).optional(),
  'filter[alert]': z.union([z.literal('any'), commaList(ALERT_LEVELS, 'alert levels')]).optional(),
  'filter[dosAfter]': dateOnly.optional(),
  'filter[dosBefore]': dateOnly.optional(),
  'filter[hidden]': z.enum(['exclude', 'include', 'only']).default('exclude'),
  'filter[deleted]': z.enum(['exclude', 'only']).default('exclude').describe("'only' lists the trash"),
  search: z.string().trim().max(100).optional().describe('patient name, patient id or device serial number'),
  sort: z
    .string()
    .default(DEFAULT_DOCUMENT_SORT)
    .transform((text) =>
      text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(DOCUMENT_SORT_FIELDS.flatMap((field) => [field, `-${field}`]) as [string, ...string[]]))
        .min(1)
        .max(8),
    )
    .describe("comma-separated fields, '-' for descending"),
  groupBy: z.enum(['patient', 'none']).optional(),
  'page[offset]': z.coerce.number().int().min(0).max(1_000_000).optional(),
  'page[limit]': z.coerce.number().int().min(1).max(300).default(50),
  'page[cursor]': z
    .string()
    .max(2000)
    .optional()
    .describe('from links.next: continues after the last row seen'),
  timestamp: z.string().max(40).optional().describe('cache buster; ignored'),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a document id' }) });
