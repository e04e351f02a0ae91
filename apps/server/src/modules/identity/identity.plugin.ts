import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/transaction';
import { sendError } from '../../plugins/error-handler';
import { forgotPasswordRoutes } from './forgot-password.routes';
import { interactionRoutes } from './interaction.routes';
import { loadCookieKeys, loadSigningKeys, toPublicJwks } from './key-store';
import { createEmbeddedProvider } from './oidc-provider';
import { passwordChangeRoutes } from './password-change.routes';
import {
  createRateLimitStore,
  type RateLimitStore,
  type RateLimitVerdict,
  rateLimitKey,
} from './rate-limiter';
import type { SignInLimits } from './sign-in-limits';

export type IdentityPluginOptions = {
  db: Db;
  publicUrl: string;
  apiAudience: string;
  /** Sign-in attempts and token requests allowed per client address and minute. */
  rateLimitPerMinute: number;
  /** Sign-in attempts allowed per account (e-mail) and minute, from any address. */
  rateLimitPerAccountPerMinute: number;
  /** Where the counters live: Redis when set, else the database (shared by every instance either way). */
  redisUrl: string | undefined;
  /** The portal's name, in the e-mail a forgotten password sends. */
  appTitle?: string;
};

const MINUTE_MS = 60_000;
/** 'Forgot password?' e-mails one account at most this many links in RESET_EMAIL_WINDOW_MS, whoever asks. */
export const RESET_EMAILS_PER_ACCOUNT = 3;
const RESET_EMAIL_WINDOW_MS = 15 * MINUTE_MS;

const RATE_LIMITED_PATHS = [
  /^\/idp\/token\/?$/,
  /^\/interaction\/[^/]+\/login\/?$/,
  /^\/account\/password-change\//,
  /^\/account\/forgot-password\/?$/,
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

  const store = createRateLimitStore({ db: options.db, redisUrl: options.redisUrl });
  app.addHook('onClose', () => store.close());
  const limits: SignInLimits = {
    async perAccount(email) {
      return hitOrAllow(app, store, rateLimitKey('account', email), options.rateLimitPerAccountPerMinute);
    },
    async resetEmails(email) {
      return hitOrAllow(
        app,
        store,
        rateLimitKey('reset-email', email),
        RESET_EMAILS_PER_ACCOUNT,
        RESET_EMAIL_WINDOW_MS,
      );
    },
  };
  // Registered before middie, so it runs before the provider sees the request. request.ip is the
  // socket's address unless the connection comes from a proxy listed in TRUST_PROXY.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const pathname = request.url.split('?')[0] ?? '';
    if (!RATE_LIMITED_PATHS.some((pattern) => pattern.test(pathname))) return;
    const verdict = await hitOrAllow(app, store, rateLimitKey('ip', request.ip), options.rateLimitPerMinute);
    if (!verdict.allowed) {
      reply.header('Retry-After', String(verdict.retryAfterSeconds));
      return sendError(reply, 429, 'Too many requests. Try again later.');
    }
  });

  // Every absolute URL the provider writes (discovery, redirects, form actions) comes from PUBLIC_URL
  // alone: a client's Host or X-Forwarded-Host never reaches it.
  const publicUrl = new URL(options.publicUrl);
  await app.register(middie);
  app.use('/idp', (request, _response, next) => {
    request.headers.host = publicUrl.host;
    request.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
    delete request.headers['x-forwarded-host'];
    delete request.headers.forwarded;
    next();
  });
  app.use('/idp', provider.callback());
  await app.register(interactionRoutes, { db: options.db, provider, limits });
  await app.register(passwordChangeRoutes, { db: options.db });
  await app.register(forgotPasswordRoutes, {
    db: options.db,
    publicUrl: options.publicUrl,
    appTitle: options.appTitle ?? 'Remote Monitoring Portal',
    limits,
  });
});

/** A counter store that cannot be reached must not turn sign-in into a 500: it allows, and says so. */
async function hitOrAllow(
  app: FastifyInstance,
  store: RateLimitStore,
  key: string,
  limit: number,
  windowMs = MINUTE_MS,
): Promise<RateLimitVerdict> {
  try {
    return await store.hit(key, { limit, windowMs });
  } catch (error) {
    app.log.warn({ err: { type: (error as Error).name } }, 'rate-limit counters unavailable; allowing');
    return { allowed: true };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    embeddedProvider?: {
      provider: import('oidc-provider').default;
      publicJwks: { keys: import('jose').JWK[] };
    };
  }
}
