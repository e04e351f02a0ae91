import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { startVendorOutbox, type VendorOutboxOptions } from './vendor-outbox-worker';

/** Starts the vendor outbox's worker and stops it when the application closes. */
const vendorOutbox: FastifyPluginAsync<Omit<VendorOutboxOptions, 'log'> & { enabled: boolean }> = async (
  app,
  { enabled, ...options },
) => {
  if (!enabled) {
    app.decorate('vendorOutbox', { wake: () => {} });
    return;
  }
  const worker = startVendorOutbox({ ...options, log: app.log });
  app.decorate('vendorOutbox', { wake: worker.wake });
  // preClose: the worker's last call ends before the database closes (server.ts closes it onClose).
  app.addHook('preClose', async () => {
    await worker.stop();
  });
  worker.wake();
};

// Not encapsulated: routes wake it after they commit work for a vendor.
export const vendorOutboxPlugin = fp(vendorOutbox, { name: 'vendor-outbox' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Does queued vendor work now rather than at the next poll. */
    vendorOutbox: { wake: () => void };
  }
}
