import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { chainFor } from './record-audit-event';
import { verifyAuditChain } from './verify-audit-chain';

const querySchema = z.strictObject({
  clinicNpi: z
    .string()
    .regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' })
    .optional()
    .describe('the clinic whose chain to check; without it, the chain of changes that belong to no clinic'),
});

const verificationSchema = z.object({
  chain: z.string(),
  intact: z.boolean(),
  events: z.number().int(),
  firstBrokenEventId: z.string().optional(),
  reason: z.enum(['content', 'link']).optional(),
});

/** Admin-level check of the tamper-evident audit trail: reports the first break in a chain. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/audit/verify',
    {
      config: { permission: 'audit:verify' },
      schema: {
        tags: ['audit'],
        summary: 'Verify an audit chain',
        querystring: querySchema,
        response: { 200: verificationSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => verifyAuditChain(db, chainFor(request.query.clinicNpi ?? null)),
  );
};
