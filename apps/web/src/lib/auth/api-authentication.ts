import { ErrorResponse, type UserManager } from 'oidc-client-ts';
import type { ApiAuthentication } from '../api-client';
import { createLogger } from '../logger';
import { currentReturnTo, type SignInState } from './return-to';

const log = createLogger('login');

/** Connects the api client to the OIDC client: bearer from the stored user, renewal, re-login. */
export function createApiAuthentication(userManager: UserManager): ApiAuthentication {
  let signingIn = false;
  // The provider refused the refresh token (the user was locked, the grant revoked): the session is over,
  // and the page says so rather than starting a sign-in on the next 401.
  let sessionOver = false;
  userManager.events.addUserLoaded(() => {
    sessionOver = false;
  });
  // The timed background renewal may be the one refused, while API calls are in flight.
  userManager.events.addSilentRenewError((error) => {
    if (isRefusedGrant(error)) sessionOver = true;
  });

  const renewAccessToken = async (): Promise<string | undefined> => {
    try {
      return (await userManager.signinSilent())?.access_token || undefined;
    } catch (error) {
      log.warn('Silent token renewal failed', error instanceof Error ? error.message : error);
      if (isRefusedGrant(error) && !sessionOver) {
        sessionOver = true;
        // The same signal a refused background renewal gives: the auth gate ends the session locally.
        void userManager.events._raiseSilentRenewError(error);
      }
      return undefined;
    }
  };

  return {
    async getAccessToken() {
      const user = await userManager.getUser();
      if (!user) return undefined;
      // After a sleeping laptop wakes up, renew first rather than collect a 401.
      if (user.expired && user.refresh_token) return renewAccessToken();
      return user.access_token;
    },
    renewAccessToken,
    signInAgain() {
      if (signingIn || sessionOver) return;
      signingIn = true;
      void (async () => {
        // No stored user: the session already ended here (refused, or signed out in another tab), and
        // the auth gate says so; a sign-in redirect would hide that.
        if (!(await userManager.getUser())) {
          signingIn = false;
          return;
        }
        const state: SignInState = { returnTo: currentReturnTo() };
        await userManager.signinRedirect({ state });
      })().catch((error: unknown) => {
        signingIn = false;
        log.error('Could not start sign-in', error instanceof Error ? error.message : error);
      });
    },
  };
}

/** The token endpoint's invalid_grant: this refresh token will never work again. */
export function isRefusedGrant(error: unknown): error is ErrorResponse {
  return error instanceof ErrorResponse && error.error === 'invalid_grant';
}
