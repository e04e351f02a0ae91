// Sign-in errors and messages of SPEC §5 and §8.

/** Error codes the silent session check treats as "signed out" rather than as failures. */
export const SIGNED_OUT_ERROR_CODES = [
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
  'access_denied',
] as const;

export function isSignedOutErrorCode(code: string | null | undefined): boolean {
  return (SIGNED_OUT_ERROR_CODES as readonly (string | null | undefined)[]).includes(code);
}

/** This error carries an mfa_token. */
export const MFA_REQUIRED_ERROR_CODE = 'mfa_required';

export const SIGN_IN_TIMEOUT_MESSAGE = 'Timeout';
export const POPUP_CLOSED_MESSAGE = 'Popup closed';
export const MISSING_REFRESH_TOKEN_MESSAGE = 'Missing Refresh Token';
export const INVALID_STATE_MESSAGE = 'Invalid state';
export const NO_QUERY_PARAMS_MESSAGE = 'There are no query params available for parsing';
export const POPUP_OPEN_FAILED_MESSAGE = 'Unable to open a popup';
export const LOGIN_FAILED_MESSAGE = 'Login failed';
export const GET_ACCESS_TOKEN_FAILED_MESSAGE = 'Get access token failed';
