import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers over 1 KiB are compressed, brotli or gzip as the client accepts: an inbox page of 50
 * documents is about 75 KB of JSON and under 10 KB compressed, which a phone on a slow network feels
 * before the list shows. Only /api: its answers are read with a bearer token that a cross-site page
 * cannot make the browser send, so compressing them leaks nothing through their length (BREACH); the
 * identity provider's cookie-authenticated pages stay as they are. PDFs are not compressible types and
 * go out as stored. The web app's files come precompressed from the build (plugins/web-app.ts).
 * Register before the routes: the choice is made when each route is added.
 */
export const apiCompressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.compress === undefined) route.compress = {};
  });
  // Brotli at quality 4 (the plugin's default): most of quality 11's gain for a fraction of the CPU.
  await app.register(compress, { global: false, encodings: ['br', 'gzip'], threshold: 1024 });
});
