import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DEMO_PASSWORD } from '../../test-support/database-templates';
import { injectTransport, SignInFailedError, signInWith, type Transport } from '../../test-support/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/test-app';

/** One sign-in attempt through the real login form; its answer's status (303 = signed in). */
async function attemptSignIn(send: Transport, email: string, password: string): Promise<number> {
  try {
    await signInWith(send, TEST_PUBLIC_URL, email, password);
    return 303;
  } catch (error) {
    if (error instanceof SignInFailedError) return error.statusCode;
    throw error;
  }
}

const tokenRequest = (portal: TestApp, headers: Record<string, string> = {}) =>
  portal.app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: 'grant_type=refresh_token&client_id=portal-web&refresh_token=nope',
  });

let rotation = 0;
/** A new forged client address each call, as the attacker's script rotated them. */
const rotatingAddress = () => ({ 'x-forwarded-for': `203.0.113.${(rotation++ % 250) + 1}` });

describe('without TRUST_PROXY, forwarded headers are not believed', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await portal.close();
  });

  it('a rotating X-Forwarded-For does not get past the per-address limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await tokenRequest(portal, rotatingAddress())).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
  });

  it('the OpenID discovery document names PUBLIC_URL, whatever Host or X-Forwarded-Host says', async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: '/idp/.well-known/openid-configuration',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('evil.example');
    const discovery = response.json() as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${TEST_PUBLIC_URL}/idp`);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint']) {
      expect(String(discovery[endpoint]), endpoint).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/idp/`));
    }
  });

  it('the login redirect goes to PUBLIC_URL too', async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: `/idp/auth?client_id=portal-web&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${TEST_PUBLIC_URL}/auth/callback`)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(String(response.headers.location ?? '')).not.toContain('evil.example');
  });
});

describe('behind a proxy listed in TRUST_PROXY', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp({
      env: {
        TRUST_PROXY: '127.0.0.1',
        LOGIN_RATE_LIMIT_PER_MINUTE: '3',
        LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '4',
      },
    });
  });
  afterAll(async () => {
    await portal.close();
  });

  it("the proxy's X-Forwarded-For is the client address: each client has its own budget", async () => {
    const client = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++)
      statuses.push((await tokenRequest(portal, client)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await tokenRequest(portal, { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(400);
  });

  it('guessing one account from rotating addresses stops at the per-account limit, for any e-mail', async () => {
    for (const email of ['nurse@example.org', 'nobody-here@example.org']) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        statuses.push(
          await attemptSignIn(injectTransport(portal.app, rotatingAddress()), email, 'wrong-password'),
        );
      }
      expect(statuses, email).toEqual([401, 401, 401, 401, 429, 429]);
    }
    // The right password is refused too while the account's budget is spent, and nothing says whether
    // the account exists.
    const refused = await attemptSignIn(
      injectTransport(portal.app, rotatingAddress()),
      'nurse@example.org',
      TEST_DEMO_PASSWORD,
    );
    expect(refused).toBe(429);
    // Another account is not affected.
    expect(
      await attemptSignIn(
        injectTransport(portal.app, rotatingAddress()),
        'provider@example.org',
        TEST_DEMO_PASSWORD,
      ),
    ).toBe(303);
  });

  it('answers the limited login with Retry-After and a message on the login page', async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.7' },
      payload: 'grant_type=refresh_token&client_id=portal-web&refresh_token=nope',
    });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});
