import type { PortalConfig } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ApiError, apiClient } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/config: what the web app needs before sign-in, read at run time so one build serves any deployment. */
export type { PortalConfig };

/** The title shown until the configuration has loaded (and when it names none). */
export const DEFAULT_APP_TITLE = 'Remote Monitoring Portal';

/** Production skips the contract check, so the fields sign-in cannot do without are checked here. */
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
  queryKey: queryKeys.portalConfig,
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
