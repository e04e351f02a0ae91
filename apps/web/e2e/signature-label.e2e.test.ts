import type { Browser, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession, watchPageProblems } from './support/browser';
import {
  documentItem,
  INBOX,
  panel,
  readDownloadedPdfText,
  selectWorkableDocument,
  snackbar,
  statusOf,
  waitForDocuments,
} from './support/inbox';
import { DEMO_CLINIC, signIn } from './support/portal';

const baseUrl = inject('baseUrl');
const DEFAULT_LABEL = 'Reviewed by:';
const NEW_LABEL = 'Interpreted and signed by:';

function labelField(page: Page) {
  return page
    .getByRole('region', { name: 'Workflow settings' })
    .getByRole('textbox', { name: 'Signature label' });
}

/** The clinic administrator opens the demo clinic's page from the clinics list. */
async function openDemoClinic(page: Page) {
  await page.getByPlaceholder('Name, code or NPI').fill(DEMO_CLINIC.name);
  const link = page
    .getByRole('table', { name: 'Clinics' })
    .getByRole('link', { name: DEMO_CLINIC.name, exact: true });
  await expect.poll(() => link.count()).toBe(1);
  await link.click();
  await page.waitForURL(/\/admin\/clinics\/[^/]+$/);
  await labelField(page).waitFor();
}

/** Types the label into the clinic's workflow setting; Enter saves it. */
async function setSignatureLabel(page: Page, label: string) {
  const field = labelField(page);
  await field.fill(label);
  await field.press('Enter');
  await expect.poll(() => snackbar(page, 'Signature label saved.').count()).toBe(1);
  await expect.poll(() => field.isEnabled()).toBe(true);
  await expect.poll(() => field.inputValue()).toBe(label);
}

/** The clinic administrator's own browser, for the steps that are theirs. */
async function asClinicAdmin(browser: Browser, work: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const problems = watchPageProblems(page);
  try {
    await signIn(page, baseUrl, 'clinicadmin@example.org', { path: '/admin/clinics' });
    await openDemoClinic(page);
    await work(page);
  } finally {
    await context.close();
  }
  expect(problems).toEqual([]);
}

describe('the clinic signature label in a real browser', () => {
  let browser: Browser;
  let page: Page;
  const session = useBrowserSession({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  beforeEach(async () => {
    ({ browser, page } = session);
  });

  it('the clinic administrator changes the signature label, and the PDF the provider signs next carries it', async () => {
    await asClinicAdmin(browser, async (admin) => {
      expect(await labelField(admin).inputValue()).toBe(DEFAULT_LABEL);
      await setSignatureLabel(admin, NEW_LABEL);
      await admin.reload();
      await expect.poll(() => labelField(admin).inputValue()).toBe(NEW_LABEL);
      await labelField(admin).scrollIntoViewIfNeeded();
      await saveScreenshot(admin, 'clinic-signature-label', { fullPage: false });
    });

    try {
      await signIn(page, baseUrl, 'provider@example.org', { path: INBOX });
      await waitForDocuments(page);
      const id = await selectWorkableDocument(page);
      await panel(page).getByRole('button', { name: 'Sign', exact: true }).click();
      // Signed, it leaves To do and the next document opens (issue 11 §3); the signed one is read by its link.
      await expect.poll(() => documentItem(page, id).count()).toBe(0);
      await page.goto(`${baseUrl}${INBOX}?status=any&idIn=${id}`);
      await expect.poll(() => statusOf(page)).toBe('signed');
      const download = panel(page).getByRole('button', { name: 'Download' });
      await expect.poll(() => download.isEnabled()).toBe(true);

      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      const text = await readDownloadedPdfText(file);
      expect(text).toContain(NEW_LABEL);
      expect(text).toContain('Dr. Paula Reyes MD');
      expect(text).not.toContain(DEFAULT_LABEL);
    } finally {
      // One server serves every browser test file, and others expect the default label.
      await asClinicAdmin(browser, (admin) => setSignatureLabel(admin, DEFAULT_LABEL));
    }
  }, 240_000);
});
