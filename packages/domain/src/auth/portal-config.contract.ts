import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';

/** GET /api/config: what the web app needs before sign-in (no PHI). */
export const portalConfigSchema = z.object({
  title: z.string(),
  oidc: z.object({
    authority: z.string().describe('the issuer'),
    clientId: z.string(),
    audience: z.string().describe('the API resource / audience access tokens are issued for'),
    scope: z.string(),
    embedded: z.boolean().describe('true when the portal runs its own provider at /idp'),
  }),
  realtime: z.object({
    key: z.string(),
    cluster: z.string(),
    host: z
      .string()
      .nullable()
      .describe("host[:port] of the Pusher-compatible WebSocket endpoint; null: the cluster's"),
    forceTLS: z.boolean(),
    authEndpoint: z.string().describe('channel authorization: a form POST with the bearer token'),
  }),
});

export type PortalConfig = z.infer<typeof portalConfigSchema>;

export const portalConfigResponseContracts = [
  defineResponseContract('GET', '/api/config', portalConfigSchema),
] as const;
