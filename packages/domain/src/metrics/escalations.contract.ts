// The alert-escalation queue and internal reviews (issue 17 §1), written once for the server and the web.
import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { pageLinksSchema, pageMetadataSchema } from '../common/paging.contract';
import { TABLE_DEFAULT_ROWS } from '../common/paging-constants';
import { ALERT_LEVELS } from '../reports/alert-levels';
import { ESCALATION_STEPS } from './review-deadlines';

/** How far ahead the queue looks for documents soon due. */
export const ESCALATION_QUEUE_SOON_HOURS = 24;

export const internalReviewSchema = z
  .object({
    id: z.string(),
    documentId: z.string(),
    reviewerName: z.string(),
    note: z.string(),
    reviewedAt: z.string(),
  })
  .meta({ id: 'InternalReview' });
export type InternalReview = z.infer<typeof internalReviewSchema>;

export const escalationQueueItemSchema = z.object({
  documentId: z.string(),
  clinicNpi: z.string(),
  clinicName: z.string(),
  type: z.string(),
  /** high, medium, low, or null for a routine report. */
  alert: z.nullable(z.enum(ALERT_LEVELS)),
  receivedAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  /** Who has it: the assignee's name, or null while unassigned. */
  assignedToName: z.string().nullable(),
  /** The last escalation step it reached, or null. */
  step: z.nullable(z.enum(ESCALATION_STEPS)),
  /** The latest internal review, if any. */
  lastInternalReview: z.nullable(internalReviewSchema),
});
export type EscalationQueueItem = z.infer<typeof escalationQueueItemSchema>;

export const escalationQueueSchema = z.object({
  links: pageLinksSchema,
  data: z.array(escalationQueueItemSchema),
  metadata: pageMetadataSchema.extend({
    /** Overdue and soon-due documents by level, across the whole queue (not only this page). */
    counts: z.object({
      overdue: z.record(z.enum(['high', 'medium', 'low', 'routine']), z.number().int()),
      soonDue: z.record(z.enum(['high', 'medium', 'low', 'routine']), z.number().int()),
    }),
  }),
});
export type EscalationQueue = z.infer<typeof escalationQueueSchema>;

export const escalationQueueQuerySchema = z.strictObject({
  level: z.optional(
    z.enum(['high', 'medium', 'low', 'routine'], { error: 'must be high, medium, low or routine' }),
  ),
  clinicNpi: z.optional(z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' })),
  /** overdue: past due; soon: due within 24 hours; all: both (the default). */
  when: z.optional(z.enum(['overdue', 'soon', 'all'], { error: 'must be overdue, soon or all' })),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(TABLE_DEFAULT_ROWS),
});

export const internalReviewBodySchema = z.strictObject({
  note: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(900, { error: 'must be at most 900 characters' }),
});

export const internalReviewListSchema = z.object({ data: z.array(internalReviewSchema) });

export const escalationsResponseContracts = [
  /* @__PURE__ */ defineResponseContract(
    'GET',
    '/api/reports/metrics/alert-escalation',
    escalationQueueSchema,
  ),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports/:id/internal-reviews', internalReviewSchema),
  /* @__PURE__ */ defineResponseContract(
    'GET',
    '/api/reports/:id/internal-reviews',
    internalReviewListSchema,
  ),
] as const;
