import type { Browser, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession, watchPageProblems } from './support/browser';
import {
  documentItem,
  documentItems,
  documentList,
  heading,
  INBOX,
  openDocumentId,
  panel,
  readDownloadedPdfText,
  selectWorkableDocument,
  snackbar,
  statusOf,
  waitForDocuments,
} from './support/inbox';
import { signIn } from './support/portal';

const baseUrl = inject('baseUrl');

describe('signature inbox in a real browser', () => {
  let browser: Browser;
  let page: Page;

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  beforeEach(async () => {
    ({ browser, page } = session);
  });

  it('the provider signs a document with a note, and the downloaded PDF carries the signature', async () => {
    // Everyone's documents, so the list has more than a page.
    await signIn(page, baseUrl, 'provider@example.org', { path: `${INBOX}?assignedTo=any` });
    await waitForDocuments(page);
    // After the first page loads, the first document is selected.
    await expect
      .poll(() => documentItems(page).first().getByRole('button').first().getAttribute('aria-current'))
      .toBe('true');
    expect(await documentItems(page).count()).toBe(50);
    await expect.poll(() => panel(page).getByTestId('pdf-pages').getAttribute('data-state')).toBe('ready');
    // pdf.js measured the report's text on a canvas it put on <body>: hidden from sight and from assistive
    // technology, so the screen (checked by axe with the picture) has nothing outside its landmarks.
    const measuringCanvas = page.locator('body > canvas.hiddenCanvasElement');
    await expect.poll(() => measuringCanvas.count()).toBeGreaterThan(0);
    expect(await measuringCanvas.first().isHidden()).toBe(true);
    expect(await measuringCanvas.first().getAttribute('aria-hidden')).toBe('true');
    await saveScreenshot(page, 'inbox-provider', { fullPage: false });

    // j moves the selection down, k back up.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    await expect
      .poll(() => documentItems(page).nth(1).getByRole('button').first().getAttribute('aria-current'))
      .toBe('true');
    await page.keyboard.press('k');
    await expect
      .poll(() => documentItems(page).first().getByRole('button').first().getAttribute('aria-current'))
      .toBe('true');

    // Scrolling to the end of the list loads the next page.
    await documentItems(page).last().scrollIntoViewIfNeeded();
    await expect.poll(() => documentItems(page).count()).toBeGreaterThan(50);

    const id = await selectWorkableDocument(page);
    const note = page.getByRole('textbox', { name: 'Note' });
    await note.fill('Rhythm stable, no action needed.');
    await panel(page).getByRole('button', { name: "Insert 'Report reviewed.'" }).click();
    const written = 'Rhythm stable, no action needed. Report reviewed.';
    expect(await note.inputValue()).toBe(written);
    expect(await page.locator('#note-counter').textContent()).toBe(`${written.length} / 900`);
    await saveScreenshot(page, 'inbox-provider-note', { fullPage: false });

    // Ctrl+Enter signs the open document; it leaves To do and the next one opens.
    await note.press('Control+Enter');
    await expect.poll(() => documentItem(page, id).count()).toBe(0);
    await expect.poll(() => openDocumentId(page)).not.toBe(id);

    // The signed document, by its link.
    await page.goto(`${baseUrl}${INBOX}?status=any&idIn=${id}`);
    await expect.poll(() => statusOf(page)).toBe('signed');
    expect(await panel(page).getByTestId('document-note').textContent()).toContain(written);
    expect(await panel(page).getByTestId('document-note-label').textContent()).toBe('Provider note');
    expect(await panel(page).getByTestId('document-signed-by').textContent()).toMatch(
      /^Signed by Dr\. Paula Reyes MD, /,
    );
    const download = panel(page).getByRole('button', { name: 'Download' });
    await expect.poll(() => download.isEnabled()).toBe(true);
    await expect.poll(() => panel(page).getByTestId('pdf-pages').getAttribute('data-state')).toBe('ready');
    await saveScreenshot(page, 'inbox-provider-signed', { fullPage: false });

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^[^/\\]+_\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = await readDownloadedPdfText(file);
    expect(text).toContain('Reviewed by:');
    expect(text).toContain('Dr. Paula Reyes MD');
    expect(text).toContain('Rhythm stable, no action needed.');
  });

  it("the provider's inbox opens on the documents assigned to them", async () => {
    await signIn(page, baseUrl, 'provider@example.org', { path: INBOX });
    await waitForDocuments(page);
    await expect.poll(() => page.getByRole('combobox', { name: 'Assigned to' }).textContent()).toBe('Me');
    const me = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
      const token = key
        ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
        : '';
      const response = await fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as { user: { id: string } }).user.id;
    });
    const ids = await documentItems(page).evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-document-id')),
    );
    expect(ids.length).toBeGreaterThan(0);
    // Every listed document is the provider's: the list's own query, asked of the API.
    const assigned = await page.evaluate(
      async ({ listed }) => {
        const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
        const token = key
          ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
          : '';
        const response = await fetch(
          `/api/reports?filter[id]=${listed.join(',')}&filter[status]=any&page[limit]=100`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        return (
          (await response.json()) as { data: { attributes: { assignedTo: string | null } }[] }
        ).data.map((document) => document.attributes.assignedTo);
      },
      { listed: ids.slice(0, 50) as string[] },
    );
    expect(new Set(assigned)).toEqual(new Set([me]));
    // The view says who it is for; the rows do not repeat it.
    expect(new URL(page.url()).searchParams.get('assignedTo')).toBeNull();
    expect(await documentList(page).getByText('Dr. Paula Reyes MD').count()).toBe(0);
  });

  it('the nurse acknowledges a document with a note, cannot sign, and the note is labelled as hers', async () => {
    await signIn(page, baseUrl, 'nurse@example.org', { path: INBOX });
    await waitForDocuments(page);
    const id = await selectWorkableDocument(page);
    expect(await panel(page).getByRole('button', { name: 'Sign', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Bulk sign/ }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Note' }).fill('Called the patient; symptoms resolved.');
    await panel(page).getByRole('button', { name: 'Acknowledge' }).click();
    // Acknowledged, it leaves To do and the next document opens.
    await expect.poll(() => documentItem(page, id).count()).toBe(0);
    expect(await snackbar(page, 'Failed').count()).toBe(0);

    await page.goto(`${baseUrl}${INBOX}?status=any&idIn=${id}`);
    await expect.poll(() => statusOf(page)).toBe('acknowledged');
    expect(await panel(page).getByTestId('document-note-label').textContent()).toBe('Acknowledgement note');
    // Named by display name, never by user id.
    const by = (await panel(page).getByTestId('document-signed-by').textContent()) ?? '';
    expect(by).toMatch(/^Acknowledged by Nina Okafor RN, /);
    expect(by).not.toContain('auth0|');
    expect(await heading(page).count()).toBe(1);
    await saveScreenshot(page, 'inbox-nurse-acknowledged', { fullPage: false });
  });

  it('the read-only user sees documents, changes the filter in the address, and has no actions', async () => {
    await signIn(page, baseUrl, 'readonly@example.org', { path: INBOX });
    await waitForDocuments(page);
    await expect.poll(() => panel(page).count()).toBe(1);
    for (const name of ['Sign', 'Acknowledge', 'Un-sign', 'Pin', 'Unpin', 'Lock', 'Unlock', 'Check all']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await page.getByRole('textbox', { name: 'Note' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);

    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'done');
    expect(new URL(page.url()).searchParams.get('clinicNpi')).toBe('1209945553');
    await waitForDocuments(page);
    await saveScreenshot(page, 'inbox-read-only-done', { fullPage: false });
  });

  it('the device technician sees no documents', async () => {
    await signIn(page, baseUrl, 'devicetech@example.org', { path: INBOX });
    await expect
      .poll(() =>
        page.getByRole('heading', { name: /do not have access|does not show documents/ }).isVisible(),
      )
      .toBe(true);
    expect(await documentList(page).count()).toBe(0);
    await saveScreenshot(page, 'inbox-device-tech');
  });

  it('the provider checks all and bulk signs them, and hears how it went', async () => {
    await signIn(page, baseUrl, 'provider@example.org', { path: INBOX });
    await waitForDocuments(page);
    // After the first page loads, the first document is checked too (when it can be bulk-signed).
    await page.getByRole('checkbox', { name: 'Check all' }).click();
    const bulkSign = page.getByRole('button', { name: /^Bulk sign \(\d+\)$/ });
    const label = (await bulkSign.textContent()) ?? '';
    const count = Number(/\((\d+)\)/.exec(label)?.[1]);
    expect(count).toBeGreaterThan(0);
    // In bulk mode a single check cannot be taken off.
    const firstCheck = documentList(page).getByRole('checkbox', { checked: true }).first();
    await firstCheck.click();
    expect(await firstCheck.isChecked()).toBe(true);
    await saveScreenshot(page, 'inbox-bulk-checked', { fullPage: false });

    await bulkSign.click();
    const dialog = page.getByRole('dialog', { name: `Sign ${count} documents?` });
    await dialog.waitFor();
    const summary = dialog.getByTestId('bulk-sign-summary');
    expect(await summary.textContent()).toContain(`Documents${count} documents`);
    expect(await summary.textContent()).toContain("Note added'Report reviewed.'");
    await saveScreenshot(page, 'inbox-bulk-confirm', { fullPage: false });
    await dialog.getByRole('button', { name: `Sign ${count} documents` }).click();
    const outcome = page
      .locator('#notistack-snackbar')
      .filter({ hasText: /^(Signed \d+ documents?\.|Only \d+ of \d+ total documents succeeded\.)$/ });
    await expect.poll(() => outcome.count()).toBe(1);
    const text = (await outcome.textContent()) ?? '';
    if (text.startsWith('Only')) expect(text).toMatch(new RegExp(`of ${count} total`));
    else expect(text).toBe(`Signed ${count} ${count === 1 ? 'document' : 'documents'}.`);
    await saveScreenshot(page, 'inbox-bulk-signed', { fullPage: false });
  });

  it('the nurse comments on a document, and the provider sees the comment and reacts to it', async () => {
    await signIn(page, baseUrl, 'nurse@example.org', { path: INBOX });
    await waitForDocuments(page);
    const documentId = await selectWorkableDocument(page);
    const text = `Please review the episode at 02:14 (${Date.now()}).`;
    await panel(page).getByRole('textbox', { name: 'Comment' }).fill(text);
    await panel(page).getByRole('button', { name: 'Add comment' }).click();
    const comments = panel(page).getByRole('list', { name: 'Comments' });
    await expect.poll(() => comments.getByText(text).count()).toBe(1);
    await panel(page)
      .getByRole('heading', { name: /^Comments/ })
      .scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'inbox-nurse-comment', { fullPage: false });

    const providerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const provider = await providerContext.newPage();
      const providerProblems = watchPageProblems(provider);
      await signIn(provider, baseUrl, 'provider@example.org', {
        path: `${INBOX}?status=any&idIn=${documentId}`,
      });
      await waitForDocuments(provider);
      const comment = panel(provider).getByRole('listitem').filter({ hasText: text });
      await expect.poll(() => comment.count()).toBe(1);
      await comment.getByRole('button', { name: 'Add a reaction' }).click();
      await provider.getByRole('menuitemcheckbox', { name: 'Like', exact: true }).click();
      const like = comment.getByRole('button', { name: 'Like: 1, yours' });
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
      await comment.scrollIntoViewIfNeeded();
      await saveScreenshot(provider, 'inbox-provider-reaction', { fullPage: false });
      // Pressing it again takes the reaction back.
      await like.click();
      await expect.poll(() => comment.getByRole('button', { name: /^Like:/ }).count()).toBe(0);
      expect(providerProblems).toEqual([]);
    } finally {
      await providerContext.close();
    }
  });

  it('the provider reassigns a document to themselves, and it is then assigned to them', async () => {
    await signIn(page, baseUrl, 'provider@example.org', { path: `${INBOX}?assignedTo=unassigned` });
    await waitForDocuments(page);
    const documentId = await selectWorkableDocument(page);
    await panel(page).getByRole('button', { name: 'Reassign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reassign 1 document' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Provider' }).click();
    await page.getByRole('option', { name: /Reyes/ }).click();
    await saveScreenshot(page, 'inbox-reassign-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await expect.poll(() => snackbar(page, 'Reassigned 1 document.').count()).toBe(1);
    expect(await snackbar(page, 'Not all documents could be re-assigned').count()).toBe(0);

    // The document now shows under 'assigned to me'.
    await page.goto(`${baseUrl}${INBOX}?status=any&assignedTo=me&idIn=${documentId}`);
    await waitForDocuments(page);
    await expect.poll(() => documentList(page).locator(`[data-document-id="${documentId}"]`).count()).toBe(1);
  });

  it('the provider starts signing all, cancels, and sees what was signed, failed and cancelled', async () => {
    // Last, and narrowed to one service line: it signs what it finds.
    await signIn(page, baseUrl, 'provider@example.org', { path: `${INBOX}?serviceLine=wcd&assignedTo=any` });
    await waitForDocuments(page);
    await page.getByRole('button', { name: 'Sign all', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign all unsigned documents?' });
    await dialog.waitFor();
    await dialog.getByTestId('bulk-sign-summary').waitFor();
    await dialog.getByRole('button', { name: /^Sign \d+ documents?$/ }).click();
    const progress = page.getByTestId('signing-progress');
    await progress.waitFor();
    // Cancel once the first batch is through: the loop stops before the next one.
    await expect
      .poll(() => progress.getByRole('status').textContent())
      .toMatch(/(signing|finished:) [1-9]\d* of/);
    const cancel = progress.getByRole('button', { name: 'Cancel' });
    if (await cancel.isVisible()) await cancel.click();
    await expect
      .poll(() => progress.getByRole('status').textContent())
      .toMatch(/^Sign all finished: \d+ of \d+$/);
    const [, processed, total] =
      /: (\d+) of (\d+)/.exec((await progress.getByRole('status').textContent()) ?? '') ?? [];
    const counts = (await progress.getByTestId('signing-counts').textContent()) ?? '';
    const [, success, fail, cancelled] = /Success (\d+) · Fail (\d+) · Cancelled (\d+)/.exec(counts) ?? [];
    expect(Number(success) + Number(fail)).toBe(Number(processed));
    expect(Number(success) + Number(fail) + Number(cancelled)).toBe(Number(total));
    expect(Number(success)).toBeGreaterThan(0);
    await saveScreenshot(page, 'inbox-sign-all-finished', { fullPage: false });
  });
});
