import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession } from './support/browser';
import {
  DEMO_CLINIC,
  E2E_DEMO_PASSWORD,
  loginPageUrl,
  readAccessToken,
  readClinicPicker,
  readNavigation,
  SEEDED_CLINIC_COUNT,
  signIn,
  submitLogin,
  userMenuButton,
} from './support/portal';

const baseUrl = inject('baseUrl');
const INBOX = 'Signature inbox';
const PATIENTS = 'Patients';
/** The in-person device check: whoever edits patients, while its flag is on (it is at the demo clinic). */
const DEVICE_CHECK = 'Device check';
/** Whoever keeps a patient's device current (patient:update-device) scans device labels. */
const BARCODE_SCANNER = 'Barcode scanner';
/** Whoever reads documents reads the clinic's studies too (study:read), one screen per suite (issue 16). */
const STUDIES = ['Sleep studies', 'Wearable cardiac studies', 'ABPM studies'];
/** Whoever reads documents reads the clinic's metrics (metrics:read, issue 17). */
const METRICS = 'Clinic metrics';
/** The provider company's internal review queue (metrics:read-escalations) and daily report. */
const ESCALATIONS = 'Escalation queue';
const DAILY_REPORT = 'Daily report';
/** The HL7 import log (issue 28): whoever imports device data (device-data:import) at the provider company. */
const IMPORT_LOG = 'Device data import log';
/** Whoever reads documents also reads patients. */
const READER_PAGES = [INBOX, PATIENTS, ...STUDIES, METRICS];
const WORKER_PAGES = [INBOX, PATIENTS, DEVICE_CHECK, BARCODE_SCANNER, ...STUDIES, METRICS];
const EVERY_PAGE = [...WORKER_PAGES, 'Clinics', 'Users'];
/**
 * Provider-company administrators also have the escalation queue and the daily report, and the global
 * pages: clinic defaults and the e-mail outbox.
 */
const PROVIDER_ADMIN_PAGES = [
  ...WORKER_PAGES,
  ESCALATIONS,
  DAILY_REPORT,
  'Clinics',
  'Users',
  'Clinic defaults',
  'E-mail outbox',
  IMPORT_LOG,
];

type Expectation = {
  email: string;
  nav: string[];
  /** How many clinics the picker lists; 0: no picker. */
  clinics: number;
  /** Where '/' lands: the first page, or the welcome page. */
  home: string;
};

// SPEC §6 roles through the permission table (packages/domain permissions.ts): the drawer shows the inbox
// with document:read, Patients with patient:read, Clinics with clinic:update-settings, Users with user:create.
// Roles under '*' count everywhere except irh-finance, which opens no clinic at all. Device technicians read
// patients but no documents, so the Patients screen is their start page. Device check shows with
// device-check:create (the patient editors) at the demo clinic, whose in-person device check flag is on.
const ACCOUNTS: Expectation[] = [
  { email: 'provider@example.org', nav: WORKER_PAGES, clinics: 1, home: '/signature/dashboard/' },
  { email: 'nurse@example.org', nav: WORKER_PAGES, clinics: 1, home: '/signature/dashboard/' },
  { email: 'readonly@example.org', nav: READER_PAGES, clinics: 1, home: '/signature/dashboard/' },
  {
    email: 'devicetech@example.org',
    nav: [PATIENTS, DEVICE_CHECK, BARCODE_SCANNER],
    clinics: 1,
    home: '/patients',
  },
  { email: 'clinicadmin@example.org', nav: EVERY_PAGE, clinics: 1, home: '/signature/dashboard/' },
  {
    email: 'irhadmin@example.org',
    nav: PROVIDER_ADMIN_PAGES,
    clinics: SEEDED_CLINIC_COUNT,
    home: '/signature/dashboard/',
  },
  {
    email: 'sysadmin@example.org',
    nav: PROVIDER_ADMIN_PAGES,
    clinics: SEEDED_CLINIC_COUNT,
    home: '/signature/dashboard/',
  },
  {
    email: 'irhtech@example.org',
    nav: [...WORKER_PAGES, ESCALATIONS, IMPORT_LOG],
    clinics: SEEDED_CLINIC_COUNT,
    home: '/signature/dashboard/',
  },
  {
    email: 'irhreporting@example.org',
    nav: [...READER_PAGES, ESCALATIONS, DAILY_REPORT],
    clinics: SEEDED_CLINIC_COUNT,
    home: '/signature/dashboard/',
  },
  { email: 'irhfinance@example.org', nav: [], clinics: 0, home: '/' },
];

