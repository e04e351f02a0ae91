import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/transaction';
import { sendError } from '../../plugins/error-handler';
import { interactionRoutes } from './interaction.routes';
import { loadCookieKeys, loadSigningKeys, toPublicJwks } from './key-store';
import { createEmbeddedProvider } from './oidc-provider';
import { passwordChangeRoutes } from './password-change.routes';
import { createRateLimiter } from './rate-limiter';

export type IdentityPluginOptions = {
  db: Db;
  publicUrl: string;
  apiAudience: string;
  /** Sign-in attempts and token requests allowed per IP and minute. */
  rateLimitPerMinute: number;
};

const RATE_LIMITED_PATHS = [
  /^\/idp\/token\/?$/,
  /^\/interaction\/[^/]+\/login\/?$/,
  /^\/account\/password-change\//,
];

/** Mounts the embedded OpenID provider at /idp with its login pages, and rate-limits its entry points. */
export const identityPlugin = fp(async (app: FastifyInstance, options: IdentityPluginOptions) => {
  const signingKeys = await loadSigningKeys(options.db);
  const provider = createEmbeddedProvider({
    db: options.db,
    publicUrl: options.publicUrl,
    apiAudience: options.apiAudience,
    signingKeys,
    cookieKeys: await loadCookieKeys(options.db),
  });
  app.decorate('embeddedProvider', { provider, publicJwks: toPublicJwks(signingKeys) });

  const limiter = createRateLimiter({ limit: options.rateLimitPerMinute, windowMs: 60_000 });
  // Registered before middie, so it runs before the provider sees the request.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const pathname = request.url.split('?')[0] ?? '';
    if (!RATE_LIMITED_PATHS.some((pattern) => pattern.test(pathname))) return;
    const verdict = limiter.hit(request.ip);
    if (!verdict.allowed) {
      reply.header('Retry-After', String(verdict.retryAfterSeconds));
      return sendError(reply, 429, 'Too many requests. Try again later.');
    }
  });

  await app.register(middie);
  app.use('/idp', provider.callback());
  await app.register(interactionRoutes, { db: options.db, provider });
  await app.register(passwordChangeRoutes, { db: options.db });
});

declare module 'fastify' {
  interface FastifyInstance {
    embeddedProvider?: {
      provider: import('oidc-provider').default;
      publicJwks: { keys: import('jose').JWK[] };
    };
  }
}
