import { describe, expect, it } from 'vitest';
import { buildScope } from './sign-in-constants';
import { isSignedOutErrorCode } from './sign-in-messages';

describe('buildScope', () => {
  it.each([
    ['without refresh tokens: the default scope', false, '', 'openid profile email'],
    ['with refresh tokens: offline_access is added', true, '', 'openid profile email offline_access'],
    [
      'extra scopes are added once',
      true,
      'email read:reports',
      'openid profile email read:reports offline_access',
    ],
  ])('%s', (_story, useRefreshTokens, extra, scope) => {
    expect(buildScope(useRefreshTokens, extra)).toBe(scope);
  });
});

describe('isSignedOutErrorCode', () => {
  it.each([
    ['login_required', true],
    ['consent_required', true],
    ['interaction_required', true],
    ['account_selection_required', true],
    ['access_denied', true],
    ['mfa_required', false],
    ['invalid_grant', false],
    [undefined, false],
  ])('the silent check treats %s as signed out: %s', (code, expected) => {
    expect(isSignedOutErrorCode(code)).toBe(expected);
  });
});
