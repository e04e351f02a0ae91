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

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeEach(async () => {
    ({ page } = session);
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
});
