// Sign-in constants of SPEC §9.

export const SIGN_IN_POPUP_WIDTH = 400;
export const SIGN_IN_POPUP_HEIGHT = 600;
/** Popup or hidden-frame authorization gives up after 60 s. */
export const AUTHORIZE_TIMEOUT_MS = 60_000;
export const HTTP_TIMEOUT_MS = 10_000;
/** Attempts for an identity-provider HTTP call that fails at the network level. */
export const HTTP_MAX_ATTEMPTS = 3;
/** Cached tokens count as expired this early when used silently. */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 60;
/** Clock leeway for exp, nbf and iat checks of the ID token. */
export const ID_TOKEN_LEEWAY_SECONDS = 60;
/** The session cookie and the stored login transaction last one day. */
export const SESSION_COOKIE_DAYS = 1;
export const SESSION_COOKIE_TTL_MS = 86_400_000;

export const SILENT_LOCK_TIMEOUT_MS = 5000;
export const SILENT_LOCK_MAX_ATTEMPTS = 10;
export const SILENT_LOCK_REFRESH_MS = 1000;
export const SILENT_LOCK_STALE_MS = 5000;

export const DEFAULT_SCOPE = 'openid profile email';
/** Added to the scope when refresh tokens are used. */
export const OFFLINE_ACCESS_SCOPE = 'offline_access';
export const PKCE_VERIFIER_LENGTH = 43;
export const ID_TOKEN_ALGORITHM = 'RS256';

export const TOKEN_CACHE_LOCATIONS = ['memory', 'localstorage'] as const;
export type TokenCacheLocation = (typeof TOKEN_CACHE_LOCATIONS)[number];
export const DEFAULT_TOKEN_CACHE_LOCATION: TokenCacheLocation = 'memory';

/** Builds the requested scope: the default scope, plus offline_access when refresh tokens are used. */
export function buildScope(useRefreshTokens: boolean, extra = ''): string {
  const scopes = [...DEFAULT_SCOPE.split(' '), ...extra.split(' ')];
  if (useRefreshTokens) scopes.push(OFFLINE_ACCESS_SCOPE);
  return [...new Set(scopes.filter((s) => s !== ''))].join(' ');
}
