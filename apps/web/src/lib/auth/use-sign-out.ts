import { useCallback } from 'react';
import { useAuth } from 'react-oidc-context';
import { createLogger } from '../logger';
import { setSigningOut } from './signing-out';

const log = createLogger('login');

/**
 * Signs out for real: revokes the refresh token (it would otherwise outlive the provider session),
 * then ends the provider session through its end-session endpoint with the ID token as hint. The
 * provider sends the browser back to the portal's start page, which then asks for a sign-in.
 */
export function useSignOut(): () => Promise<void> {
  const auth = useAuth();
  return useCallback(async () => {
    setSigningOut(true);
    const idToken = auth.user?.id_token;
    try {
      await auth.revokeTokens(['refresh_token']);
    } catch (error) {
      log.warn('Refresh token revocation failed', error instanceof Error ? error.message : error);
    }
    // react-oidc-context reports a failure through auth.error; the sign-in gate shows it.
    await auth.signoutRedirect(idToken ? { id_token_hint: idToken } : undefined);
  }, [auth]);
}
