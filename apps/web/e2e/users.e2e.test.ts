import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession } from './support/browser';
import { DEMO_CLINIC, readNavigation, signIn } from './support/portal';

const baseUrl = inject('baseUrl');

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users' });
}

function rowOf(page: Page, text: string) {
  return usersTable(page).locator('tbody tr').filter({ hasText: text });
}

async function settled(page: Page) {
  await expect.poll(() => usersTable(page).getAttribute('aria-busy')).toBe('false');
}

function snackbar(page: Page, text: string) {
  return page.locator('#notistack-snackbar').filter({ hasText: text });
}

describe('users administration in a real browser', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeEach(async () => {
    ({ context, page, problems } = session);
  });

  it('a clinic admin adds a nurse, finds them, locks them and makes a password-change link', async () => {
    await signIn(page, baseUrl, 'clinicadmin@example.org');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users' })
      .click();
    await page.waitForURL(`${baseUrl}/admin/users`);
    await page.getByRole('button', { name: 'Close navigation' }).click();

    // The clinic's own users, with their roles there.
    await expect.poll(() => rowOf(page, 'provider@example.org').count()).toBe(1);
    await settled(page);
    expect(await page.getByText(`People with a role at ${DEMO_CLINIC.name}.`).isVisible()).toBe(true);
    await saveScreenshot(page, 'users-list');

    // Add a user with the nurse role (labelled Clinic Staff).
    const email = `nora.nightingale.${Date.now()}@example.org`;
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Nora');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Nightingale');
    await dialog.getByRole('textbox', { name: 'Suffixes' }).fill('RN');
    // A clinic admin gives clinic roles at the current clinic only, and no provider-company roles.
    expect(await dialog.getByText(`At ${DEMO_CLINIC.name}`).isVisible()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'System Admin' }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: 'Clinic Staff' }).check();
    await saveScreenshot(page, 'users-create-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await snackbar(page, 'Nora Nightingale RN was added.').waitFor();

    await page.getByRole('searchbox', { name: 'Search' }).fill('Nightingale');
    await expect.poll(() => rowOf(page, email).count()).toBe(1);
    await settled(page);
    expect(await rowOf(page, email).textContent()).toContain('Clinic Staff');
    // Created without a password: invited, not yet active, and never signed in.
    expect(await rowOf(page, email).textContent()).toContain('Invited — no password yet');
    expect(await rowOf(page, email).textContent()).toContain('Never');

    // Lock.
    await page.getByRole('button', { name: 'Actions for Nora Nightingale RN' }).click();
    await page.getByRole('menuitem', { name: 'Lock' }).click();
    await snackbar(page, 'Nora Nightingale RN is locked.').waitFor();
    await expect.poll(() => rowOf(page, email).textContent()).toContain('Locked');

    // The status filter finds locked users.
    await page.getByRole('combobox', { name: 'Filter by Status' }).click();
    await page.getByRole('option', { name: 'Locked', exact: true }).click();
    await settled(page);
    await expect.poll(() => rowOf(page, email).count()).toBe(1);

    // Password-change link, shown with a copy button.
    await page.getByRole('button', { name: 'Actions for Nora Nightingale RN' }).click();
    await page.getByRole('menuitem', { name: 'Send password-change link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Password-change link for Nora Nightingale RN' });
    await linkDialog.waitFor();
    const link = await linkDialog.getByRole('textbox', { name: 'Password-change link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/account/password-change/[\\w-]+$`));
    expect(await linkDialog.getByRole('button', { name: 'Copy link' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'users-password-link', { fullPage: false });
    await linkDialog.getByRole('button', { name: 'Done' }).click();
    await linkDialog.waitFor({ state: 'hidden' });

    // The link leads to the provider's page where the user sets a password.
    const other = await context.newPage();
    await other.goto(link);
    expect(await other.getByRole('heading', { name: 'Set a new password' }).isVisible()).toBe(true);
    await other.close();

    // Unlock, then delete after a confirmation, with the keyboard.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Nightingale');
    await expect.poll(() => rowOf(page, email).count()).toBe(1);
    await page.getByRole('button', { name: 'Actions for Nora Nightingale RN' }).click();
    await page.getByRole('menuitem', { name: 'Unlock' }).click();
    await expect.poll(() => rowOf(page, email).textContent()).toContain('Invited — no password yet');

    await page.getByRole('button', { name: 'Actions for Nora Nightingale RN' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Nora Nightingale RN?' });
    await confirm.waitFor();
    await saveScreenshot(page, 'users-delete-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await snackbar(page, 'Nora Nightingale RN was deleted.').waitFor();
    await expect.poll(() => rowOf(page, email).count()).toBe(0);
  });

  it('shows a server error next to its field and in the snackbar', async () => {
    await signIn(page, baseUrl, 'clinicadmin@example.org', { path: '/admin/users' });
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('nurse@example.org');
    await dialog.getByRole('checkbox', { name: 'Clinic Staff' }).check();
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await snackbar(page, 'A user with this e-mail already exists').waitFor();
    const emailField = dialog.getByRole('textbox', { name: 'Email' });
    await expect.poll(() => emailField.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText('Is already in use.').isVisible()).toBe(true);
    await saveScreenshot(page, 'users-create-conflict', { fullPage: false });

    // Expected here: the browser logs the 409, and the client logger logs the failure at level error.
    const expected = problems.filter(
      (p) => p.includes('status of 409') || p.includes('[app] API call failed'),
    );
    expect(expected.length).toBeGreaterThan(0);
    problems.splice(0, problems.length, ...problems.filter((p) => !expected.includes(p)));
  });

  it('edits a user’s profile and roles', async () => {
    await signIn(page, baseUrl, 'clinicadmin@example.org', { path: '/admin/users' });
    await page.getByRole('button', { name: /^Actions for Rita Lindqvist/ }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    const phone = dialog.getByRole('textbox', { name: 'Phone' });
    await phone.waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Clinic Read-Only' }).isChecked()).toBe(true);
    await phone.fill('555-0142');
    await saveScreenshot(page, 'users-edit-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await snackbar(page, 'Changes saved.').waitFor();
  });

  it('stays usable on a narrow screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, baseUrl, 'sysadmin@example.org', { path: '/admin/users' });
    await expect.poll(() => rowOf(page, 'provider@example.org').count()).toBe(1);
    await saveScreenshot(page, 'users-narrow', { fullPage: false });
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('dialog', { name: 'Add a user' }).waitFor();
    await saveScreenshot(page, 'users-create-dialog-narrow', { fullPage: false });
  });

  it('a provider has no Users page', async () => {
    await signIn(page, baseUrl, 'provider@example.org');
    expect(await readNavigation(page)).not.toContain('Users');
    await page.goto(`${baseUrl}/admin/users`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'You do not have access to this page' }).isVisible())
      .toBe(true);
    expect(await usersTable(page).count()).toBe(0);
  });
});
