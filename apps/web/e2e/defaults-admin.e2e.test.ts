import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession } from './support/browser';
import { readNavigation, signIn } from './support/portal';

const baseUrl = inject('baseUrl');
const DEFAULTS = '/admin/defaults';

function table(page: Page, name: 'Feature flags defaults' | 'Workflow settings defaults') {
  return page.getByRole('table', { name });
}

function snackbar(page: Page, text: string | RegExp) {
  return page.locator('#notistack-snackbar').filter({ hasText: text });
}

/** The Value field's helper line (where its error shows), found through the field's aria-describedby. */
async function describedBy(page: Page, field: ReturnType<Page['getByRole']>) {
  const id = await field.getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

/** Takes the expected failed calls out of the page's problems; anything else still fails the test. */
function expectOnlyApiFailures(problems: string[], status: number) {
  const expected = problems.filter(
    (p) => p.includes(`status of ${status}`) || p.includes('[app] API call failed'),
  );
  expect(expected.length).toBeGreaterThan(0);
  problems.splice(0, problems.length, ...problems.filter((p) => !expected.includes(p)));
}

describe('clinic defaults administration in a real browser', () => {
  let page: Page;
  let problems: string[];
  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeEach(async () => {
    ({ page, problems } = session);
  });

  it('the system administrator creates a feature-flag default, edits it and deletes it', async () => {
    await signIn(page, baseUrl, 'sysadmin@example.org', { path: '/admin/clinics' });
    expect(await readNavigation(page)).toContain('Clinic defaults');
    await page.goto(`${baseUrl}${DEFAULTS}`);
    const flags = table(page, 'Feature flags defaults');
    await flags.locator('tbody tr').first().waitFor();
    await expect.poll(() => flags.locator('tbody tr').count()).toBeGreaterThan(1);
    await saveScreenshot(page, 'defaults-flags', { fullPage: false });

    // Create: the name must be camelCase, then it is added.
    await page.getByRole('button', { name: 'New feature flag' }).click();
    const create = page.getByRole('dialog', { name: 'New feature flag default' });
    await create.waitFor();
    await create.getByRole('textbox', { name: 'Name' }).fill('e2e flag');
    await create.getByRole('textbox', { name: 'Title' }).fill('E2E pilot flag');
    await create.getByRole('textbox', { name: 'Description' }).fill('Made by a browser test.');
    await create.getByRole('switch', { name: 'Enabled by default' }).check();
    await create.getByRole('button', { name: 'Add default' }).click();
    await expect.poll(() => create.getByText(/camelCase, e\.g\./).count()).toBe(1);
    expect(await create.getByText('Use 2 to 100 letters').count()).toBe(1);
    await create.getByRole('textbox', { name: 'Name' }).fill('e2ePilotFlag');
    await saveScreenshot(page, 'defaults-flag-dialog', { fullPage: false });
    // Enter in a field submits the form.
    await create.getByRole('textbox', { name: 'Title' }).press('Enter');
    await expect.poll(() => create.isVisible()).toBe(false);
    await expect.poll(() => snackbar(page, 'E2E pilot flag was added.').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search' }).fill('e2ePilot');
    const row = flags.locator('tbody tr', { hasText: 'e2ePilotFlag' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('On');

    // A second one under the same name: the server's 409 shows beside the name and in a snackbar.
    await page.getByRole('button', { name: 'New feature flag' }).click();
    const duplicate = page.getByRole('dialog', { name: 'New feature flag default' });
    await duplicate.getByRole('textbox', { name: 'Name' }).fill('e2ePilotFlag');
    await duplicate.getByRole('textbox', { name: 'Title' }).fill('Another');
    await duplicate.getByRole('button', { name: 'Add default' }).click();
    const name = duplicate.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => describedBy(page, name)).toBe('Name is already in use.');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => snackbar(page, 'A default with this name already exists').count()).toBe(1);
    await saveScreenshot(page, 'defaults-flag-conflict', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => duplicate.isVisible()).toBe(false);

    // Edit: the name stays, the title and the default change.
    await row.getByRole('button', { name: 'Edit E2E pilot flag' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit feature flag default' });
    await edit.waitFor();
    expect(await edit.getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
    await edit.getByRole('textbox', { name: 'Title' }).fill('E2E pilot flag, renamed');
    await edit.getByRole('switch', { name: 'Enabled by default' }).uncheck();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => edit.isVisible()).toBe(false);
    await expect.poll(() => row.textContent()).toContain('E2E pilot flag, renamed');
    expect(await row.textContent()).toContain('Off');

    // Delete, after saying yes.
    await row.getByRole('button', { name: 'Delete E2E pilot flag, renamed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete E2E pilot flag, renamed?' });
    await confirm.waitFor();
    await saveScreenshot(page, 'defaults-flag-delete', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete default' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(() => snackbar(page, 'E2E pilot flag, renamed was deleted.').count()).toBe(1);

    // The browser logs the 409, and the client logger logs the failure at level error: expected here.
    expectOnlyApiFailures(problems, 409);
  });

  it('the system administrator gives a workflow default a value that does not fit its type and is told beside the field', async () => {
    await signIn(page, baseUrl, 'sysadmin@example.org', { path: `${DEFAULTS}?tab=workflows` });
    const workflows = table(page, 'Workflow settings defaults');
    await workflows.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Workflow settings' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await expect.poll(() => workflows.getByText('Signature label').count()).toBe(1);
    await saveScreenshot(page, 'defaults-workflows', { fullPage: false });

    await page.getByRole('button', { name: 'New workflow setting' }).click();
    const dialog = page.getByRole('dialog', { name: 'New workflow setting default' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('e2eMaxRetries');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('E2E max retries');
    // The value type is a select; the value input follows it.
    await dialog.getByRole('combobox', { name: 'Value type' }).click();
    await page.getByRole('option', { name: 'Integer' }).click();
    const value = dialog.getByRole('textbox', { name: 'Value', exact: true });
    await value.fill('twelve');
    await dialog.getByRole('button', { name: 'Add default' }).click();
    await expect.poll(() => describedBy(page, value)).toBe('Enter a whole number, e.g. 25.');
    expect(await value.getAttribute('aria-invalid')).toBe('true');
    // The focus went to the field in question.
    expect(await value.evaluate((input) => input === document.activeElement)).toBe(true);
    await saveScreenshot(page, 'defaults-workflow-wrong-value', { fullPage: false });

    // An enum type offers only its options.
    await dialog.getByRole('combobox', { name: 'Value type' }).click();
    await page.getByRole('option', { name: /^Enum/ }).click();
    await dialog.getByRole('combobox', { name: 'Value', exact: true }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['none', 'longitudinal', 'billing']);
    await page.keyboard.press('Escape');

    await dialog.getByRole('combobox', { name: 'Value type' }).click();
    await page.getByRole('option', { name: 'Integer' }).click();
    await value.fill('12');
    await dialog.getByRole('button', { name: 'Add default' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = workflows.locator('tbody tr', { hasText: 'e2eMaxRetries' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('12');

    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'defaults-workflows-narrow', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Leave the shared server as it was.
    await row.getByRole('button', { name: 'Delete E2E max retries' }).click();
    await page
      .getByRole('dialog', { name: 'Delete E2E max retries?' })
      .getByRole('button', { name: 'Delete default' })
      .click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('a failed load says so with Retry, and Retry loads the list', async () => {
    await signIn(page, baseUrl, 'sysadmin@example.org', { path: '/admin/clinics' });
    await page.route('**/api/customers/defaults/feature-flags', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Defaults are down' }),
      }),
    );
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Clinic defaults' }).click();
    const flags = table(page, 'Feature flags defaults');
    await expect.poll(() => flags.getByRole('alert').textContent()).toContain('Defaults are down');
    await saveScreenshot(page, 'defaults-error', { fullPage: false });
    await page.unroute('**/api/customers/defaults/feature-flags');
    await flags.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => flags.locator('tbody tr').count()).toBeGreaterThan(1);
    expectOnlyApiFailures(problems, 503);
  });

  it('the clinic administrator has no defaults page', async () => {
    await signIn(page, baseUrl, 'clinicadmin@example.org', { path: DEFAULTS });
    expect(await readNavigation(page)).not.toContain('Clinic defaults');
    await expect
      .poll(() => page.getByRole('heading', { name: 'You do not have access to this page' }).isVisible())
      .toBe(true);
  });
});
