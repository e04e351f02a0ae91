// @vitest-environment jsdom
import { User, UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUserManagerSettings } from './oidc-settings';
import { PortalUserManager } from './portal-user-manager';

const oidc = {
  authority: 'https://portal.example.org/idp',
  clientId: 'portal-web',
  audience: 'https://portal.example.org/api',
  scope: 'openid profile email offline_access',
  embedded: true,
};

function storedUser(refreshToken: string, expiresInSeconds: number): User {
  return new User({
    access_token: `access-${refreshToken}`,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    profile: { sub: 'auth0|1', iss: oidc.authority, aud: oidc.clientId, exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
  });
}

describe('PortalUserManager: silent renewal safe for rotating refresh tokens', () => {
  let manager: PortalUserManager;

  beforeEach(() => {
    localStorage.clear();
    manager = new PortalUserManager({
      ...buildUserManagerSettings(oidc, 'https://portal.example.org'),
      automaticSilentRenew: false,
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('runs one renewal at a time: concurrent callers share it', async () => {
    await manager.storeUser(storedUser('r1', -10));
    const renewed = storedUser('r2', 900);
    const renew = vi.spyOn(UserManager.prototype, 'signinSilent').mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return renewed;
    });
    const results = await Promise.all([
      manager.signinSilent(),
      manager.signinSilent(),
      manager.signinSilent(),
    ]);
    expect(results).toEqual([renewed, renewed, renewed]);
    expect(renew).toHaveBeenCalledTimes(1);

    // The next renewal is a new one.
    await manager.signinSilent();
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it("uses another tab's fresh tokens instead of presenting a refresh token that tab already used", async () => {
    await manager.storeUser(storedUser('r1', -10));
    const loaded = vi.fn();
    manager.events.addUserLoaded(loaded);
    const renew = vi.spyOn(UserManager.prototype, 'signinSilent');
    // While this tab waits for the lock, the other tab renews and stores its result.
    vi.spyOn(manager, 'getUser')
      .mockResolvedValueOnce(storedUser('r1', -10))
      .mockResolvedValueOnce(storedUser('r2', 900));

    const user = await manager.signinSilent();
    expect(user?.refresh_token).toBe('r2');
    expect(renew).not.toHaveBeenCalled();
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('answers login_required when no session is stored (signed out in another tab)', async () => {
    const renew = vi.spyOn(UserManager.prototype, 'signinSilent');
    await expect(manager.signinSilent()).rejects.toMatchObject({ error: 'login_required' });
    expect(renew).not.toHaveBeenCalled();
  });

  it("fails at once with 'Missing Refresh Token' rather than trying a hidden frame", async () => {
    const withoutRefresh = storedUser('r1', -10);
    withoutRefresh.refresh_token = undefined;
    await manager.storeUser(withoutRefresh);
    const renew = vi.spyOn(UserManager.prototype, 'signinSilent');
    await expect(manager.signinSilent()).rejects.toThrow('Missing Refresh Token');
    expect(renew).not.toHaveBeenCalled();
  });

  it('lets a failure through to every caller, and the next call tries again', async () => {
    await manager.storeUser(storedUser('r1', -10));
    const renew = vi
      .spyOn(UserManager.prototype, 'signinSilent')
      .mockRejectedValueOnce(new Error('invalid_grant'))
      .mockResolvedValueOnce(storedUser('r2', 900));
    await expect(Promise.all([manager.signinSilent(), manager.signinSilent()])).rejects.toThrow(
      'invalid_grant',
    );
    expect(renew).toHaveBeenCalledTimes(1);
    await expect(manager.signinSilent()).resolves.toMatchObject({ refresh_token: 'r2' });
  });
});

describe('the OIDC settings', () => {
  it('asks the embedded provider for an API token (resource) and an external one Auth0-style (audience)', () => {
    const embedded = buildUserManagerSettings(oidc, 'https://portal.example.org');
    expect(embedded.extraQueryParams).toEqual({ resource: oidc.audience });
    const external = buildUserManagerSettings({ ...oidc, embedded: false }, 'https://portal.example.org');
    expect(external.extraQueryParams).toEqual({ audience: oidc.audience });
  });

  it('uses the code flow with the callback, refresh tokens, and SPEC §9 pop-up and time-outs', () => {
    const settings = buildUserManagerSettings({ ...oidc, scope: 'openid' }, 'https://portal.example.org');
    expect(settings).toMatchObject({
      response_type: 'code',
      redirect_uri: 'https://portal.example.org/auth/callback',
      popup_redirect_uri: 'https://portal.example.org/auth/callback',
      post_logout_redirect_uri: 'https://portal.example.org/',
      automaticSilentRenew: true,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      silentRequestTimeoutInSeconds: 60,
      requestTimeoutInSeconds: 10,
      popupWindowFeatures: { width: 400, height: 600 },
    });
    expect(settings.scope).toBe('openid profile email offline_access');
  });

  it('keeps the user in local storage (SPEC §1)', async () => {
    localStorage.clear();
    const manager = new UserManager(buildUserManagerSettings(oidc, 'https://portal.example.org'));
    await manager.storeUser(storedUser('r1', 900));
    expect(Object.keys(localStorage)).toContain(`oidc.user:${oidc.authority}:${oidc.clientId}`);
    manager.stopSilentRenew();
  });
});
