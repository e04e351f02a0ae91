import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DEMO_PASSWORD } from '../../test-support/database-templates';
import { SignInFailedError, signIn } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { ACCOUNT_LOCKED_MESSAGE, SIGN_IN_FAILED_MESSAGE } from './check-credentials';

const html = (message: string) => message.replace(/'/g, '&#39;');

async function failedSignIn(portal: TestApp, email: string, password: string): Promise<SignInFailedError> {
  try {
    await signIn(portal.app, email, password);
  } catch (error) {
    if (error instanceof SignInFailedError) return error;
    throw error;
  }
  throw new Error('the sign-in succeeded');
}

describe('the login page', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp();
  });
  afterAll(async () => {
    await portal.close();
  });

  it('renders Email, Password and a Sign in button, with no inline script', async () => {
    const start = await portal.app.inject({
      method: 'GET',
      url: '/idp/auth?client_id=portal-web&response_type=code&scope=openid&redirect_uri=http%3A%2F%2Fportal.test%2Fauth%2Fcallback&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256',
    });
    const cookie = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const page = await portal.app.inject({
      method: 'GET',
      url: String(start.headers.location),
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('answers a wrong password and an unknown e-mail with the same message', async () => {
    const wrongPassword = await failedSignIn(portal, 'nurse@example.org', 'wrong-password-123');
    const unknownEmail = await failedSignIn(portal, 'nobody@example.org', 'wrong-password-123');
    for (const failure of [wrongPassword, unknownEmail]) {
      expect(failure.statusCode).toBe(401);
      expect(failure.body).toContain(html(SIGN_IN_FAILED_MESSAGE));
    }
    // Apart from the echoed e-mail and the interaction id, the two pages are identical.
    const neutral = (body: string) =>
      body.replace(/value="[^"]*"/g, '').replace(/\/interaction\/[^/]+\//g, '/interaction/x/');
    expect(neutral(wrongPassword.body)).toBe(neutral(unknownEmail.body));
  });

  it('five failures lock the account for 15 minutes, even for the right password', async () => {
    for (let attempt = 0; attempt < 5; attempt++)
      await failedSignIn(portal, 'readonly@example.org', 'not-the-password');
    const locked = await portal.db
      .selectFrom('users')
      .select('loginLockedUntil')
      .where('email', '=', 'readonly@example.org')
      .executeTakeFirstOrThrow();
    const minutes = ((locked.loginLockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // The right password is told the account is locked; a wrong one learns nothing new.
    const rightPassword = await failedSignIn(portal, 'readonly@example.org', TEST_DEMO_PASSWORD);
    expect(rightPassword.body).toContain(html(ACCOUNT_LOCKED_MESSAGE));
    const wrongPassword = await failedSignIn(portal, 'readonly@example.org', 'not-the-password');
    expect(wrongPassword.body).toContain(html(SIGN_IN_FAILED_MESSAGE));
    expect(wrongPassword.body).not.toContain('locked.');

    await portal.db
      .updateTable('users')
      .set({ loginLockedUntil: new Date(Date.now() - 1000) })
      .where('email', '=', 'readonly@example.org')
      .execute();
    await expect(signIn(portal.app, 'readonly@example.org')).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  it('a user with isLocked set cannot sign in', async () => {
    await portal.db
      .updateTable('users')
      .set({ isLocked: true })
      .where('email', '=', 'devicetech@example.org')
      .execute();
    const rightPassword = await failedSignIn(portal, 'devicetech@example.org', TEST_DEMO_PASSWORD);
    expect(rightPassword.statusCode).toBe(401);
    expect(rightPassword.body).toContain(html(ACCOUNT_LOCKED_MESSAGE));
    const wrongPassword = await failedSignIn(portal, 'devicetech@example.org', 'wrong-password-123');
    const unknownEmail = await failedSignIn(portal, 'nobody@example.org', 'wrong-password-123');
    const neutral = (body: string) =>
      body.replace(/value="[^"]*"/g, '').replace(/\/interaction\/[^/]+\//g, '/interaction/x/');
    expect(neutral(wrongPassword.body)).toBe(neutral(unknownEmail.body));
  });
});

describe('rate limits on the login and token endpoints', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await portal.close();
  });

  it('answers 429 with Retry-After once an IP exceeds the limit', async () => {
    const post = () =>
      portal.app.inject({
        method: 'POST',
        url: '/idp/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=refresh_token&client_id=portal-web&refresh_token=nope',
      });
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await post()).statusCode);
    expect(statuses.slice(0, 3).every((status) => status === 400)).toBe(true);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  });
});
