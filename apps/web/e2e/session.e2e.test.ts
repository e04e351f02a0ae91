import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession } from './support/browser';
import {
  DEMO_CLINIC,
  loginPageUrl,
  readAccessToken,
  signIn,
  submitLogin,
  userMenuButton,
} from './support/portal';

const baseUrl = inject('baseUrl');

/** Changes the stored OIDC user the way a test needs (a spoiled token, a lost refresh token). */
function editStoredUser(page: Page, change: { access_token?: string; refresh_token?: null }) {
  return page.evaluate((patch) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    if (!key) throw new Error('no stored user');
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    for (const [field, value] of Object.entries(patch)) {
      if (value === null) delete stored[field];
      else stored[field] = value;
    }
    localStorage.setItem(key, JSON.stringify(stored));
  }, change);
}

describe('keeping a session alive, and ending it', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  const session = useBrowserSession({ viewport: { width: 1280, height: 800 } });
  beforeEach(async () => {
    ({ browser, context, page, problems } = session);
  });

  it('renews the access token through the refresh token before it expires', async () => {
    await page.clock.install();
    await signIn(page, baseUrl, 'nurse@example.org');
    const first = await readAccessToken(page);
    // Access tokens live 15 minutes; renewal starts 60 s before the end.
    await page.clock.fastForward('14:10');
    await expect.poll(() => readAccessToken(page)).not.toBe(first);
    // The new token works: a reload shows the portal straight away.
    await page.reload();
    await userMenuButton(page).waitFor();
  });

  it('answers a 401 with one silent renewal and carries on', async () => {
    await signIn(page, baseUrl, 'provider@example.org');
    await editStoredUser(page, { access_token: 'spoiled.token.value' });
    const unauthorized: string[] = [];
    const renewals: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() === 401) unauthorized.push(path);
      if (path === '/idp/token' && response.request().method() === 'POST') renewals.push(path);
    });
    await page.reload();
    await userMenuButton(page).waitFor();
    // Every call that went out with the spoiled token was refused; all of them share one renewal. Which
    // calls went out before the first refusal started the renewal depends on timing: a call made after
    // it waits for the new token and is never refused.
    expect(unauthorized.length).toBeGreaterThan(0);
    expect(unauthorized.every((path) => path.startsWith('/api/'))).toBe(true);
    expect(renewals).toHaveLength(1);
    expect(await readAccessToken(page)).not.toBe('spoiled.token.value');
    expect(await page.getByText('Your session has ended').count()).toBe(0);
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('status of 401')));
  });

  it('signs in again when the 401 cannot be renewed away, and comes back to the page', async () => {
    await signIn(page, baseUrl, 'clinicadmin@example.org', { path: '/admin/users' });
    await editStoredUser(page, { access_token: 'spoiled.token.value', refresh_token: null });
    await page.reload();
    // The provider session is still there, so the sign-in goes straight through and back.
    await page.waitForURL(`${baseUrl}/admin/users`);
    await userMenuButton(page).waitFor();
    expect(await readAccessToken(page)).not.toBe('spoiled.token.value');
    problems.splice(
      0,
      problems.length,
      ...problems.filter((p) => !p.includes('status of 401') && !p.includes('[app] API call failed')),
    );
  });

  it('signing out in one tab ends the session in the others', async () => {
    await signIn(page, baseUrl, 'nurse@example.org');
    const other = await context.newPage();
    await other.goto(`${baseUrl}/`);
    await userMenuButton(other).waitFor();

    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(loginPageUrl);

    await other.getByText('Your session has ended. Sign in again to continue.').waitFor();
    expect(await userMenuButton(other).count()).toBe(0);
  });

  it('ends the session when the provider refuses the refresh token (the user was locked meanwhile)', async () => {
    // An administrator makes a user with a password, through the API with their own token.
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signIn(adminPage, baseUrl, 'clinicadmin@example.org');
    const adminToken = await readAccessToken(adminPage);
    await admin.close();
    const api = (path: string, body: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const email = `temp.staff.${Date.now()}@example.org`;
    const password = 'Temp-Staff-Password-2026!';
    const created = await api('/api/users/create', {
      email,
      firstName: 'Temp',
      lastName: 'Staff',
      roles: [{ role: 'nurse', clinicNPI: DEMO_CLINIC.npi }],
      password,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.clock.install();
    // API calls in flight: a renewal one of them starts just before the clock jumps would time out at the
    // jump (a passing failure, which rightly starts a sign-in), so the jump waits for quiet.
    let apiCallsInFlight = 0;
    const isApiCall = (url: string) => new URL(url).pathname.startsWith('/api/');
    page.on('request', (request) => {
      if (isApiCall(request.url())) apiCallsInFlight += 1;
    });
    const settle = (request: Request) => {
      if (isApiCall(request.url())) apiCallsInFlight -= 1;
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    // Signed in on a page with few API calls of its own (the header's still make some). Whichever comes
    // first, a 401 or the timed renewal, the refused refresh token must end the session, not start a
    // sign-in.
    await signIn(page, baseUrl, email, { password, path: '/no/such/page' });
    await page.locator('[data-realtime="live"]').waitFor();
    await expect.poll(() => apiCallsInFlight).toBe(0);
    expect((await api(`/api/users/${encodeURIComponent(id)}/lock-state`, { isLocked: true })).status).toBe(
      200,
    );

    // The next renewal is refused: this tab forgets the user and says why, without a redirect loop.
    await page.clock.fastForward('14:10');
    await page.getByText('Your session has ended. Sign in again to continue.').waitFor();
    expect(await readAccessToken(page)).toBeUndefined();
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true);

    // Signing in again: the right password is told the account is locked; a wrong one only that it failed.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(loginPageUrl);
    await submitLogin(page, email, password);
    await page
      .getByRole('alert')
      .filter({ hasText: 'This account is locked. Ask your clinic administrator.' })
      .waitFor();
    await saveScreenshot(page, 'login-account-locked', { fullPage: false });
    await submitLogin(page, email, 'not-the-password-2026');
    await page
      .getByRole('alert')
      .filter({ hasText: /^Sign-in failed\./ })
      .waitFor();
    expect(await page.getByText('locked.').count()).toBe(0);
    // Expected here: the token endpoint's 400, and the 401s the locked user's calls got (the header's
    // notification bell calls the API on every page), which led to the refused renewal.
    problems.splice(
      0,
      problems.length,
      ...problems.filter((p) => !/status of 40[01]|API call failed \{statusCode: 401/.test(p)),
    );
  });
});
