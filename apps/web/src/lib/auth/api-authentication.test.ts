// @vitest-environment jsdom
import { ErrorResponse, type UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { createApiAuthentication } from './api-authentication';

function fakeUserManager(signinSilent: () => Promise<unknown>) {
  const userLoaded: (() => void)[] = [];
  const manager = {
    signinSilent: vi.fn(signinSilent),
    signinRedirect: vi.fn(async () => {}),
    getUser: vi.fn(async () => null),
    events: {
      addUserLoaded: (callback: () => void) => userLoaded.push(callback),
      _raiseSilentRenewError: vi.fn(async () => {}),
    },
  };
  return {
    manager,
    asUserManager: manager as unknown as UserManager,
    loadUser: () => {
      for (const callback of userLoaded) callback();
    },
  };
}

describe('the api client’s renewal', () => {
  it('a refused refresh token ends the session instead of starting a sign-in', async () => {
    const refused = new ErrorResponse({
      error: 'invalid_grant',
      error_description: 'grant request is invalid',
    });
    const { manager, asUserManager, loadUser } = fakeUserManager(async () => {
      throw refused;
    });
    const authentication = createApiAuthentication(asUserManager);
    expect(await authentication.renewAccessToken()).toBeUndefined();
    expect(manager.events._raiseSilentRenewError).toHaveBeenCalledWith(refused);
    authentication.signInAgain();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    // A later sign-in (a new user loaded) makes 401s start a sign-in again.
    loadUser();
    authentication.signInAgain();
    expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('a passing failure (the network) leaves the session and lets a 401 start a sign-in', async () => {
    const { manager, asUserManager } = fakeUserManager(async () => {
      throw new Error('Network Error');
    });
    const authentication = createApiAuthentication(asUserManager);
    expect(await authentication.renewAccessToken()).toBeUndefined();
    expect(manager.events._raiseSilentRenewError).not.toHaveBeenCalled();
    authentication.signInAgain();
    expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
  });
});
