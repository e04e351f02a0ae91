import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession } from './support/browser';
import { DEMO_CLINIC, signIn } from './support/portal';

const baseUrl = inject('baseUrl');

function flagList(page: Page) {
  return page.getByRole('list', { name: 'Feature flags' });
}

function firstFlagSwitch(page: Page) {
  return flagList(page).locator('input[type="checkbox"]').first();
}

/** From the clinics list: search the demo clinic and open its page with a click on its row. */
async function openDemoClinic(page: Page) {
  await page.getByPlaceholder('Name, code or NPI').fill(DEMO_CLINIC.name);
  const row = page.getByRole('table', { name: 'Clinics' }).locator('tbody tr', { hasText: DEMO_CLINIC.name });
  await expect.poll(() => row.count()).toBe(1);
  // A click on the row (not on its name link) opens the clinic.
  await row.locator('td').nth(1).click();
  await page.waitForURL(/\/admin\/clinics\/[^/]+$/);
  await flagList(page).waitFor();
}

describe('clinic administration in a real browser', () => {
  let page: Page;
  let problems: string[];

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeEach(async () => {
    ({ page, problems } = session);
  });

  it('the clinic administrator turns a feature flag of their clinic on or off, and it stays so after a reload', async () => {
    await signIn(page, baseUrl, 'clinicadmin@example.org', { path: '/admin/clinics' });
    await openDemoClinic(page);
    await expect.poll(() => page.getByRole('heading', { name: DEMO_CLINIC.name }).isVisible()).toBe(true);
    await saveScreenshot(page, 'clinic-page');

    const before = await firstFlagSwitch(page).isChecked();
    await firstFlagSwitch(page).click();
    // The save answered: the switch is enabled again and shows the new value.
    await expect.poll(() => firstFlagSwitch(page).isDisabled()).toBe(false);
    await expect.poll(() => firstFlagSwitch(page).isChecked()).toBe(!before);
    await expect.poll(() => page.getByText(/ is (on|off)\.$/).isVisible()).toBe(true);

    await page.reload();
    await flagList(page).waitFor();
    await expect.poll(() => firstFlagSwitch(page).isChecked()).toBe(!before);
    await saveScreenshot(page, 'clinic-page-flag-kept');

    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'clinic-page-narrow');
  });

  it('the system administrator opens the new-clinic dialog and is told what is missing', async () => {
    await signIn(page, baseUrl, 'sysadmin@example.org', { path: '/admin/clinics' });
    await page.getByRole('table', { name: 'Clinics' }).locator('tbody tr').first().waitFor();
    await saveScreenshot(page, 'clinics-admin-list', { fullPage: false });

    await page.getByRole('button', { name: 'New clinic' }).click();
    const dialog = page.getByRole('dialog', { name: 'New clinic' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add clinic' }).click();
    await expect.poll(() => dialog.getByText('Enter the NPI.').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Enter the name.').isVisible()).toBe(true);
    await saveScreenshot(page, 'clinics-create-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it("the clinic administrator edits one provider's signature settings, and a refused save shows beside the field", async () => {
    await signIn(page, baseUrl, 'clinicadmin@example.org', { path: '/admin/clinics' });
    // The first load of the settings fails: the section says so and offers Retry.
    await page.route('**/signature-settings/0', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 503,
              error: 'Service Unavailable',
              message: 'Settings are down',
            }),
          })
        : route.continue(),
    );
    await openDemoClinic(page);
    const section = page.getByRole('region', { name: 'Signature settings' });
    await expect
      .poll(() => section.getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain('Settings are down');
    await page.unroute('**/signature-settings/0');
    await section.getByRole('button', { name: 'Retry' }).click();
    const source = section.getByTestId('signature-settings-source');
    await expect.poll(() => source.textContent()).toMatch(/^The clinic (uses|has)/);

    // One provider's own settings.
    await section.getByRole('combobox', { name: 'Settings for' }).click();
    await page.getByRole('option', { name: 'Dr. Paula Reyes MD' }).click();
    await expect.poll(() => source.textContent()).toMatch(/^This provider/);

    // The server refuses a prompt: its message shows under that field, and a snackbar says so.
    await page.route('**/signature-settings/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 400,
              error: 'Bad Request',
              message: 'Invalid body: crmPrompts.0',
              details: [{ field: 'crmPrompts.0', message: 'must not be empty' }],
            }),
          })
        : route.continue(),
    );
    await section.getByRole('button', { name: 'Save signature settings' }).click();
    const crm = section.getByRole('textbox', { name: 'CRM prompts' });
    await expect.poll(() => crm.getAttribute('aria-invalid')).toBe('true');
    const helperId = await crm.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${helperId}"]`).textContent()).toBe('CRM prompts must not be empty.');
    await expect
      .poll(() => page.locator('#notistack-snackbar').filter({ hasText: 'were not saved' }).count())
      .toBe(1);
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'clinic-signature-settings-error', { fullPage: false });

    await page.unroute('**/signature-settings/*');
    await section.getByRole('button', { name: 'Save signature settings' }).click();
    await expect.poll(() => source.textContent()).toBe('This provider has their own signature settings.');

    const expected = problems.filter(
      (p) =>
        p.includes('status of 503') || p.includes('status of 400') || p.includes('[app] API call failed'),
    );
    expect(expected.length).toBeGreaterThan(0);
    problems.splice(0, problems.length, ...problems.filter((p) => !expected.includes(p)));
  });
});
