import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import {
  isSignedOutError,
  type SignInError,
  type SignInErrorSource,
  toSignInMessage,
} from './sign-in-errors';

/** The error as react-oidc-context hands it over: its own wrapper with the library's error inside. */
function wrapped(inner: unknown, source: SignInErrorSource = 'signinPopup'): SignInError {
  const message = inner instanceof Error ? inner.message : String(inner);
  return { name: 'Error', message, innerError: inner, source };
}

describe('sign-in error messages (SPEC §8, verbatim)', () => {
  it.each([
    ['the user closes the pop-up', new Error('Popup closed by user'), 'Popup closed'],
    ['the library closes the pop-up', new Error('Popup closed'), 'Popup closed'],
    [
      'the pop-up is blocked',
      new Error('Attempted to navigate on a disposed window'),
      'Unable to open a popup',
    ],
    [
      'the pop-up is blocked (closePopupWindowAfterInSeconds)',
      new Error('Popup blocked by user'),
      'Unable to open a popup',
    ],
    ['the pop-up times out (our 60 s abort)', new Error('Timeout'), 'Timeout'],
    ['a network time-out', new ErrorTimeout('Network timed out'), 'Timeout'],
    ['a hidden-frame time-out', new ErrorTimeout('IFrame timed out without a response'), 'Timeout'],
    ['an answer with no stored sign-in', new Error('No matching state found in storage'), 'Invalid state'],
    ['an answer for another sign-in', new Error('State does not match'), 'Invalid state'],
    ['an answer without state', new Error('No state in response'), 'Invalid state'],
    [
      'no refresh token and no frame fallback',
      new Error('No silent_redirect_uri configured'),
      'Missing Refresh Token',
    ],
    ['a refresh without a token', new Error('A refresh_token is required'), 'Missing Refresh Token'],
  ])('%s → %s', (_case, inner, expected) => {
    expect(toSignInMessage(wrapped(inner))).toBe(expected);
  });

  it("falls back to 'Login failed' for an interactive sign-in and 'Get access token failed' for renewal", () => {
    const denied = new ErrorResponse({ error: 'access_denied', error_description: 'The user said no' });
    expect(toSignInMessage(wrapped(denied, 'signinCallback'))).toBe('Login failed');
    expect(toSignInMessage(wrapped(new Error('Failed to fetch'), 'signinRedirect'))).toBe('Login failed');
    expect(toSignInMessage(wrapped(new Error('Failed to fetch'), 'renewSilent'))).toBe(
      'Get access token failed',
    );
    expect(toSignInMessage(wrapped(new ErrorResponse({ error: 'server_error' }), 'signinSilent'))).toBe(
      'Get access token failed',
    );
  });

  it("never shows the provider's own description", () => {
    const error = new ErrorResponse({ error: 'invalid_request', error_description: 'internal detail' });
    expect(toSignInMessage(wrapped(error, 'signinCallback'))).not.toContain('internal detail');
  });

  it('reads the message of an unwrapped error too', () => {
    expect(toSignInMessage({ name: 'Error', message: 'Popup closed by user', source: 'signinPopup' })).toBe(
      'Popup closed',
    );
  });
});

describe('signed-out answers of a silent check', () => {
  it.each([
    'login_required',
    'consent_required',
    'interaction_required',
    'account_selection_required',
    'access_denied',
    'invalid_grant',
  ])('%s from a background renewal means signed out', (code) => {
    expect(isSignedOutError(wrapped(new ErrorResponse({ error: code }), 'renewSilent'))).toBe(true);
    expect(isSignedOutError(wrapped(new ErrorResponse({ error: code }), 'signinSilent'))).toBe(true);
  });

  it('the same codes from an interactive sign-in are failures to show, not a state (no sign-in loop)', () => {
    expect(isSignedOutError(wrapped(new ErrorResponse({ error: 'access_denied' }), 'signinCallback'))).toBe(
      false,
    );
    expect(isSignedOutError(wrapped(new ErrorResponse({ error: 'login_required' }), 'signinPopup'))).toBe(
      false,
    );
  });

  it('other renewal failures are not a sign-out', () => {
    expect(isSignedOutError(wrapped(new ErrorTimeout('Network timed out'), 'renewSilent'))).toBe(false);
    expect(isSignedOutError(wrapped(new ErrorResponse({ error: 'server_error' }), 'renewSilent'))).toBe(
      false,
    );
  });
});
