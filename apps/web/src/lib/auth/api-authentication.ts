import type { UserManager } from 'oidc-client-ts';
import type { ApiAuthentication } from '../api-client';
import { createLogger } from '../logger';
import { currentReturnTo, type SignInState } from './return-to';

const log = createLogger('login');

/** Connects the api client to the OIDC client: bearer from the stored user, renewal, re-login. */
export function createApiAuthentication(userManager: UserManager): ApiAuthentication {
  let signingIn = false;

  const renewAccessToken = async (): Promise<string | undefined> => {
    try {
      return (await userManager.signinSilent())?.access_token || undefined;
    } catch (error) {
      log.warn('Silent token renewal failed', error instanceof Error ? error.message : error);
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
      if (signingIn) return;
      signingIn = true;
      const state: SignInState = { returnTo: currentReturnTo() };
      userManager.signinRedirect({ state }).catch((error: unknown) => {
        signingIn = false;
        log.error('Could not start sign-in', error instanceof Error ? error.message : error);
      });
    },
  };
}
