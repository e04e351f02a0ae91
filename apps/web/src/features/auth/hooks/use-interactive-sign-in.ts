import {
  AUTHORIZE_TIMEOUT_MS,
  SIGN_IN_POPUP_HEIGHT,
  SIGN_IN_POPUP_WIDTH,
  SIGN_IN_TIMEOUT_MESSAGE,
} from '@portal/domain';
import { useCallback } from 'react';
import { useAuth } from 'react-oidc-context';
import { currentReturnTo, type SignInState } from '../../../lib/auth/return-to';

/**
 * The two ways to sign in (SPEC §1): a redirect of this page (it comes back to the same page, deep
 * link included), or a 400×600 pop-up that gives up after 60 s (SPEC §9) or when it is closed.
 * Failures land in react-oidc-context's error state, which the sign-in screen shows.
 */
export function useInteractiveSignIn() {
  const auth = useAuth();

  const signInWithRedirect = useCallback(async () => {
    const state: SignInState = { returnTo: currentReturnTo() };
    await auth.signinRedirect({ state });
  }, [auth]);

  const signInWithPopup = useCallback(async () => {
    const controller = new AbortController();
    // oidc-client-ts turns the abort reason into the error message: 'Timeout'.
    const timer = window.setTimeout(() => controller.abort(SIGN_IN_TIMEOUT_MESSAGE), AUTHORIZE_TIMEOUT_MS);
    try {
      await auth.signinPopup({
        popupWindowFeatures: { width: SIGN_IN_POPUP_WIDTH, height: SIGN_IN_POPUP_HEIGHT },
        popupAbortOnClose: true,
        popupSignal: controller.signal,
      });
    } finally {
      window.clearTimeout(timer);
    }
  }, [auth]);

  return { signInWithRedirect, signInWithPopup };
}
