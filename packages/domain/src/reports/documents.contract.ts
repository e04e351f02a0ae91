// The documents API (SPEC §7 Reports), written once: the server's routes validate and answer with these
// schemas, and the web takes its types from them.
//
// The web build drops these schemas, and zod with them, only where it can see that building them has no
// side effects: calls on `z` count as pure (so `z.nullable(x)`, not `x.nullable()`; no object spreads),
// and any other call at module level is marked `@__PURE__` or `@__NO_SIDE_EFFECTS__`.

import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { pageLinksSchema } from '../common/paging.contract';
import { SERVICE_LINES } from '../common/service-lines';
import { ALERT_LEVELS } from './alert-levels';
import { DOCUMENT_STATUSES } from './document-statuses';
import { DOCUMENT_TYPES } from './document-types';
import { ISO_WITH_OFFSET, LOCAL_TIME_FORMAT_MESSAGE } from './signature-time';

const nullableText = z.string().nullable();

export const deviceDetailSchema = z.object({
  manufacturer: z.string().max(100).nullish(),
  implantDate: z.string().max(40).nullish(),
  modelName: z.string().max(100).nullish(),
  serialNumber: z.string().max(100).nullish(),
  chambers: z.string().max(40).nullish(),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

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
  deviceDetail: z.nullable(deviceDetailSchema),
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
  /** JSON: demo and imported reports put their key results here ({label, value}[] under keyResults). */
  metadata: z.record(z.string(), z.unknown()),
  signedBy: nullableText,
  signedAt: nullableText,
  isDeleted: z.boolean(),
  /** When the portal received the document: the inbox counts the days it has waited from here. */
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  storagePath: z.string(),
  /** The patient record the document belongs to (issue 13 §3); null until ingest or populate links it. */
  patientRef: nullableText,
  /** The patient has AF (history or alerts) and is not on OAC, with no decision recorded (issue 13 §6). */
  patientIsAfWithoutOac: z.boolean(),
  /** When its review is due (issue 17 §1), by the clinic's window for its alert level; null if unknown. */
  dueAt: z.nullable(z.iso.datetime()),
});
export type DocumentAttributes = z.infer<typeof documentAttributesSchema>;

export const documentResourceSchema = z
  .object({ id: z.string(), attributes: documentAttributesSchema })
  .meta({ id: 'Document' });
export type DocumentResource = z.infer<typeof documentResourceSchema>;

/** GET /api/reports: a page of documents; `links.next` continues after the last row (a keyset cursor). */
export const documentListPageSchema = z.object({
  links: pageLinksSchema,
  data: z.array(documentResourceSchema),
  metadata: z.object({
    totalCount: z.number().int().nullable().describe('null on later keyset pages; at most 1000'),
    totalCountIsLowerBound: z.boolean().describe('true when more than 1000 match: show "1000+"'),
    limit: z.number().int(),
    offset: z.number().int().nullable(),
  }),
});
export type DocumentListPage = z.infer<typeof documentListPageSchema>;

/** What a bulk operation answers for each id: whether that document was changed. */
export const bulkResultSchema = z.object({ reportId: z.string(), success: z.boolean() });
export type BulkResult = z.infer<typeof bulkResultSchema>;
export const bulkResultsSchema = z.array(bulkResultSchema);

/** A document's PDF (the answer is the file, not JSON). */
export const documentPdfSchema = z.any().describe('application/pdf');

export const documentIdSchema = z.uuid({ error: 'must be a document id' });
export const documentIdParamsSchema = z.object({ id: documentIdSchema });

const idList = z
  .array(z.uuid({ error: 'must be document ids' }))
  .min(1)
  .max(300);

