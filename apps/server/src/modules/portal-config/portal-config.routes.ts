import { portalConfigSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { LOCAL_PUSHER_KEY } from '../realtime/realtime.plugin';

/**
 * GET /api/config: what the web app needs before sign-in, read at run time so one build serves any
 * deployment. Public, and it carries no PHI.
 */
export const portalConfigRoutes: FastifyPluginAsyncZod<{
  config: Pick<Config, 'appTitle' | 'identity' | 'publicUrl' | 'realtime'>;
}> = async (app, { config }) => {
  app.get(
    '/api/config',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['config'],
        summary: 'Run-time configuration of the web app',
        response: { 200: portalConfigSchema },
      },
    },
    async () => ({
      title: config.appTitle,
      oidc: {
        authority: config.identity.issuer,
        clientId: config.identity.clientId,
        audience: config.identity.audience,
        scope: 'openid profile email offline_access',
        embedded: config.identity.kind === 'embedded',
      },
      realtime:
        config.realtime.kind === 'hosted'
          ? {
              key: config.realtime.key,
              cluster: config.realtime.cluster,
              host: config.realtime.host ?? null,
              forceTLS: config.realtime.useTLS,
              authEndpoint: '/api/realtime/auth',
            }
          : {
              key: LOCAL_PUSHER_KEY,
              // pusher-js wants a cluster even when it is told the host.
              cluster: 'local',
              host: new URL(config.publicUrl).host,
              forceTLS: new URL(config.publicUrl).protocol === 'https:',
              authEndpoint: '/api/realtime/auth',
            },
    }),
  );
};
