import {
  GET_ACCESS_TOKEN_FAILED_MESSAGE,
  INVALID_STATE_MESSAGE,
  isSignedOutErrorCode,
  LOGIN_FAILED_MESSAGE,
  MISSING_REFRESH_TOKEN_MESSAGE,
  NO_QUERY_PARAMS_MESSAGE,
  POPUP_CLOSED_MESSAGE,
  POPUP_OPEN_FAILED_MESSAGE,
  SIGN_IN_TIMEOUT_MESSAGE,
} from '@portal/domain';

/** Where a sign-in error came from (react-oidc-context's ErrorContext['source']). */
export type SignInErrorSource =
  | 'signinCallback'
  | 'signoutCallback'
  | 'renewSilent'
  | 'signinPopup'
  | 'signinSilent'
  | 'signinRedirect'
  | 'signinResourceOwnerCredentials'
  | 'signoutPopup'
  | 'signoutRedirect'
  | 'signoutSilent'
  | 'unknown';

/** react-oidc-context wraps the library's error; the original (with its OAuth `error` code) is innerError. */
export type SignInError = { name: string; message: string; innerError?: unknown; source: SignInErrorSource };

/** Renewal happens in the background; a failure there is about the access token, not a sign-in. */
const SILENT_SOURCES: readonly SignInErrorSource[] = ['renewSilent', 'signinSilent'];

function originalOf(error: SignInError): unknown {
  return error.innerError ?? error;
}

function fieldOf(value: unknown, field: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[field];
  return typeof found === 'string' ? found : undefined;
}

/** The OAuth error code (login_required, invalid_grant…) when the provider answered with one. */
export function signInErrorCode(error: SignInError): string | undefined {
  return fieldOf(originalOf(error), 'error') ?? fieldOf(error, 'error');
}

/**
 * Whether a background (silent) check says nobody is signed in any more (SPEC §8 signed-out codes),
 * rather than that something failed. A refresh token the provider no longer accepts (invalid_grant:
 * expired, revoked by a sign-out elsewhere) means the same. From an interactive sign-in the same codes
 * (access_denied…) are failures to show, not a state: treating them as signed out would start the
 * sign-in again and loop.
 */
export function isSignedOutError(error: SignInError): boolean {
  if (!SILENT_SOURCES.includes(error.source)) return false;
  const code = signInErrorCode(error);
  return isSignedOutErrorCode(code) || code === 'invalid_grant';
}

// oidc-client-ts's own wording, matched to the SPEC §8 messages. First match wins.
const MESSAGE_RULES: readonly [RegExp, string][] = [
  [/^popup closed/i, POPUP_CLOSED_MESSAGE],
  [/popup blocked|disposed window|unable to open a popup/i, POPUP_OPEN_FAILED_MESSAGE],
  [/timed out|^timeout$/i, SIGN_IN_TIMEOUT_MESSAGE],
  [/no matching state|state does not match|no state in response|^invalid state$/i, INVALID_STATE_MESSAGE],
  [
    /refresh_token is required|no silent_redirect_uri|^missing refresh token$/i,
    MISSING_REFRESH_TOKEN_MESSAGE,
  ],
  [/no query params available/i, NO_QUERY_PARAMS_MESSAGE],
];

/**
 * The SPEC §8 message to show for a sign-in error, verbatim: Popup closed, Timeout, Invalid state,
 * Missing Refresh Token, Unable to open a popup…; otherwise 'Get access token failed' for background
 * renewal and 'Login failed' for everything else. Provider descriptions are never shown as they are.
 */
export function toSignInMessage(error: SignInError): string {
  const original = originalOf(error);
  const name = fieldOf(original, 'name');
  if (name === 'ErrorTimeout' || name === 'TimeoutError') return SIGN_IN_TIMEOUT_MESSAGE;
  const message = fieldOf(original, 'message') ?? error.message;
  for (const [pattern, text] of MESSAGE_RULES) {
    if (pattern.test(message)) return text;
  }
  return SILENT_SOURCES.includes(error.source) ? GET_ACCESS_TOKEN_FAILED_MESSAGE : LOGIN_FAILED_MESSAGE;
}