describe('signing in through the identity provider in a real browser', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeEach(async () => {
    ({ context, page, problems } = session);
  });

  it.each(ACCOUNTS)('$email signs in and sees their role’s pages and clinics', async (account) => {
    await signIn(page, baseUrl, account.email);
    // The start page sends on to the role's first page once the session is loaded.
    await expect.poll(() => new URL(page.url()).pathname).toBe(account.home);
    expect(await readNavigation(page)).toEqual(account.nav);

    const clinics = await readClinicPicker(page);
    if (account.clinics === 0) {
      expect(clinics).toBeUndefined();
    } else {
      expect(clinics).toHaveLength(account.clinics);
      // The clinic roles all work at the first demo clinic; it is also first alphabetically.
      expect(clinics?.[0]).toBe(DEMO_CLINIC.name);
    }
    if (account.home === '/') {
      await expect
        .poll(() =>
          page.getByRole('heading', { level: 2, name: 'Your role has no pages here yet' }).isVisible(),
        )
        .toBe(true);
    }
    // Tokens are kept in local storage (SPEC §1).
    expect(await readAccessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('shows the header with the clinic picker and the user menu', async () => {
    await signIn(page, baseUrl, 'irhadmin@example.org');
    await saveScreenshot(page, 'header', { fullPage: false });

    await page.getByRole('combobox', { name: 'Current clinic' }).click();
    await page.getByRole('listbox').waitFor();
    await saveScreenshot(page, 'header-clinic-picker-open', { fullPage: false });
    // Switching clinic is kept across a reload.
    const second = page.getByRole('listbox').getByRole('option').nth(1);
    const secondName = (await second.textContent()) ?? '';
    await second.click();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Current clinic' }).textContent())
      .toBe(secondName);
    await page.reload();
    await userMenuButton(page).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Current clinic' }).textContent())
      .toBe(secondName);

    await userMenuButton(page).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.textContent()).toContain('irhadmin@example.org');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Sign out']);
    await saveScreenshot(page, 'header-user-menu-open', { fullPage: false });
  });

  it('shows the welcome page to a role with no pages yet', async () => {
    await signIn(page, baseUrl, 'irhfinance@example.org');
    await expect
      .poll(() =>
        page.getByRole('heading', { level: 2, name: 'Your role has no pages here yet' }).isVisible(),
      )
      .toBe(true);
    await saveScreenshot(page, 'welcome');
    // Pages the role may not use say so.
    await page.goto(`${baseUrl}/admin/users`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'You do not have access to this page' }).isVisible())
      .toBe(true);
    await saveScreenshot(page, 'no-access');
  });

  it('answers /favicon.ico, which browsers and bookmarks ask for whatever the page links', async () => {
    const response = await page.request.get(`${baseUrl}/favicon.ico`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO file: reserved 0, type 1 (icon), and at least one image.
    const header = (await response.body()).subarray(0, 6);
    expect([header.readUInt16LE(0), header.readUInt16LE(2), header.readUInt16LE(4) > 0]).toEqual([
      0,
      1,
      true,
    ]);
  });

  it('keeps a wrong password on the login page with an error that names no field', async () => {
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(loginPageUrl);
    await saveScreenshot(page, 'login-page');
    await submitLogin(page, 'nurse@example.org', 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Sign-in failed\./);
    expect(loginPageUrl(new URL(page.url()))).toBe(true);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await saveScreenshot(page, 'login-wrong-password');
    // The browser logs the 401 of the form post itself.
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('status of 401')));
  });

  it('signs out for real: the provider session ends, and the portal asks for a sign-in again', async () => {
    await signIn(page, baseUrl, 'nurse@example.org');
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    // End-session at the provider, back to the portal, which has no user and so asks to sign in.
    await page.waitForURL(loginPageUrl);
    expect(await readAccessToken(page)).toBeUndefined();

    // A new visit does not get in on the old provider session either.
    const again = await context.newPage();
    await again.goto(`${baseUrl}/signature/dashboard/`);
    await again.waitForURL(loginPageUrl);
    expect(await again.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  });

  it('comes back to a deep link after sign-in, query included', async () => {
    const link = `/signature/dashboard/?clinicNpi=${DEMO_CLINIC.npi}&serviceLine=any&type=any&status=any&assignedTo=any&idIn=123`;
    await signIn(page, baseUrl, 'provider@example.org', { path: link });
    expect(page.url()).toBe(`${baseUrl}${link}`);
    // The inbox opens with the link's filter (an id that is not a document id is ignored).
    const filter = page.getByRole('search', { name: 'Document filter' });
    await expect
      .poll(() => filter.getByRole('button', { name: 'Any', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await filter.getByRole('combobox', { name: 'Clinic' }).textContent()).toBe(DEMO_CLINIC.name);
    expect(page.url()).toBe(`${baseUrl}${link}`);
  });

  it('signs in with a 400×600 pop-up from the sign-in screen', async () => {
    // Opening the callback address by hand has nothing to complete: the sign-in screen says so (SPEC §8).
    await page.goto(`${baseUrl}/auth/callback`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('There are no query params available for parsing');
    await saveScreenshot(page, 'sign-in-screen');

    const popupOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Sign in with a pop-up window' }).click();
    const popup = await popupOpened;
    await popup.waitForURL(loginPageUrl);
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([400, 600]);
    await submitLogin(popup, 'readonly@example.org', E2E_DEMO_PASSWORD);
    await popup.waitForEvent('close');

    await userMenuButton(page).waitFor();
    await page.waitForURL(`${baseUrl}/signature/dashboard/`);
  });

  it('shows "Popup closed" when the sign-in pop-up is closed', async () => {
    await page.goto(`${baseUrl}/auth/callback`);
    await page.getByRole('alert').waitFor();
    const popupOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Sign in with a pop-up window' }).click();
    const popup = await popupOpened;
    await popup.waitForURL(loginPageUrl);
    await popup.close();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Popup closed');
  });

  it('shows "Invalid state" for a sign-in answer it did not ask for', async () => {
    await page.goto(`${baseUrl}/auth/callback?code=forged&state=unknown`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid state');
    // Signing in from there still works and lands on the start page, not the forged address.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(loginPageUrl);
    await submitLogin(page, 'nurse@example.org');
    await userMenuButton(page).waitFor();
    await expect.poll(() => page.url()).toBe(`${baseUrl}/signature/dashboard/`);
  });

  it('stays usable on a narrow screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, baseUrl, 'clinicadmin@example.org');
    // The header keeps the menu button, the clinic and the user menu, and nothing runs off the side.
    const openNavigation = page.getByRole('button', { name: 'Open navigation' });
    expect(await openNavigation.isVisible()).toBe(true);
    expect(await userMenuButton(page).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Current clinic' }).textContent())
      .toBe(DEMO_CLINIC.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'header-narrow', { fullPage: false });

    await openNavigation.click();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.waitFor();
    // The clinic administrator's pages, in a drawer that fits the screen.
    expect(await navigation.getByRole('link').allTextContents()).toEqual(EVERY_PAGE);
    // Once it has slid in.
    await expect.poll(async () => (await navigation.boundingBox())?.x).toBe(0);
    expect((await navigation.boundingBox())?.width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'navigation-narrow-clinic-admin', { fullPage: false });
  });
});
