// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorResponse, User } from 'oidc-client-ts';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED_NOTICE } from '../auth-view';
import { AuthGate } from './auth-gate';

function fakeAuth(state: Partial<AuthContextProps> = {}): AuthContextProps {
  return {
    isLoading: false,
    isAuthenticated: false,
    user: null,
    signinRedirect: vi.fn(async () => undefined),
    signinPopup: vi.fn(async () => ({}) as User),
    signinSilent: vi.fn(async () => null),
    removeUser: vi.fn(async () => undefined),
    ...state,
  } as unknown as AuthContextProps;
}

function renderGate(auth: AuthContextProps, queryClient = new QueryClient()) {
  const tree = (value: AuthContextProps) => (
    <QueryClientProvider client={queryClient}>
      <AuthContext value={value}>
        <AuthGate>
          <p>The portal</p>
        </AuthGate>
      </AuthContext>
    </QueryClientProvider>
  );
  const view = render(tree(auth));
  return { ...view, update: (next: AuthContextProps) => view.rerender(tree(next)) };
}

function user(expiresIn: number, refreshToken?: string) {
  return new User({
    access_token: 'a',
    token_type: 'Bearer',
    refresh_token: refreshToken,
    profile: { sub: 'auth0|1', iss: 'https://idp', aud: 'portal-web', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
  });
}

describe('AuthGate', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });
  afterEach(cleanup);

  it('shows the portal to a signed-in user', () => {
    renderGate(fakeAuth({ isAuthenticated: true, user: user(900) }));
    expect(screen.getByText('The portal')).toBeTruthy();
  });

  it('is loading while react-oidc-context initialises', () => {
    renderGate(fakeAuth({ isLoading: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Signing in…' })).toBeTruthy();
    expect(screen.queryByText('The portal')).toBeNull();
  });

  it('starts the redirect sign-in once on an unauthenticated visit, returning to the deep link', () => {
    window.history.replaceState(null, '', '/signature/dashboard/?clinicNpi=1209945553&idIn=123');
    const auth = fakeAuth();
    const { update } = renderGate(auth);
    update({ ...auth });
    expect(auth.signinRedirect).toHaveBeenCalledTimes(1);
    expect(auth.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/signature/dashboard/?clinicNpi=1209945553&idIn=123' },
    });
    expect(screen.getByRole('heading', { name: 'Redirecting to sign-in…' })).toBeTruthy();
  });

  it('first tries a stored session through its refresh token', async () => {
    const stored = user(-30, 'refresh-1');
    let settle = (_user: User | null) => {};
    const auth = fakeAuth({
      user: stored,
      signinSilent: vi.fn(() => new Promise<User | null>((resolve) => (settle = resolve))),
    });
    const { update } = renderGate(auth);
    expect(auth.signinSilent).toHaveBeenCalledTimes(1);
    // react-oidc-context is busy with it (its signinSilent sets isLoading in the same update).
    update({ ...auth, isLoading: true, activeNavigator: 'signinSilent' });
    expect(screen.getByRole('heading', { name: 'Restoring your session…' })).toBeTruthy();
    expect(auth.signinRedirect).not.toHaveBeenCalled();
    // It worked: the portal.
    const renewed = user(900, 'refresh-2');
    update({ ...auth, isAuthenticated: true, user: renewed });
    await act(async () => settle(renewed));
    expect(screen.getByText('The portal')).toBeTruthy();
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it('shows the SPEC message of a failed sign-in and offers both ways to sign in', async () => {
    const auth = fakeAuth({
      error: { name: 'Error', message: 'Popup closed by user', source: 'signinPopup', args: undefined },
    });
    renderGate(auth);
    expect(screen.getByRole('alert').textContent).toBe('Popup closed');
    expect(auth.signinRedirect).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a pop-up window' }));
    expect(auth.signinPopup).toHaveBeenCalledWith(
      expect.objectContaining({ popupWindowFeatures: { width: 400, height: 600 }, popupAbortOnClose: true }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' } });
  });

  it('logs out locally when a background renewal says login_required, and says why', () => {
    const error = {
      name: 'ErrorResponse',
      message: 'login_required',
      innerError: new ErrorResponse({ error: 'login_required' }),
      source: 'renewSilent' as const,
    };
    const signedIn = fakeAuth({ isAuthenticated: true, user: user(900) });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['portal-config'], { title: 'Portal' });
    queryClient.setQueryData(['users', 'list', '1209945553'], { rows: ['someone'] });
    const { update } = renderGate(signedIn, queryClient);
    expect(screen.getByText('The portal')).toBeTruthy();

    const failing = fakeAuth({ ...signedIn, error, removeUser: signedIn.removeUser });
    update(failing);
    expect(signedIn.removeUser).toHaveBeenCalledTimes(1);
    // What the signed-out user loaded is gone; the run-time configuration stays.
    expect(queryClient.getQueryData(['users', 'list', '1209945553'])).toBeUndefined();
    expect(queryClient.getQueryData(['portal-config'])).toEqual({ title: 'Portal' });

    // react-oidc-context then drops the user; its error stays set.
    update(fakeAuth({ error, removeUser: signedIn.removeUser, signinRedirect: signedIn.signinRedirect }));
    expect(screen.getByText(SESSION_ENDED_NOTICE)).toBeTruthy();
    expect(signedIn.signinRedirect).not.toHaveBeenCalled();
  });

  it('ends this tab’s session when another tab signs out (the stored user is removed)', () => {
    const signedIn = fakeAuth({ isAuthenticated: true, user: user(900) });
    const { update } = renderGate(signedIn);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'oidc.user:https://idp:portal-web', newValue: null }),
      );
    });
    expect(signedIn.removeUser).toHaveBeenCalledTimes(1);
    update(fakeAuth({ removeUser: signedIn.removeUser, signinRedirect: signedIn.signinRedirect }));
    expect(screen.getByText(SESSION_ENDED_NOTICE)).toBeTruthy();
    expect(signedIn.signinRedirect).not.toHaveBeenCalled();
  });

  it('ignores another tab storing renewed tokens', () => {
    const signedIn = fakeAuth({ isAuthenticated: true, user: user(900) });
    renderGate(signedIn);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'oidc.user:https://idp:portal-web', newValue: '{}' }),
      );
    });
    expect(signedIn.removeUser).not.toHaveBeenCalled();
  });
});
