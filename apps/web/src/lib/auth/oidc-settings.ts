import {
  AUTHORIZE_TIMEOUT_MS,
  buildScope,
  HTTP_TIMEOUT_MS,
  SESSION_COOKIE_TTL_MS,
  SIGN_IN_POPUP_HEIGHT,
  SIGN_IN_POPUP_WIDTH,
  TOKEN_EXPIRY_MARGIN_SECONDS,
} from '@portal/domain';
import { type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';
import { AUTH_CALLBACK_PATH } from '../constants';
import type { PortalConfig } from './portal-config';

/**
 * The extra authorize parameter that makes the access token a JWT for our API: RFC 8707 `resource`
 * for the embedded provider (oidc-provider), Auth0's `audience` for an external one.
 */
function audienceParams(oidc: PortalConfig['oidc']): Record<string, string> {
  if (!oidc.audience) return {};
  return oidc.embedded ? { resource: oidc.audience } : { audience: oidc.audience };
}

/** oidc-client-ts settings for the portal: code flow + PKCE, tokens in local storage (SPEC §1), SPEC §9 timings. */
export function buildUserManagerSettings(
  oidc: PortalConfig['oidc'],
  origin: string,
  storage: Storage = window.localStorage,
): UserManagerSettings {
  const callback = `${origin}${AUTH_CALLBACK_PATH}`;
  return {
    authority: oidc.authority,
    client_id: oidc.clientId,
    response_type: 'code',
    redirect_uri: callback,
    popup_redirect_uri: callback,
    post_logout_redirect_uri: `${origin}/`,
    // The deployment's scope, always with the defaults and offline_access (refresh tokens, SPEC §9).
    scope: buildScope(true, oidc.scope),
    extraQueryParams: audienceParams(oidc),
    userStore: new WebStorageStateStore({ store: storage }),
    stateStore: new WebStorageStateStore({ store: storage }),
    // A sign-in that was started and never finished is dropped after a day (SPEC §9).
    staleStateAgeInSeconds: SESSION_COOKIE_TTL_MS / 1000,
    // Renew through the refresh token shortly before the access token expires.
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_EXPIRY_MARGIN_SECONDS,
    silentRequestTimeoutInSeconds: AUTHORIZE_TIMEOUT_MS / 1000,
    requestTimeoutInSeconds: HTTP_TIMEOUT_MS / 1000,
    popupWindowFeatures: { width: SIGN_IN_POPUP_WIDTH, height: SIGN_IN_POPUP_HEIGHT },
    // The ID token carries the profile claims; the portal's own user comes from /api/users/me.
    loadUserInfo: false,
    // No session iframe: the portal forbids framing and renews through refresh tokens instead.
    monitorSession: false,
    revokeTokenTypes: ['refresh_token'],
  };
}
