import { MISSING_REFRESH_TOKEN_MESSAGE, TOKEN_EXPIRY_MARGIN_SECONDS } from '@portal/domain';
import { ErrorResponse, type SigninSilentArgs, type User, UserManager } from 'oidc-client-ts';
import { withTokenLock } from './token-lock';

function isFresh(user: User): boolean {
  return !user.expired && (user.expires_in ?? 0) > TOKEN_EXPIRY_MARGIN_SECONDS;
}

function noStoredSession(): ErrorResponse {
  return new ErrorResponse({ error: 'login_required', error_description: 'No stored session' });
}

/**
 * oidc-client-ts's UserManager, with silent renewal made safe for rotating refresh tokens:
 * - one renewal at a time in this tab (the automatic renewal and a 401 from the API share it);
 * - one at a time across tabs (withTokenLock), and a tab that waited uses what another tab just got
 *   instead of presenting the refresh token that tab already used;
 * - with no stored session (another tab signed out) it answers login_required, a signed-out state;
 * - without a refresh token it fails at once ('Missing Refresh Token') instead of trying a hidden
 *   frame: the portal may not be framed (CSP frame-ancestors 'none'), and oidc-client-ts would wait
 *   for the frame until its time-out. A new sign-in is the way out.
 */
export class PortalUserManager extends UserManager {
  #renewal: Promise<User | null> | undefined;

  override signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    this.#renewal ??= this.#renew(args).finally(() => {
      this.#renewal = undefined;
    });
    return this.#renewal;
  }

  async #renew(args: SigninSilentArgs | undefined): Promise<User | null> {
    const before = await this.getUser();
    if (!before) throw noStoredSession();
    return withTokenLock(async () => {
      const current = await this.getUser();
      if (!current) throw noStoredSession();
      if (current.refresh_token !== before.refresh_token && isFresh(current)) {
        // Another tab renewed while this one waited: take its tokens and tell the app.
        await this.events.load(current);
        return current;
      }
      if (!current.refresh_token) throw new Error(MISSING_REFRESH_TOKEN_MESSAGE);
      return super.signinSilent(args);
    });
  }
}
