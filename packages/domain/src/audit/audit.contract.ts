import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';

// The tamper-evident audit trail's administrator routes: verify the chains, seal their heads.

export const auditVerificationQuerySchema = z.strictObject({
  clinicNpi: z
    .string()
    .regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' })
    .optional()
    .describe('check only this clinic’s chain'),
  chain: z
    .enum(['all', 'global'], { error: 'must be all or global' })
    .optional()
    .describe(
      'all (the default): every chain; global: only the chain of changes that belong to no clinic. Not with clinicNpi.',
    ),
});

const auditBreakSchema = z.object({
  position: z.number().int().describe('1-based place in the chain'),
  eventId: z.string(),
  kind: z.enum(['content', 'link', 'missing']),
  detail: z.string(),
  missingEvents: z.number().int().optional(),
});

export const auditVerificationSchema = z.object({
  intact: z.boolean(),
  unsealedEvents: z.number().int().describe('every chain’s unsealed tail, added up'),
  checkedAt: z.string(),
  keyId: z.string().describe('the audit key the links and seals were checked with'),
  chains: z.array(
    z.object({
      chain: z.string(),
      intact: z.boolean(),
      events: z.number().int(),
      sealedEvents: z.number().int().describe('the most events a seal says the chain had'),
      lastSealedAt: z.string().nullable(),
      unsealedTail: z
        .object({
          events: z.number().int().describe('events after the last one a valid seal anchors'),
          firstEventId: z.string().nullable(),
          since: z.string().nullable().describe('when the first unsealed event was written (UTC)'),
        })
        .describe('the window not yet sealed: deleting these events would go unseen'),
      breakCount: z.number().int(),
      breaks: z.array(auditBreakSchema).describe('the first 100 breaks in chain order'),
    }),
  ),
  seals: z.object({
    valid: z.number().int(),
    invalid: z.number().int(),
    problems: z.array(z.object({ file: z.string(), line: z.number().int(), reason: z.string() })),
  }),
});

export const auditSealingSchema = z.object({
  sealed: z.array(
    z.object({
      chain: z.string(),
      events: z.number().int(),
      lastEventId: z.string(),
      sealedAt: z.string(),
    }),
  ),
  unchanged: z.number().int().describe('chains whose head was already sealed'),
});

export type AuditVerificationQuery = z.infer<typeof auditVerificationQuerySchema>;
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
export type AuditSealing = z.infer<typeof auditSealingSchema>;

/** GET /api/audit/documents/{id}/events: one document's audit trail (issue 29 §1: who confirmed what). */
export const documentAuditEventsParamsSchema = z.strictObject({
  id: z.uuid({ error: 'must be a document id' }),
});
export const documentAuditEventsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      eventType: z.string(),
      actorId: z.string().nullable(),
      note: z.string().nullable(),
      before: z.unknown().describe('the event as recorded: what was before the change'),
      after: z.unknown().describe('the event as recorded: what is after the change'),
      createdAt: z.string(),
    }),
  ),
});
export type DocumentAuditEvents = z.infer<typeof documentAuditEventsSchema>;

export const auditResponseContracts = [
  defineResponseContract('GET', '/api/audit/verify', auditVerificationSchema),
  defineResponseContract('POST', '/api/audit/seal', auditSealingSchema),
  defineResponseContract('GET', '/api/audit/documents/:id/events', documentAuditEventsSchema),
] as const;
