import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession } from './support/browser';
import { readAccessToken, signIn } from './support/portal';

type ClinicsPage = { data: { name: string; npi: string }[]; metadata: { totalCount: number } };

const baseUrl = inject('baseUrl');
// A provider-company administrator sees every clinic.
const ADMIN_EMAIL = 'sysadmin@example.org';
let accessToken = '';

/** The same list call the page makes, straight to the API (with the page's own token), to know what the table must show. */
async function listClinics(query: string): Promise<ClinicsPage> {
  const response = await fetch(`${baseUrl}/api/customers/organizations?${query}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ClinicsPage;
}

function clinicsTable(page: Page) {
  return page.getByRole('table', { name: 'Clinics' });
}

function bodyRows(page: Page) {
  return clinicsTable(page).locator('tbody tr');
}

function firstRowName(page: Page) {
  return bodyRows(page).first().locator('td').first().textContent();
}

function paginationText(page: Page) {
  return page.locator('.MuiTablePagination-displayedRows').textContent();
}

/** The table has settled: no request in flight. */
async function settled(page: Page) {
  await expect.poll(() => clinicsTable(page).getAttribute('aria-busy')).toBe('false');
}

describe('clinics administration in a real browser', () => {
  let page: Page;
  let problems: string[];

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeEach(async () => {
    ({ page, problems } = session);
    // Through the real login page, straight to the clinics list (a deep link that survives sign-in).
    await signIn(page, baseUrl, ADMIN_EMAIL, { path: '/admin/clinics' });
    accessToken = (await readAccessToken(page)) ?? '';
  });

  it('opens the clinics list after sign-in, with the signed-in header', async () => {
    expect(page.url()).toBe(`${baseUrl}/admin/clinics`);
    expect(accessToken).not.toBe('');
    await expect.poll(() => page.title()).toBe('Clinics · Remote Monitoring Portal');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Clinics');
    await expect
      .poll(() => page.getByText('Remote Monitoring Portal', { exact: true }).isVisible())
      .toBe(true);
    await expect.poll(() => bodyRows(page).count()).toBe(25);
  });

  it('pages, sorts, searches and filters the clinics list through the API', async () => {
    await page.goto(`${baseUrl}/admin/clinics`);

    // First page: 25 of the 50 seeded clinics, by name ascending.
    await expect.poll(() => bodyRows(page).count()).toBe(25);
    await settled(page);
    expect(await paginationText(page)).toMatch(/^1–25 of 50$/);
    const byName = await listClinics('page=1&rows=25&order=name');
    expect(byName.metadata.totalCount).toBe(50);
    expect(await firstRowName(page)).toBe(byName.data[0]?.name);
    await saveScreenshot(page, 'clinics-list');

    // Next page.
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect.poll(() => paginationText(page)).toMatch(/^26–50 of 50$/);
    const secondPage = await listClinics('page=2&rows=25&order=name');
    await expect.poll(() => firstRowName(page)).toBe(secondPage.data[0]?.name);

    // Sort by name descending: back to page 1, last names first.
    await clinicsTable(page).getByRole('button', { name: 'Name' }).click();
    const descending = await listClinics('page=1&rows=25&order=-name');
    await expect.poll(() => firstRowName(page)).toBe(descending.data[0]?.name);
    expect(await paginationText(page)).toMatch(/^1–25 of 50$/);
    expect(
      await clinicsTable(page).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort'),
    ).toBe('descending');
    await saveScreenshot(page, 'clinics-sorted-desc');

    // Search (debounced): the table shows what the API finds.
    const found = await listClinics('page=1&rows=25&order=-name&search=card');
    expect(found.metadata.totalCount).toBeGreaterThan(0);
    expect(found.metadata.totalCount).toBeLessThan(50);
    await page.getByRole('searchbox', { name: 'Search' }).fill('card');
    await expect
      .poll(() => paginationText(page))
      .toMatch(new RegExp(`^1–${Math.min(25, found.metadata.totalCount)} of ${found.metadata.totalCount}$`));
    await expect.poll(() => firstRowName(page)).toBe(found.data[0]?.name);
    await saveScreenshot(page, 'clinics-search');

    // Status filter: every seeded clinic is active.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => paginationText(page)).toMatch(/of 50$/);
    await page.getByRole('combobox', { name: 'Filter by Status' }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await settled(page);
    await expect.poll(() => paginationText(page)).toMatch(/^1–25 of 50$/);
    const chips = await bodyRows(page).locator('td:nth-child(4)').allTextContents();
    expect(new Set(chips)).toEqual(new Set(['Active']));

    await page.getByRole('combobox', { name: 'Filter by Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await expect
      .poll(() => page.getByText('No clinics match the search and filters.').isVisible())
      .toBe(true);
    await settled(page);
    await saveScreenshot(page, 'clinics-filter-empty');

    // A text filter on a column, combined with the status filter cleared.
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    const npi = byName.data[0]?.npi ?? '';
    await page.getByRole('textbox', { name: 'Filter by NPI' }).fill(npi);
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    expect(await firstRowName(page)).toBe(byName.data[0]?.name);
  });

  it('shows an API failure in a snackbar and in the table, and recovers on Retry', async () => {
    const message = 'The clinic list is temporarily unavailable.';
    await page.route('**/api/customers/organizations?*', (route) =>
      route.fulfill({
        status: 503,
        json: { statusCode: 503, error: 'Service Unavailable', message },
      }),
    );
    await page.goto(`${baseUrl}/admin/clinics`);
    const snackbar = page.locator('#notistack-snackbar');
    await expect.poll(() => snackbar.textContent()).toBe(message);
    await expect.poll(() => clinicsTable(page).getByRole('alert').textContent()).toContain(message);
    await saveScreenshot(page, 'clinics-api-error');

    await page.unroute('**/api/customers/organizations?*');
    await clinicsTable(page).getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(25);

    // The browser logs each 503, and the client logger logs the failure at level error: expected here.
    const expected = problems.filter(
      (p) => p.includes('status of 503') || p.includes('[app] API call failed'),
    );
    expect(expected.length).toBeGreaterThan(0);
    problems.splice(0, problems.length, ...problems.filter((p) => !expected.includes(p)));
  });

  it('opens and closes the navigation drawer with the keyboard and follows a link', async () => {
    await page.goto(`${baseUrl}/admin/clinics`);
    await expect.poll(() => bodyRows(page).count()).toBe(25);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open navigation' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => nav.isVisible()).toBe(true);
    const inboxLink = nav.getByRole('link', { name: 'Signature inbox' });
    await expect.poll(() => inboxLink.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Close navigation' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await nav.getByRole('link', { name: 'Clinics' }).getAttribute('aria-current')).toBe('page');
    await saveScreenshot(page, 'navigation-open', { fullPage: false });

    await page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Open navigation' });
    await expect.poll(() => menuButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // Open again, and go to the signature inbox without the mouse.
    await page.keyboard.press('Enter');
    await expect.poll(() => inboxLink.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/signature/dashboard/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Signature inbox');
  });

  it('loads a signature dashboard deep link directly when signed in and shows its filter', async () => {
    const link =
      '/signature/dashboard/?clinicNpi=any&serviceLine=any&type=any&status=any&assignedTo=any&idIn=123';
    const response = await page.goto(`${baseUrl}${link}`);
    expect(response?.status()).toBe(200);
    const filter = page.getByRole('search', { name: 'Document filter' });
    await expect
      .poll(() => filter.getByRole('button', { name: 'Any', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await filter.getByRole('combobox', { name: 'Clinic' }).textContent()).toBe('All my clinics');
    expect(await filter.getByRole('combobox', { name: 'Service line' }).textContent()).toBe('Any');
    expect(await filter.getByRole('combobox', { name: 'Assigned to' }).textContent()).toBe('Anyone');
    // Opening a link does not rewrite it.
    expect(page.url()).toBe(`${baseUrl}${link}`);
    await saveScreenshot(page, 'signature-deep-link');
  });

  it('sends a signed-in visit of the sign-in callback to the start page, and has a not-found page', async () => {
    const entry = await page.goto(`${baseUrl}/auth/callback`);
    expect(entry?.status(), 'the server answers app routes with index.html').toBe(200);
    // A system admin's first page is the signature inbox.
    await page.waitForURL(`${baseUrl}/signature/dashboard/`);

    await page.goto(`${baseUrl}/no/such/page`);
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Page not found' }).isVisible())
      .toBe(true);
    await saveScreenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await page.waitForURL(`${baseUrl}/signature/dashboard/`);
  });

  it('stays usable on a narrow screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/admin/clinics`);
    await expect.poll(() => bodyRows(page).count()).toBe(25);
    await saveScreenshot(page, 'clinics-narrow');

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.isVisible()).toBe(true);
    await saveScreenshot(page, 'navigation-narrow', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
  });
});
