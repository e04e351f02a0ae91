import { setApiAuthentication } from '../api-client';
import { createApiAuthentication } from './api-authentication';
import { buildUserManagerSettings } from './oidc-settings';
import type { PortalConfig } from './portal-config';
import { PortalUserManager } from './portal-user-manager';

let current: { key: string; manager: PortalUserManager } | undefined;

/**
 * The one OIDC client of this page, created from the run-time configuration. It is connected to the api
 * client at once, before any component can make a call. A module singleton, so React's double
 * rendering in development does not start two silent-renewal timers.
 */
export function getUserManager(config: PortalConfig): PortalUserManager {
  const key = `${config.oidc.authority} ${config.oidc.clientId} ${config.oidc.audience}`;
  if (current?.key !== key) {
    current?.manager.stopSilentRenew();
    const manager = new PortalUserManager(buildUserManagerSettings(config.oidc, window.location.origin));
    setApiAuthentication(createApiAuthentication(manager));
    // Sign-ins started and never finished (closed tab, back button) are cleared from storage.
    manager.clearStaleState().catch(() => undefined);
    current = { key, manager };
  }
  return current.manager;
}
