import {
  auditSealingSchema,
  auditVerificationQuerySchema,
  auditVerificationSchema,
  documentAuditEventsParamsSchema,
  documentAuditEventsSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { BadRequestError } from '../../http/errors';
import { errorResponses } from '../../http/schemas';
import { listDocumentAuditEvents } from './list-document-audit-events';
import type { AuditTrail } from './open-audit-trail';
import { chainFor } from './record-audit-event';
import { verifyAuditTrail } from './verify-audit-chain';

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
        querystring: auditVerificationQuerySchema,
        response: { 200: auditVerificationSchema, ...errorResponses(400, 401, 403) },
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
        response: { 200: auditSealingSchema, ...errorResponses(401, 403) },
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

  app.get(
    '/api/audit/documents/:id/events',
    {
      config: { permission: 'audit:verify' },
      schema: {
        tags: ['audit'],
        summary: "A document's audit events, oldest first, as recorded",
        params: documentAuditEventsParamsSchema,
        response: { 200: documentAuditEventsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const events = await listDocumentAuditEvents(db, requireActor(request), request.params.id);
      return reply.header('Cache-Control', 'no-store').send(events);
    },
  );
};
