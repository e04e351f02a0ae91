import type { BrowserContext, Page } from 'playwright-core';
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
const ADMIN_EMAIL = 'sysadmin@example.org';
const LINK_PATTERN = /https?:\/\/\S+\/account\/password-change\/[A-Za-z0-9_-]+/;

type OutboxEmail = { to: string; kind: string; body: string };

/** Calls the portal API with an administrator's token, as the E-mail outbox page does. */
async function callApi<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

describe('Forgot password? in a real browser: the e-mailed link sets a new password', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  const session = useBrowserSession({ viewport: { width: 1280, height: 800 } });
  beforeEach(async () => {
    ({ context, page, problems } = session);
  });

  it('a user who forgot their password asks for a link, sets a new password from it and signs in', async () => {
    // An administrator (in their own browser) adds the user, with a password the user will forget.
    const admin = await context.browser()?.newContext({ viewport: { width: 1440, height: 900 } });
    if (!admin) throw new Error('no browser');
    const adminPage = await admin.newPage();
    await signIn(adminPage, baseUrl, ADMIN_EMAIL, { path: '/admin/users' });
    const token = (await readAccessToken(adminPage)) ?? '';
    const run = String(Date.now());
    const email = `forgetful.${run}@example.org`;
    await callApi(token, 'POST', '/api/users/create', {
      email,
      firstName: 'Fergus',
      lastName: 'Forgetful',
      password: 'Old-Password-Nobody-Remembers-1',
      roles: [{ role: 'nurse', clinicNPI: DEMO_CLINIC.npi }],
    });
    // And one who has not set a password yet, to be told apart on the Users screen.
    const invitedEmail = `invited.${run}@example.org`;
    await callApi(token, 'POST', '/api/users/create', {
      email: invitedEmail,
      firstName: 'Ines',
      lastName: 'Invited',
      roles: [{ role: 'nurse', clinicNPI: DEMO_CLINIC.npi }],
    });

    // The sign-in page offers "Forgot password?".
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(loginPageUrl);
    const forgot = page.getByRole('link', { name: 'Forgot password?' });
    expect(await forgot.isVisible()).toBe(true);
    await saveScreenshot(page, 'forgot-password-sign-in-link', { fullPage: false });
    await forgot.click();
    await page.waitForURL(`${baseUrl}/account/forgot-password`);
    expect(await page.getByRole('heading', { name: 'Forgot your password?' }).isVisible()).toBe(true);
    await page.getByLabel('Email').fill(email);
    await saveScreenshot(page, 'forgot-password-ask', { fullPage: false });
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    const sentText = await page.locator('main').textContent();
    await saveScreenshot(page, 'forgot-password-sent', { fullPage: false });

    // Someone asking for an address without an account sees exactly the same.
    const stranger = await context.newPage();
    await stranger.goto(`${baseUrl}/account/forgot-password`);
    await stranger.getByLabel('Email').fill(`nobody.${Date.now()}@example.org`);
    await stranger.getByRole('button', { name: 'Send the link' }).click();
    await stranger.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await stranger.locator('main').textContent()).toBe(sentText);
    await stranger.close();

    // The e-mail waits in the outbox (no SMTP here): the administrator reads the link from it.
    const outbox = await callApi<{ data: OutboxEmail[] }>(
      token,
      'GET',
      '/api/notifications/email-outbox?limit=100',
    );
    const resets = outbox.data.filter((row) => row.kind === 'password-reset' && row.to === email);
    expect(resets).toHaveLength(1);
    const link = resets[0]?.body.match(LINK_PATTERN)?.[0];
    expect(link).toMatch(new RegExp(`^${baseUrl}/account/password-change/`));

    // The link opens the page that sets a new password; then the portal asks to sign in again.
    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const newPassword = 'Remembered-This-Time-2026';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await saveScreenshot(page, 'forgot-password-set-new', { fullPage: false });
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(loginPageUrl);

    // The old password no longer works; the new one does.
    await submitLogin(page, email, 'Old-Password-Nobody-Remembers-1');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/^Sign-in failed\./);
    // The browser logs the refused sign-in's 401: expected here, and the only one.
    const refused = problems.filter((problem) => problem.includes('status of 401'));
    expect(refused).toHaveLength(1);
    problems.splice(0, problems.length, ...problems.filter((problem) => !refused.includes(problem)));
    await submitLogin(page, email, newPassword);
    await userMenuButton(page).waitFor();
    expect(new URL(page.url()).origin).toBe(baseUrl);

    // The same link cannot be used twice.
    const again = await context.newPage();
    await again.goto(link as string);
    await again.getByRole('heading', { name: 'Link expired' }).waitFor();
    await again.close();

    // The administrator sees the account active, with the sign-in just made, and the other one invited.
    await adminPage.reload();
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill(run);
    const table = adminPage.getByRole('table', { name: 'Users' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
    const row = table.locator('tbody tr').filter({ hasText: email });
    expect(await row.textContent()).toContain('Active');
    expect(await row.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)/);
    const invitedRow = table.locator('tbody tr').filter({ hasText: invitedEmail });
    expect(await invitedRow.textContent()).toContain('Invited — no password yet');
    expect(await invitedRow.textContent()).toContain('Never');
    await saveScreenshot(adminPage, 'users-active-last-sign-in', { fullPage: false });
    await admin.close();
  });
});
