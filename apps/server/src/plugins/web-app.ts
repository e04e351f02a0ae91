import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './error-handler';

const API_PREFIXES = ['/api/', '/idp/'];

/** A path the single-page app owns: not the API, and not a file name (a missing asset stays a 404). */
function isAppRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/api' || API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  const lastSegment = pathname.split('/').pop() ?? '';
  return !lastSegment.includes('.');
}

/**
 * Serves the built web app and answers every app route with index.html, so a deep link such as
 * /signature/dashboard/?clinicNpi=… works on reload. Everything else unknown is a JSON 404.
 *
 * The build writes file.br and file.gz beside each text file (apps/web/vite.config.ts): the one the
 * browser accepts is sent as it is, with Content-Encoding and `Vary: Accept-Encoding` (index.html too,
 * and on the SPA fallback), so nothing is compressed per request.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { webDistDir: string }) => {
  const hasWebApp = fs.existsSync(path.join(options.webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      index: false,
      preCompressed: true,
      // .vite/manifest.json (read by the weight budget check) and the build stamp are not for browsers.
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/, so those never change; the rest is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static plugin answers a directory with 403; the root is the app's entry page.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
    );
  } else {
    app.log.warn('The web app is not built (no index.html in WEB_DIST_DIR); only the API is served.');
  }

  app.setNotFoundHandler((request, reply) => {
    if (isAppRoute(request.method, request.url)) {
      if (!hasWebApp) return sendError(reply, 503, 'The web app is not built. Run `npm run build`.');
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, `Route ${request.method} ${request.url.split('?')[0]} not found`);
  });
});
