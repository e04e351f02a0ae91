import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/transaction';
import { BadRequestError } from '../../http/errors';
import { errorResponses } from '../../http/schemas';
import type { AuditTrail } from './open-audit-trail';
import { chainFor } from './record-audit-event';
import { verifyAuditTrail } from './verify-audit-chain';

const querySchema = z.strictObject({
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

const breakSchema = z.object({
  position: z.number().int().describe('1-based place in the chain'),
  eventId: z.string(),
  kind: z.enum(['content', 'link', 'missing']),
  detail: z.string(),
  missingEvents: z.number().int().optional(),
});

const verificationSchema = z.object({
  intact: z.boolean(),
  checkedAt: z.string(),
  keyId: z.string().describe('the audit key the links and seals were checked with'),
  chains: z.array(
    z.object({
      chain: z.string(),
      intact: z.boolean(),
      events: z.number().int(),
      sealedEvents: z.number().int().describe('the most events a seal says the chain had'),
      lastSealedAt: z.string().nullable(),
      breakCount: z.number().int(),
      breaks: z.array(breakSchema).describe('the first 100 breaks in chain order'),
    }),
  ),
  seals: z.object({
    valid: z.number().int(),
    invalid: z.number().int(),
    problems: z.array(z.object({ file: z.string(), line: z.number().int(), reason: z.string() })),
  }),
});

const sealingSchema = z.object({
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

/** Administrator checks of the tamper-evident audit trail, and sealing its chains' heads on demand. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db; auditTrail: AuditTrail }> = async (
  app,
  { db, auditTrail },
) => {
  app.get(
    '/api/audit/verify',
    {
      config: { permission: 'audit:verify' },
      schema: {
        tags: ['audit'],
        summary: 'Verify the audit chains against the seal log, reporting every break',
        querystring: querySchema,
        response: { 200: verificationSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { clinicNpi, chain } = request.query;
      if (clinicNpi && chain)
        throw new BadRequestError('Give clinicNpi or chain, not both', [
          { field: 'chain', message: 'cannot be combined with clinicNpi' },
        ]);
      const scope = clinicNpi
        ? { chain: chainFor(clinicNpi) }
        : chain === 'global'
          ? { chain: 'global' }
          : 'all';
      return verifyAuditTrail(db, { keyring: auditTrail.keyring, sealDir: auditTrail.sealDir, scope });
    },
  );

  app.post(
    '/api/audit/seal',
    {
      config: { permission: 'audit:verify' },
      schema: {
        tags: ['audit'],
        summary: 'Seal every audit chain whose head moved since its last seal',
        response: { 200: sealingSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const { sealed, unchanged } = await auditTrail.seal();
      return {
        sealed: sealed.map(({ chain, events, lastEventId, sealedAt }) => ({
          chain,
          events,
          lastEventId,
          sealedAt,
        })),
        unchanged,
      };
    },
  );
};
