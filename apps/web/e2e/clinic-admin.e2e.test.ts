import { describeBulkSigning, type MergedClinicConfiguration } from '@portal/domain';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { checkAccessibility, saveScreenshot, useBrowserSession } from './support/browser';
import { DEMO_CLINIC, readAccessToken, signIn } from './support/portal';

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

type ClinicResponse = MergedClinicConfiguration & { id: string; name: string; isActive: boolean };

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${(await readAccessToken(page)) ?? ''}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/**
 * A clinic no other browser test works at (the last by name), so changing its flags or deactivating it
 * disturbs nothing else.
 */
async function findQuietClinic(page: Page): Promise<ClinicResponse> {
  const list = await getJson<{ data: { id: string }[] }>(
    page,
    '/api/customers/organizations?page=1&rows=1&order=-name',
  );
  const id = list.data[0]?.id ?? '';
  return getJson<ClinicResponse>(page, `/api/customers/organizations/${id}`);
}

/** A flag's switch, named by its title (then its description). */
function flagSwitch(page: Page, title: string) {
  return flagList(page).getByRole('switch', { name: new RegExp(`^${title}\\b`) });
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
    await expect.poll(() => section.getByRole('alert').textContent()).toContain('Settings are down');
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
    // The administrator adds a prompt for this provider, then saves.
    const crm = section.getByRole('textbox', { name: 'CRM prompts' });
    await crm.fill(`${await crm.inputValue()}\nNo arrhythmia detected.`);
    await section.getByRole('button', { name: 'Save signature settings' }).click();
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
  it('the clinic page states the effective bulk-signing rule, and it follows the flags', async () => {
    await signIn(page, baseUrl, 'sysadmin@example.org', { path: '/admin/clinics' });
    const clinic = await findQuietClinic(page);
    await page.goto(`${baseUrl}/admin/clinics/${clinic.id}`);
    await flagList(page).waitFor();
    const summary = page.getByTestId('bulk-signing-summary-text');
    // The words come from the rule the server applies, for this clinic's flags and settings.
    await expect.poll(() => summary.textContent()).toBe(`${describeBulkSigning(clinic).summary}.`);
    expect(await summary.textContent()).toContain('high alerts never');
    await saveScreenshot(page, 'clinic-page-bulk-signing');

    // 'Bulk-sign alerts' on: medium and low alerts are in, high alerts still never.
    const alertsFlag = flagSwitch(page, 'Bulk-sign alerts');
    const wasOn = await alertsFlag.isChecked();
    await alertsFlag.click();
    await expect.poll(() => alertsFlag.isDisabled()).toBe(false);
    const changed = { ...clinic, featureFlags: { ...clinic.featureFlags, physicianBulkSignAlerts: !wasOn } };
    await expect.poll(() => summary.textContent()).toBe(`${describeBulkSigning(changed).summary}.`);
    expect(await summary.textContent()).toContain(
      wasOn ? 'alerts excluded' : 'medium and low alerts included',
    );

    // The signature settings say what the switch comes to for the providers who use them.
    const effect = page.getByTestId('bulk-signing-effect');
    await expect.poll(() => effect.textContent()).toMatch(/^For providers without their own settings: /);

    // Back as it was.
    await alertsFlag.click();
    await expect.poll(() => summary.textContent()).toBe(`${describeBulkSigning(clinic).summary}.`);

    // The sections say how they save: the switches at once, the forms with their button.
    expect(await page.locator('[data-save-mode="auto"]').count()).toBe(2);
    expect(await page.locator('[data-save-mode="explicit"]').count()).toBe(2);

    // A numeric setting shows its range and refuses a number outside it before sending it.
    const pages = page
      .getByRole('textbox', { name: 'Most pages sent to the EMR' })
      .or(page.getByRole('spinbutton', { name: 'Most pages sent to the EMR' }));
    expect(await pages.getAttribute('min')).toBe('1');
    expect(await pages.getAttribute('max')).toBe('500');
    const hintId = (await pages.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toContain('A whole number from 1 to 500.');
    await pages.fill('-3');
    await pages.press('Enter');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Enter a whole number from 1 to 500.' }).count())
      .toBe(1);
    const stored = await getJson<ClinicResponse>(page, `/api/customers/organizations/${clinic.id}`);
    expect(stored.settings.emrPdfMaxPageLength?.value).toBe(clinic.settings.emrPdfMaxPageLength?.value);
    await checkAccessibility(page, 'clinic-page-range-refused');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'clinic-page-bulk-signing-narrow', { fullPage: false });
    await pages.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'clinic-page-range-narrow', { fullPage: false });
  });

  it('deactivating a clinic asks first, naming it; Cancel keeps it active', async () => {
    await signIn(page, baseUrl, 'sysadmin@example.org', { path: '/admin/clinics' });
    const clinic = await findQuietClinic(page);
    expect(clinic.isActive).toBe(true);
    await page.getByPlaceholder('Name, code or NPI').fill(clinic.name);
    const toggle = page
      .getByRole('switch', { name: `${clinic.name} is active` })
      .or(page.getByRole('checkbox', { name: `${clinic.name} is active` }));
    await expect.poll(() => toggle.count()).toBe(1);

    await toggle.click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${clinic.name}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`${clinic.name} will disappear from the clinic picker`);
    // Cancel has the focus: Enter does not deactivate.
    await expect
      .poll(() =>
        dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await saveScreenshot(page, 'clinic-deactivate-confirm', { fullPage: false });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await toggle.isChecked()).toBe(true);
    expect((await getJson<ClinicResponse>(page, `/api/customers/organizations/${clinic.id}`)).isActive).toBe(
      true,
    );

    // Confirmed, it is deactivated.
    await toggle.click();
    await dialog.waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'clinic-deactivate-confirm-narrow', { fullPage: false });
    await dialog.getByRole('button', { name: 'Deactivate clinic' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(
        async () =>
          (await getJson<ClinicResponse>(page, `/api/customers/organizations/${clinic.id}`)).isActive,
      )
      .toBe(false);
    await expect.poll(() => toggle.isChecked()).toBe(false);

    // Activating again needs no confirmation.
    await toggle.click();
    await expect
      .poll(
        async () =>
          (await getJson<ClinicResponse>(page, `/api/customers/organizations/${clinic.id}`)).isActive,
      )
      .toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('the edit dialog asks before saving a clinic as inactive', async () => {
    await signIn(page, baseUrl, 'sysadmin@example.org', { path: '/admin/clinics' });
    const clinic = await findQuietClinic(page);
    await page.getByPlaceholder('Name, code or NPI').fill(clinic.name);
    await page.getByRole('button', { name: `Edit ${clinic.name}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit clinic' });
    await form.waitFor();
    await form
      .getByRole('switch', { name: 'Active' })
      .or(form.getByRole('checkbox', { name: 'Active' }))
      .click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${clinic.name}?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    // Nothing was saved; the form is still open to think again.
    expect(await form.isVisible()).toBe(true);
    expect((await getJson<ClinicResponse>(page, `/api/customers/organizations/${clinic.id}`)).isActive).toBe(
      true,
    );
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });
});
