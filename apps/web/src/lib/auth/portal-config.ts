import { queryOptions } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ApiError, apiClient } from '../api-client';

/** GET /api/config: what the web app needs before sign-in, read at run time so one build serves any deployment. */
export type PortalConfig = {
  title: string;
  oidc: {
    /** The issuer, e.g. https://portal.example.org/idp or https://tenant.auth0.com/ */
    authority: string;
    clientId: string;
    /** The API the access token is for. */
    audience: string;
    scope: string;
    /** true when the portal runs its own provider at /idp */
    embedded: boolean;
  };
  /** The Pusher-compatible realtime endpoint (lib/realtime). */
  realtime: {
    key: string;
    cluster: string;
    /** 'host' or 'host:port'; null: the hosted cluster's own host. */
    host: string | null;
    forceTLS: boolean;
    /** Channel authorization: a form POST with the bearer token. */
    authEndpoint: string;
  };
};

/** The title shown until the configuration has loaded (and when it names none). */
export const DEFAULT_APP_TITLE = 'Remote Monitoring Portal';

function isPortalConfig(value: unknown): value is PortalConfig {
  const config = value as PortalConfig | null | undefined;
  return (
    typeof config?.title === 'string' &&
    typeof config.oidc?.authority === 'string' &&
    config.oidc.authority !== '' &&
    typeof config.oidc.clientId === 'string' &&
    config.oidc.clientId !== '' &&
    typeof config.oidc.audience === 'string' &&
    typeof config.oidc.scope === 'string'
  );
}

/** Public call: no bearer token (nobody is signed in yet). */
export async function getPortalConfig(options: { signal?: AbortSignal } = {}): Promise<PortalConfig> {
  const body = await apiClient.get<unknown>('/api/config', { auth: false, signal: options.signal });
  if (!isPortalConfig(body)) {
    throw new ApiError({
      statusCode: 200,
      reason: 'Invalid Response',
      message: 'The portal configuration is incomplete.',
    });
  }
  return body;
}

export const portalConfigQueryOptions = queryOptions({
  queryKey: ['portal-config'],
  queryFn: ({ signal }) => getPortalConfig({ signal }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  // The start-up screen shows this failure itself.
  meta: { silent: true },
  retry: 2,
});

export const PortalConfigContext = createContext<PortalConfig | undefined>(undefined);

/** The run-time configuration, once loaded (it is, below the sign-in gate). */
export function usePortalConfig(): PortalConfig | undefined {
  return useContext(PortalConfigContext);
}

/** The portal title from the run-time configuration (header, document title). */
export function usePortalTitle(): string {
  return useContext(PortalConfigContext)?.title || DEFAULT_APP_TITLE;
}
