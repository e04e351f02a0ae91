import { NO_QUERY_PARAMS_MESSAGE } from '@portal/domain';
import { isSignedOutError, type SignInError, toSignInMessage } from './sign-in-errors';

export type AuthNavigator =
  | 'signinRedirect'
  | 'signinResourceOwnerCredentials'
  | 'signinPopup'
  | 'signinSilent'
  | 'signoutRedirect'
  | 'signoutPopup'
  | 'signoutSilent';

/** What the sign-in gate knows (react-oidc-context's state plus what the gate remembers itself). */
export type AuthViewInput = {
  isLoading: boolean;
  isAuthenticated: boolean;
  activeNavigator: AuthNavigator | undefined;
  /** The last sign-in error the gate has not dealt with yet. */
  error: SignInError | undefined;
  /** A stored session whose access token expired but which holds a refresh token. */
  hasRenewableSession: boolean;
  /** The start-up silent check (refresh) has run. */
  silentCheckDone: boolean;
  onCallbackPath: boolean;
  hasAuthParams: boolean;
  /** This window is the sign-in pop-up (it only hands the answer to its opener). */
  isPopupWindow: boolean;
  signingOut: boolean;
  /** The user was signed in and the provider then said the session is over. */
  sessionEnded: boolean;
};

export type AuthView =
  | { kind: 'app' }
  | { kind: 'busy'; message: string }
  | { kind: 'sign-in'; error?: string; notice?: string }
  /** Remove the stored user: the provider says the session is over. */
  | { kind: 'local-logout' }
  /** Try the stored refresh token before asking the user to sign in. */
  | { kind: 'silent-check' }
  /** Start the redirect sign-in, coming back to this page. */
  | { kind: 'auto-sign-in' };

export const SESSION_ENDED_NOTICE = 'Your session has ended. Sign in again to continue.';

function busyMessage(input: AuthViewInput): string {
  if (input.onCallbackPath) return 'Completing sign-in…';
  switch (input.activeNavigator) {
    case 'signinSilent':
      return 'Restoring your session…';
    case 'signinRedirect':
      return 'Redirecting to sign-in…';
    case 'signinPopup':
      return 'Complete the sign-in in the pop-up window…';
    default:
      return 'Signing in…';
  }
}

/**
 * The SPEC §4 authentication states as screens: loading while react-oidc-context initialises or a
 * navigator runs, the app once authenticated, otherwise a sign-in (started automatically on a plain
 * unauthenticated visit, shown as a screen after an error or a session that ended under the user).
 */
export function decideAuthView(input: AuthViewInput): AuthView {
  const { error } = input;
  if (error?.source === 'signoutRedirect')
    return { kind: 'sign-in', error: error.message || 'Sign-out failed' };
  if (input.signingOut || input.activeNavigator === 'signoutRedirect') {
    return { kind: 'busy', message: 'Signing out…' };
  }
  if (input.isPopupWindow && input.onCallbackPath && !error) {
    return { kind: 'busy', message: 'Completing sign-in…' };
  }
  if (error && isSignedOutError(error)) return { kind: 'local-logout' };
  if (input.isLoading) return { kind: 'busy', message: busyMessage(input) };
  if (input.isAuthenticated) return { kind: 'app' };
  if (error) return { kind: 'sign-in', error: toSignInMessage(error) };
  if (input.onCallbackPath && !input.hasAuthParams)
    return { kind: 'sign-in', error: NO_QUERY_PARAMS_MESSAGE };
  if (input.sessionEnded) return { kind: 'sign-in', notice: SESSION_ENDED_NOTICE };
  if (input.hasRenewableSession && !input.silentCheckDone) return { kind: 'silent-check' };
  return { kind: 'auto-sign-in' };
}
