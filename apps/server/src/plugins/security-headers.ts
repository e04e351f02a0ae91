import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every response. Scripts only from our own origin (no inline script); styles may be
 * inline because MUI's emotion injects <style> tags at run time. The portal is never framed.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { connectSources?: string[] }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // 'wasm-unsafe-eval' lets the scanner pages compile the barcode reader's WebAssembly (served by
          // the portal); it allows no eval of JavaScript and no inline script.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(options.connectSources ?? [])],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });

    // API answers carry PHI: no browser or proxy may keep them.
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') {
        reply.header('Cache-Control', 'no-store');
        reply.header('Pragma', 'no-cache');
      }
    });
  },
);
