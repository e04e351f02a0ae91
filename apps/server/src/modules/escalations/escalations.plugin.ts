import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { startPollingWorker } from '../../db/polling-worker';
import type { Db } from '../../db/transaction';
import { escalateDueDocuments } from './escalate-due-documents';

/**
 * Looks for documents past an escalation step every `pollMs` (a minute by default) and escalates them.
 * Every instance may run it: a step is taken once across them (escalateDueDocuments).
 */
const escalations: FastifyPluginAsync<{
  db: Db;
  enabled: boolean;
  pollMs: number;
  publicUrl: string;
}> = async (app, { db, enabled, pollMs, publicUrl }) => {
  if (!enabled) return;
  const worker = startPollingWorker({
    pollMs,
    wakeDuringDrain: 'ignore',
    drain: async (stopping) => {
      if (stopping.aborted) return;
      try {
        const taken = await escalateDueDocuments(db, new Date(), { publicUrl });
        if (taken.length > 0) app.log.info({ escalated: taken.length }, 'review escalations taken');
      } catch (error) {
        app.log.warn({ err: { type: (error as Error).name } }, 'review escalation failed; retrying');
      }
    },
  });
  app.addHook('preClose', async () => {
    await worker.stop();
  });
};

export const escalationsPlugin = fp(escalations, { name: 'escalations' });
