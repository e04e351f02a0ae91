// @vitest-environment jsdom
import { ErrorResponse, type UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { createApiAuthentication } from './api-authentication';

const refused = () =>
  new ErrorResponse({ error: 'invalid_grant', error_description: 'grant request is invalid' });

function fakeUserManager(signinSilent: () => Promise<unknown>) {
  const userLoaded: (() => void)[] = [];
  const renewErrors: ((error: Error) => void)[] = [];
  let storedUser: unknown = { access_token: 'a' };
  const manager = {
    signinSilent: vi.fn(signinSilent),
    signinRedirect: vi.fn(async () => {}),
    getUser: vi.fn(async () => storedUser),
    events: {
      addUserLoaded: (callback: () => void) => userLoaded.push(callback),
      addSilentRenewError: (callback: (error: Error) => void) => renewErrors.push(callback),
      _raiseSilentRenewError: vi.fn(async () => {}),
    },
  };
  return {
    manager,
    authentication: createApiAuthentication(manager as unknown as UserManager),
    loadUser: () => {
      for (const callback of userLoaded) callback();
    },
    failBackgroundRenewal: (error: Error) => {
      for (const callback of renewErrors) callback(error);
    },
    removeStoredUser: () => {
      storedUser = null;
    },
  };
}

/** signInAgain looks for the stored user first: let that settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the api client’s renewal', () => {
  it('a refused refresh token ends the session instead of starting a sign-in', async () => {
    const error = refused();
    const { manager, authentication, loadUser } = fakeUserManager(async () => {
      throw error;
    });
    expect(await authentication.renewAccessToken()).toBeUndefined();
    expect(manager.events._raiseSilentRenewError).toHaveBeenCalledWith(error);
    authentication.signInAgain();
    await settle();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    // A later sign-in (a new user loaded) makes 401s start a sign-in again.
    loadUser();
    authentication.signInAgain();
    await settle();
    expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('so does a refusal of the timed background renewal, while calls are in flight', async () => {
    const { manager, authentication, failBackgroundRenewal } = fakeUserManager(async () => undefined);
    failBackgroundRenewal(refused());
    authentication.signInAgain();
    await settle();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('no sign-in starts once the stored user is gone (the session ended in this tab or another)', async () => {
    const { manager, authentication, removeStoredUser } = fakeUserManager(async () => {
      throw new Error('No stored session');
    });
    removeStoredUser();
    expect(await authentication.renewAccessToken()).toBeUndefined();
    authentication.signInAgain();
    await settle();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('a passing failure (the network) keeps the session, and a 401 starts a sign-in', async () => {
    const { manager, authentication } = fakeUserManager(async () => {
      throw new Error('Network Error');
    });
    expect(await authentication.renewAccessToken()).toBeUndefined();
    expect(manager.events._raiseSilentRenewError).not.toHaveBeenCalled();
    authentication.signInAgain();
    await settle();
    expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
  });
});
