import { randomBytes } from 'node:crypto';
import { decodeJwt, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, signIn, signOut, type Tokens } from '../../test-support/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/test-app';
import { loadSigningKeys } from './key-store';

const ISSUER = `${TEST_PUBLIC_URL}/idp`;
const AUDIENCE = `${TEST_PUBLIC_URL}/api`;
const SUBJECT = 'auth0|demo-sysadmin';

describe('the API refuses every access token that is not exactly right', () => {
  let portal: TestApp;
  let signingKey: JWK;
  let valid: Tokens;

  const call = (token: string | null) =>
    portal.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });

  /** A token signed with the provider's real key, with the claims and header a test wants. */
  const forge = async (
    claims: Record<string, unknown> = {},
    header: Record<string, unknown> = {},
    key: JWK = signingKey,
  ): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    // Every claim right includes the grant (the sign-in) the real token was issued under.
    const { gid } = decodeJwt(valid.accessToken);
    return new SignJWT({ scope: 'openid api', gid, ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid, ...header } as never)
      .setIssuer((claims.iss as string) ?? ISSUER)
      .setAudience((claims.aud as string) ?? AUDIENCE)
      .setSubject(SUBJECT)
      .setIssuedAt((claims.iat as number) ?? now)
      .setExpirationTime((claims.exp as number) ?? now + 600)
      .sign(await importJWK(key, 'RS256'));
  };

  beforeAll(async () => {
    portal = await createTestApp();
    const keys = await loadSigningKeys(portal.db);
    signingKey = keys[0] as JWK;
    valid = await signIn(portal.app, 'sysadmin@example.org');
  });
  afterAll(async () => {
    await portal.close();
  });

  it('accepts the access token the provider issued, and one forged here with every claim right', async () => {
    expect((await call(valid.accessToken)).statusCode).toBe(200);
    expect((await call(await forge())).statusCode).toBe(200);
  });

  it('accepts a token expired by less than the 60 s leeway', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await call(await forge({ exp: now - 30, iat: now - 600 }))).statusCode).toBe(200);
  });

  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each<[string, () => Promise<string | null>]>([
    ['no token at all', async () => null],
    ['a token that is not a JWT', async () => 'not-a-jwt'],
    [
      'a token expired beyond the leeway',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        return forge({ exp: now - 120, iat: now - 900 });
      },
    ],
    [
      'a token not yet valid (nbf beyond the leeway)',
      async () => forge({ nbf: Math.floor(Date.now() / 1000) + 300 }),
    ],
    ['a token issued in the future', async () => forge({ iat: Math.floor(Date.now() / 1000) + 600 })],
    ['a wrong issuer', async () => forge({ iss: 'http://evil.example/idp' })],
    ['a wrong audience', async () => forge({ aud: 'http://portal.test/other-api' })],
    [
      'alg none',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        return `${base64url({ alg: 'none', typ: 'at+jwt' })}.${base64url({ iss: ISSUER, aud: AUDIENCE, sub: SUBJECT, iat: now, exp: now + 600 })}.`;
      },
    ],
    [
      'HS256 signed with the public key',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        const publicKeyText = JSON.stringify({ kty: signingKey.kty, n: signingKey.n, e: signingKey.e });
        return new SignJWT({})
          .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: signingKey.kid as string })
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setSubject(SUBJECT)
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(new TextEncoder().encode(publicKeyText));
      },
    ],
    [
      'a tampered signature',
      async () => {
        const [header, payload] = valid.accessToken.split('.');
        return `${header}.${payload}.${randomBytes(256).toString('base64url')}`;
      },
    ],
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = valid.accessToken.split('.');
        const now = Math.floor(Date.now() / 1000);
        return `${header}.${base64url({ iss: ISSUER, aud: AUDIENCE, sub: 'auth0|demo-provider', iat: now, exp: now + 600 })}.${signature}`;
      },
    ],
    ['an unknown kid', async () => forge({}, { kid: 'unknown-key-id' })],
    ['an ID token presented as an access token', async () => valid.idToken],
    ['a token typed as a plain JWT', async () => forge({}, { typ: 'JWT' })],
  ])('refuses %s with 401 and a WWW-Authenticate challenge', async (_label, makeToken) => {
    const response = await call(await makeToken());
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="portal"/);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Authentication required',
    });
  });

  it('refuses a valid token of a user who has since been locked', async () => {
    const tokens = await signIn(portal.app, 'irhtech@example.org');
    await portal.db
      .updateTable('users')
      .set({ isLocked: true })
      .where('email', '=', 'irhtech@example.org')
      .execute();
    expect((await call(tokens.accessToken)).statusCode).toBe(401);
    await portal.db
      .updateTable('users')
      .set({ isLocked: false })
      .where('email', '=', 'irhtech@example.org')
      .execute();
  });

  it('refuses a token that names no sign-in, or a sign-in that never existed', async () => {
    expect((await call(await forge({ gid: undefined }))).statusCode).toBe(401);
    expect((await call(await forge({ gid: 'made-up-grant' }))).statusCode).toBe(401);
  });

  it('signing out ends the access token and the refresh token at once, and only that sign-in', async () => {
    const signedOut = await signIn(portal.app, 'nurse@example.org');
    const otherDevice = await signIn(portal.app, 'nurse@example.org');
    expect((await call(signedOut.accessToken)).statusCode).toBe(200);

    expect(await signOut(portal.app, signedOut)).toBe(303);

    expect((await call(signedOut.accessToken)).statusCode).toBe(401);
    expect((await refreshTokens(portal.app, signedOut.refreshToken)).statusCode).toBe(400);
    // The same user's other sign-in (another browser) goes on.
    expect((await call(otherDevice.accessToken)).statusCode).toBe(200);
  });

  it('a reused refresh token revokes its grant, and with it the access tokens already issued', async () => {
    const tokens = await signIn(portal.app, 'readonly@example.org');
    const renewed = await refreshTokens(portal.app, tokens.refreshToken);
    expect(renewed.statusCode).toBe(200);
    const renewedAccess = renewed.json().access_token as string;
    // A thief replays the first refresh token: the provider treats the whole grant as stolen.
    expect((await refreshTokens(portal.app, tokens.refreshToken)).statusCode).toBe(400);
    expect((await call(renewedAccess)).statusCode).toBe(401);
    expect((await call(tokens.accessToken)).statusCode).toBe(401);
  });

  it('locking a user through the API ends their access token at once', async () => {
    const admin = await signIn(portal.app, 'irhadmin@example.org');
    const tech = await signIn(portal.app, 'devicetech@example.org');
    expect((await call(tech.accessToken)).statusCode).toBe(200);
    const lock = await portal.app.inject({
      method: 'POST',
      url: `/api/users/${encodeURIComponent('auth0|demo-devicetech')}/lock-state`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
      payload: { isLocked: true },
    });
    expect(lock.statusCode).toBe(200);
    expect((await call(tech.accessToken)).statusCode).toBe(401);
    expect((await refreshTokens(portal.app, tech.refreshToken)).statusCode).toBe(400);
  });
});
