import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { hasAuthParams, useAuth } from 'react-oidc-context';
import { BusyScreen } from '../../../components/busy-screen';
import { portalConfigQueryOptions } from '../../../lib/auth/portal-config';
import { currentReturnTo, type SignInState } from '../../../lib/auth/return-to';
import { takeSignedOutParams } from '../../../lib/auth/signed-out-reason';
import { useIsSigningOut } from '../../../lib/auth/signing-out';
import { AUTH_CALLBACK_PATH } from '../../../lib/constants';
import { createLogger } from '../../../lib/logger';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { decideAuthView } from '../auth-view';
import { isSignedOutError, type SignInError, toSignInMessage } from '../sign-in-errors';
import { SignInScreen } from './sign-in-screen';

const log = createLogger('login');

/** oidc-client-ts keeps the signed-in user under 'oidc.user:{authority}:{client_id}'. */
const OIDC_USER_KEY_PREFIX = 'oidc.user:';

function isPopupWindow(): boolean {
  return window.opener != null && window.opener !== window;
}

/**
 * Renders its children only for a signed-in user. Everything else of SPEC §4 Authentication happens
 * here: the start-up silent check with a stored refresh token, the automatic redirect sign-in of an
 * unauthenticated visit (coming back to the same page), the local logout when a silent check says the
 * session is over, and the sign-in screen with the SPEC §8 message when something failed.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const signingOut = useIsSigningOut();
  const [handledError, setHandledError] = useState<unknown>();
  const [sessionEnded, setSessionEnded] = useState(false);
  const [silentCheckDone, setSilentCheckDone] = useState(false);
  const wasAuthenticated = useRef(false);
  const autoSignInStarted = useRef(false);
  const silentCheckStarted = useRef(false);

  const error = auth.error && auth.error !== handledError ? (auth.error as SignInError) : undefined;
  const storedUser = auth.user;
  const view = decideAuthView({
    isLoading: auth.isLoading,
    isAuthenticated: auth.isAuthenticated,
    activeNavigator: auth.activeNavigator,
    error,
    hasRenewableSession: Boolean(storedUser?.expired && storedUser.refresh_token),
    silentCheckDone,
    onCallbackPath: window.location.pathname === AUTH_CALLBACK_PATH,
    hasAuthParams: hasAuthParams(),
    isPopupWindow: isPopupWindow(),
    signingOut,
    sessionEnded,
  });
  const { kind } = view;

  useEffect(() => {
    if (kind === 'app') wasAuthenticated.current = true;
  }, [kind]);

  useEffect(() => {
    if (!error) return;
    log.warn('Sign-in problem', { source: error.source, name: error.name, message: error.message });
  }, [error]);

  // A background renewal failed for a passing reason (network): the token still works for now.
  useEffect(() => {
    if (!error || !auth.isAuthenticated || isSignedOutError(error) || error.source !== 'renewSilent') return;
    enqueueSnackbar(toSignInMessage(error), { variant: 'warning', preventDuplicate: true });
    setHandledError(error);
  }, [error, auth.isAuthenticated]);

  // Forget the user here only (no provider round trip), and everything they loaded: nothing of theirs
  // may show to whoever signs in next in this page.
  const { removeUser } = auth;
  const endSessionLocally = useCallback(
    (wasSignedIn: boolean) => {
      setSessionEnded(wasSignedIn);
      void removeUser();
      const configKey = portalConfigQueryOptions.queryKey[0];
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== configKey });
    },
    [removeUser, queryClient],
  );

  // Signed out in another tab (it removed the stored user): this tab's session is over too.
  const { isAuthenticated } = auth;
  useEffect(() => {
    if (!isAuthenticated) return;
    const onStorage = (event: StorageEvent) => {
      if (!event.key?.startsWith(OIDC_USER_KEY_PREFIX) || event.newValue !== null) return;
      endSessionLocally(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [isAuthenticated, endSessionLocally]);

  useEffect(() => {
    if (kind === 'local-logout') {
      // Signed out at the provider.
      setHandledError(auth.error);
      endSessionLocally(wasAuthenticated.current);
    } else if (kind === 'silent-check' && !silentCheckStarted.current) {
      // Once per page; the screen stays on 'Restoring your session…' until it has settled.
      silentCheckStarted.current = true;
      void auth.signinSilent().finally(() => setSilentCheckDone(true));
    } else if (kind === 'auto-sign-in' && !autoSignInStarted.current) {
      autoSignInStarted.current = true;
      const state: SignInState = { returnTo: currentReturnTo() };
      void auth.signinRedirect({ state, extraQueryParams: takeSignedOutParams() });
    }
  }, [kind, auth, endSessionLocally]);

  switch (view.kind) {
    case 'app':
      return children;
    case 'sign-in':
      return <SignInScreen error={view.error} notice={view.notice} />;
    case 'busy':
      return <BusyScreen message={view.message} />;
    case 'local-logout':
      return <BusyScreen message="Signing out…" />;
    case 'silent-check':
      return <BusyScreen message="Restoring your session…" />;
    case 'auto-sign-in':
      return <BusyScreen message="Redirecting to sign-in…" />;
  }
}
