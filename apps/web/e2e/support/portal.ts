import type { Page } from 'playwright-core';
import { checkAccessibility } from './browser';

/** The demo accounts' password in the browser tests (the global setup gives it to the server). */
export const E2E_DEMO_PASSWORD = 'E2e-Demo-Password-2026!';

/** The first demo clinic, where the clinic-role demo accounts work. */
export const DEMO_CLINIC = { npi: '1209945553', name: 'Aspen Hollow Cardiology' };
export const SEEDED_CLINIC_COUNT = 50;

/** Where the portal's own pages are, as opposed to the identity provider's. */
function isPortalPage(url: URL, baseUrl: string): boolean {
  return (
    url.origin === new URL(baseUrl).origin &&
    !url.pathname.startsWith('/idp') &&
    !url.pathname.startsWith('/interaction') &&
    url.pathname !== '/auth/callback'
  );
}

export function loginPageUrl(url: URL): boolean {
  return url.pathname.startsWith('/interaction/');
}

/** On the provider's login page: fills Email and Password and presses 'Sign in'. */
export async function submitLogin(page: Page, email: string, password = E2E_DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The user menu button in the portal header: present once the user is signed in and loaded. */
export function userMenuButton(page: Page) {
  return page.getByRole('button', { name: /^User menu: / });
}

/**
 * Signs in the way a person does: opens the portal (at `path`), is sent to the provider's login page,
 * fills Email and Password, presses 'Sign in', and waits until the portal shows the signed-in header.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  { path = '/', password = E2E_DEMO_PASSWORD }: { path?: string; password?: string } = {},
): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(loginPageUrl);
  await submitLogin(page, email, password);
  await page.waitForURL((url) => isPortalPage(url, baseUrl));
  await userMenuButton(page).waitFor();
}

/** The signed-in user's access token, as the app keeps it (local storage, SPEC §1). */
export function readAccessToken(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    const stored = key ? localStorage.getItem(key) : null;
    return stored ? (JSON.parse(stored) as { access_token?: string }).access_token : undefined;
  });
}

/** The names of the navigation drawer's links (opens the drawer, reads them, closes it). */
export async function readNavigation(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  // Each role's own drawer is a screen of its own.
  await checkAccessibility(page, 'the navigation drawer');
  const names = await nav.getByRole('link').allTextContents();
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await nav.waitFor({ state: 'hidden' });
  return names;
}

/** The clinic picker's options (opens the picker, reads them, closes it); undefined when there is no picker. */
export async function readClinicPicker(page: Page): Promise<string[] | undefined> {
  const picker = page.getByRole('combobox', { name: 'Current clinic' });
  if ((await picker.count()) === 0) return undefined;
  await picker.click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  await checkAccessibility(page, 'the clinic picker, open');
  const options = await listbox.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
  return options;
}
