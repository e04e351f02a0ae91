import { describe, expect, it } from 'vitest';
import {
  currentReturnTo,
  isSafeReturnPath,
  isSignOutLanding,
  readReturnTo,
  stripSignInParams,
} from './return-to';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('where a sign-in comes back to', () => {
  it('is the page it started on, deep-link query and hash included', () => {
    const link = at('/signature/dashboard/', '?clinicNpi=1209945553&idIn=123', '#note');
    expect(currentReturnTo(link)).toBe('/signature/dashboard/?clinicNpi=1209945553&idIn=123#note');
  });

  it("is '/' from the callback page and from the sign-out landing", () => {
    expect(currentReturnTo(at('/auth/callback', '?code=x&state=y'))).toBe('/');
    expect(currentReturnTo(at('/', '?state=abc'))).toBe('/');
    expect(isSignOutLanding(at('/', '?state=abc'))).toBe(true);
    expect(isSignOutLanding(at('/', '?code=1&state=abc'))).toBe(false);
  });

  it('is read back from the sign-in state only when it is a path on this site', () => {
    expect(readReturnTo({ returnTo: '/admin/users?page=2' })).toBe('/admin/users?page=2');
    expect(readReturnTo({ returnTo: '//evil.example/' })).toBeUndefined();
    expect(readReturnTo({ returnTo: '/\\evil.example/' })).toBeUndefined();
    expect(readReturnTo({ returnTo: 'https://evil.example/' })).toBeUndefined();
    expect(readReturnTo(undefined)).toBeUndefined();
    expect(readReturnTo('oops')).toBeUndefined();
    expect(isSafeReturnPath('/')).toBe(true);
  });

  it("drops the provider's answer from an address and keeps the rest", () => {
    expect(stripSignInParams(at('/auth/callback', '?code=c&state=s&iss=http%3A%2F%2Fx&keep=1'))).toBe(
      '/auth/callback?keep=1',
    );
    expect(stripSignInParams(at('/x', '?error=login_required&state=s'))).toBe('/x');
  });
});
