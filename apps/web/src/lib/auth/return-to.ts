import { AUTH_CALLBACK_PATH } from '../constants';

/** What the portal keeps in the OIDC sign-in state: where to go once signed in. */
export type SignInState = { returnTo: string };

/** Only a path on this origin: '/x?y#z', never '//host' or '/\\host' (no open redirect). */
export function isSafeReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
  );
}

/** The return-to path kept in a sign-in state, if it is a safe one. */
export function readReturnTo(state: unknown): string | undefined {
  const returnTo = (state as Partial<SignInState> | null | undefined)?.returnTo;
  return isSafeReturnPath(returnTo) ? returnTo : undefined;
}

const SIGN_IN_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'session_state', 'iss'];

/** The address without the provider's answer (code, state, error, iss…). */
export function stripSignInParams(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const params = new URLSearchParams(location.search);
  for (const name of SIGN_IN_PARAMS) params.delete(name);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

/** The provider sends the browser back to '/' with only a state after sign-out. */
export function isSignOutLanding(location: Pick<Location, 'pathname' | 'search'>): boolean {
  const params = new URLSearchParams(location.search);
  return location.pathname === '/' && params.has('state') && !params.has('code') && !params.has('error');
}

/**
 * Where a sign-in started now should come back to: the page the user is on, deep-link query included
 * (/signature/dashboard/?clinicNpi=…&idIn=…). The callback and sign-out landing pages return to '/'.
 */
export function currentReturnTo(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
): string {
  if (location.pathname === AUTH_CALLBACK_PATH || isSignOutLanding(location)) return '/';
  return `${location.pathname}${location.search}${location.hash}`;
}
