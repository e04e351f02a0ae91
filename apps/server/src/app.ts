import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/transaction';
import { clinicsRoutes } from './modules/clinics/clinics.routes';
import { healthRoutes } from './modules/health/health.routes';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';

export type AppDependencies = {
  config: Pick<Config, 'publicUrl' | 'webDistDir' | 'logLevel'>;
  db: Db;
  logger?: FastifyServerOptions['logger'];
};

/** The request path without its query string: queries can carry patient names, which must not be logged. */
function redactQuery(url: string): string {
  return url.split('?')[0] ?? url;
}

export function loggerOptions(level: Config['logLevel']): FastifyServerOptions['logger'] {
  return {
    level,
    // Request logs carry method, path and ids only: no query strings, bodies or auth headers (no PHI).
    serializers: {
      req: (request) => ({ method: request.method, url: redactQuery(request.url), requestId: request.id }),
      res: (reply) => ({ statusCode: reply.statusCode }),
    },
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
}

/** Builds the whole application; tests call it with their own database, server.ts with the real one. */
export async function buildApp({ config, db, logger }: AppDependencies) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  // Every API route, so a test can prove the OpenAPI document lists them all.
  const registeredApiRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredApiRoutes', registeredApiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredApiRoutes.push({ method, url: route.url });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(formbody);
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });

  await app.register(healthRoutes, { db });
  await app.register(clinicsRoutes, { db });

  await app.register(webAppPlugin, { webDistDir: config.webDistDir });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredApiRoutes: { method: string; url: string }[];
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