/** GET /api/reports/get-reports/:ids: the ids, comma-separated. */
export const documentIdListParamsSchema = z.object({
  ids: z
    .string()
    .transform((text) => text.split(','))
    .pipe(idList),
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
/** Each sort field, ascending or ('-') descending. */
const DOCUMENT_SORT_VALUES = /* @__PURE__ */ DOCUMENT_SORT_FIELDS.flatMap((field) => [
  field,
  `-${field}`,
]) as [string, ...string[]];

const splitCommaList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
/* @__NO_SIDE_EFFECTS__ */
function commaList<T extends readonly [string, ...string[]]>(values: T, field: string) {
  return z
    .string()
    .transform(splitCommaList)
    .pipe(z.array(z.enum(values, { error: `must be one of ${values.join(', ')}` })).min(1))
    .describe(`comma-separated ${field}`);
}
const dateOnly = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
const uuidList = z
  .string()
  .transform(splitCommaList)
  .pipe(
    z
      .array(z.uuid({ error: 'must be document ids' }))
      .min(1)
      .max(300),
  );

/** GET /api/reports: a JSON:API-style list query (issue 4, part 4). 'any' means no filter. */
export const documentListQuerySchema = z.strictObject({
  'filter[clinicNpi]': z
    .union([z.literal('any'), z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' })])
    .optional(),
  'filter[serviceLine]': z.union([z.literal('any'), z.enum(SERVICE_LINES).exclude(['any'])]).optional(),
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
  'filter[patientRef]': z
    .uuid({ error: 'must be a patient id' })
    .optional()
    .describe("the patient record's id: that patient's documents, whatever patientId they carry"),
  'filter[alert]': z.union([z.literal('any'), commaList(ALERT_LEVELS, 'alert levels')]).optional(),
  'filter[overdue]': z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .optional()
    .describe("'true': only documents past their review due time (issue 17)"),
  'filter[dosAfter]': z.optional(dateOnly),
  'filter[dosBefore]': z.optional(dateOnly),
  'filter[hidden]': z.enum(['exclude', 'include', 'only']).default('exclude'),
  'filter[deleted]': z.enum(['exclude', 'only']).default('exclude').describe("'only' lists the trash"),
  search: z.string().trim().max(100).optional().describe('patient name, patient id or device serial number'),
  sort: z
    .string()
    .default(DEFAULT_DOCUMENT_SORT)
    .transform(splitCommaList)
    .pipe(z.array(z.enum(DOCUMENT_SORT_VALUES)).min(1).max(8))
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
/** The list query as the server reads it (lists split, defaults filled). */
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

const noteText = z.string().max(20_000).optional().describe('cut at 900 characters (SPEC §5)');
const signFields = {
  fullName: z
    .string()
    .max(200)
    .optional()
    .describe('ignored: the signature carries the name the portal holds for the signer'),
  note: noteText,
  appendNote: z.boolean().default(true),
  localTime: z
    .string()
    .trim()
    .max(60)
    .regex(ISO_WITH_OFFSET, { error: LOCAL_TIME_FORMAT_MESSAGE })
    .optional()
    .describe(
      "the signer's clock as ISO 8601 with its offset (2026-12-07T11:42:10-05:00), within 5 minutes of the server's: the signature's time (the server's clock) is then printed in that offset; without it, in the clinic's time zone",
    ),
};

/** PATCH /api/reports/:id/sign and /acknowledge. */
export const signDocumentBodySchema = z.strictObject(signFields);
export type SignDocumentBody = z.input<typeof signDocumentBodySchema>;

/** POST /api/reports/sign: signing a list is bulk signing. */
export const signDocumentsBodySchema = z.strictObject(signFields).extend({ ids: idList });
export type SignDocumentsBody = z.input<typeof signDocumentsBodySchema>;

/** POST /api/reports/bulk-sign. */
export const bulkSignDocumentsBodySchema = z.strictObject(signFields).extend({
  ids: idList,
  userId: z.string().max(400).optional(),
  physicianNpi: z.string().max(20).optional(),
  physicianName: z.string().max(200).optional(),
  serviceLine: z.string().max(20).optional(),
});
export type BulkSignDocumentsBody = z.input<typeof bulkSignDocumentsBodySchema>;

/** PATCH /api/reports/:id/unsign: the body may be left out. */
/**
 * PATCH /api/reports/{id}/unsign (issue 30 §3): the reason is required, and kept in the audit event and the
 * document's history. `note` is the older name of the same field, still read.
 */
export const UNSIGN_REASON_MAX_LENGTH = 500;
export const unsignDocumentBodySchema = z
  .strictObject({
    reason: z
      .string({ error: 'is required: say why the document is un-signed' })
      .trim()
      .min(1, { error: 'is required: say why the document is un-signed' })
      .max(UNSIGN_REASON_MAX_LENGTH, { error: `must be at most ${UNSIGN_REASON_MAX_LENGTH} characters` })
      .optional(),
    note: noteText,
  })
  .refine(
    (body) =>
      (body.reason ?? '').length > 0 || (typeof body.note === 'string' && body.note.trim().length > 0),
    {
      error: 'is required: say why the document is un-signed',
      path: ['reason'],
    },
  );
export type UnsignDocumentBody = z.input<typeof unsignDocumentBodySchema>;

/** POST /api/reports/reassign. */
export const reassignDocumentsBodySchema = z.strictObject({
  ids: idList,
  reassignTo: z.string().min(1).max(400),
  physicianNpi: z.string().max(20).nullish(),
  physicianName: z.string().max(200).nullish(),
  note: noteText,
  appendNote: z.boolean().default(true),
});
export type ReassignDocumentsBody = z.input<typeof reassignDocumentsBodySchema>;

/** DELETE /api/reports: moves documents to the trash; the note is required. */
export const trashDocumentsBodySchema = z.strictObject({
  ids: idList,
  note: z.string().trim().min(1, { error: 'is required' }).max(20_000),
});
export type TrashDocumentsBody = z.input<typeof trashDocumentsBodySchema>;

/** PATCH /api/reports/:id/pin. */
export const pinDocumentBodySchema = z.strictObject({ isPinned: z.boolean() });
export type PinDocumentBody = z.input<typeof pinDocumentBodySchema>;

/** PATCH /api/reports/:id/set-download-state. */
export const documentDownloadStateBodySchema = z.strictObject({ isDownloaded: z.boolean() });
export type DocumentDownloadStateBody = z.input<typeof documentDownloadStateBodySchema>;

/** PATCH /api/reports/:id: a document's reviewable fields. */
export const updateDocumentBodySchema = z.strictObject({
  note: z.string().max(20_000).optional(),
  comment: z.string().max(4000).nullable().optional(),
  assessmentPlan: z.string().max(20_000).nullable().optional(),
  emrNumber: z.string().max(100).nullable().optional(),
  isOnOac: z.boolean().optional(),
  cptCodes: z.array(z.string().max(20)).max(50).optional(),
  icd10Codes: z.array(z.string().max(20)).max(50).optional(),
  physicianName: z.string().max(200).nullable().optional(),
  physicianNpi: z.string().max(20).nullable().optional(),
  auditNote: z.string().max(4000).nullable().optional(),
});
export type UpdateDocumentBody = z.input<typeof updateDocumentBodySchema>;

/** POST /api/reports/bulk-update-note: append to, replace or clear the note of many documents. */
export const bulkUpdateNoteBodySchema = z.strictObject({
  ids: idList,
  note: z.string().max(20_000).default(''),
  appendNote: z.boolean().default(true),
  clear: z.boolean().default(false),
});
export type BulkUpdateNoteBody = z.input<typeof bulkUpdateNoteBodySchema>;

/** GET /api/reports/blob-storage/:id. */
export const documentPdfQuerySchema = z.strictObject({
  stripCoversheet: z.enum(['true', 'false']).optional(),
});
export type DocumentPdfQuery = z.input<typeof documentPdfQuerySchema>;

/** GET /api/reports/get-reports/:ids: forEmr=true cuts each PDF to the clinic's EMR page length. */
export const documentsPdfQuerySchema = z.strictObject({
  forEmr: z.optional(z.enum(['true', 'false'])),
});
export type DocumentsPdfQuery = z.input<typeof documentsPdfQuerySchema>;

export const documentsResponseContracts = [
  /* @__PURE__ */ defineResponseContract('GET', '/api/reports', documentListPageSchema),
  /* @__PURE__ */ defineResponseContract('GET', '/api/reports/:id', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports/wcd', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id/sign', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id/acknowledge', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id/unsign', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id/lock', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id/unlock', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id/pin', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract(
    'PATCH',
    '/api/reports/:id/set-download-state',
    documentResourceSchema,
  ),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id/hide', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id/unhide', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id/system-error', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('PATCH', '/api/reports/:id/undelete', documentResourceSchema),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports/bulk-sign', bulkResultsSchema),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports/sign', bulkResultsSchema),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports/reassign', bulkResultsSchema),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports/bulk-update-note', bulkResultsSchema),
  /* @__PURE__ */ defineResponseContract('DELETE', '/api/reports', bulkResultsSchema),
  /* @__PURE__ */ defineResponseContract('GET', '/api/reports/blob-storage/:id', documentPdfSchema),
  /* @__PURE__ */ defineResponseContract('GET', '/api/reports/get-reports/:ids', documentPdfSchema),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports/merge-pdfs', documentPdfSchema),
] as const;
