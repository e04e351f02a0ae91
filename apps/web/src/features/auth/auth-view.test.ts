import { ErrorResponse } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { type AuthViewInput, decideAuthView, SESSION_ENDED_NOTICE } from './auth-view';
import type { SignInError } from './sign-in-errors';

const start: AuthViewInput = {
  isLoading: false,
  isAuthenticated: false,
  activeNavigator: undefined,
  error: undefined,
  hasRenewableSession: false,
  silentCheckDone: false,
  onCallbackPath: false,
  hasAuthParams: false,
  isPopupWindow: false,
  signingOut: false,
  sessionEnded: false,
};

function view(changes: Partial<AuthViewInput>) {
  return decideAuthView({ ...start, ...changes });
}

const loginRequired = (source: SignInError['source']): SignInError => ({
  name: 'ErrorResponse',
  message: 'login_required',
  innerError: new ErrorResponse({ error: 'login_required' }),
  source,
});

describe('the SPEC §4 authentication states as screens', () => {
  it('is loading first, then the app once authenticated', () => {
    expect(view({ isLoading: true })).toEqual({ kind: 'busy', message: 'Signing in…' });
    expect(view({ isLoading: true, onCallbackPath: true, hasAuthParams: true })).toEqual({
      kind: 'busy',
      message: 'Completing sign-in…',
    });
    expect(view({ isAuthenticated: true })).toEqual({ kind: 'app' });
  });

  it('starts the redirect sign-in on an unauthenticated visit', () => {
    expect(view({})).toEqual({ kind: 'auto-sign-in' });
  });

  it('tries the stored refresh token first, once', () => {
    expect(view({ hasRenewableSession: true })).toEqual({ kind: 'silent-check' });
    expect(view({ hasRenewableSession: true, silentCheckDone: true })).toEqual({ kind: 'auto-sign-in' });
    expect(view({ isLoading: true, activeNavigator: 'signinSilent' })).toEqual({
      kind: 'busy',
      message: 'Restoring your session…',
    });
  });

  it('logs out locally when a silent check says signed out, even while the app is shown', () => {
    expect(view({ error: loginRequired('signinSilent') })).toEqual({ kind: 'local-logout' });
    expect(view({ isAuthenticated: true, error: loginRequired('renewSilent') })).toEqual({
      kind: 'local-logout',
    });
    // Once done, a user who was working sees why they must sign in again.
    expect(view({ sessionEnded: true })).toEqual({ kind: 'sign-in', notice: SESSION_ENDED_NOTICE });
  });

  it('shows the sign-in screen with the SPEC message after a failure, instead of redirecting again', () => {
    const closed: SignInError = { name: 'Error', message: 'Popup closed by user', source: 'signinPopup' };
    expect(view({ error: closed })).toEqual({ kind: 'sign-in', error: 'Popup closed' });
    const state: SignInError = {
      name: 'Error',
      message: 'No matching state found in storage',
      source: 'signinCallback',
    };
    expect(view({ error: state, onCallbackPath: true, hasAuthParams: true })).toEqual({
      kind: 'sign-in',
      error: 'Invalid state',
    });
  });

  it('says so when the callback address is opened without an answer to parse', () => {
    expect(view({ onCallbackPath: true })).toEqual({
      kind: 'sign-in',
      error: 'There are no query params available for parsing',
    });
  });

  it('keeps a signing-out page from starting a sign-in, and a pop-up window from showing the app', () => {
    expect(view({ signingOut: true })).toEqual({ kind: 'busy', message: 'Signing out…' });
    expect(view({ isLoading: true, activeNavigator: 'signoutRedirect' })).toEqual({
      kind: 'busy',
      message: 'Signing out…',
    });
    expect(view({ isPopupWindow: true, onCallbackPath: true, hasAuthParams: true })).toEqual({
      kind: 'busy',
      message: 'Completing sign-in…',
    });
  });
});
