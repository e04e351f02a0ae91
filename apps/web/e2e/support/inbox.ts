import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ALERT_DOCUMENT_TYPES } from '@portal/domain';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';

// What the browser tests of the signature inbox share: where it is, how to find its parts, how to read a
// downloaded PDF.

export const INBOX = '/signature/dashboard/';
const run = promisify(execFile);

export function documentList(page: Page) {
  return page.getByRole('list', { name: 'Documents' });
}

/** The list's document rows (grouped by patient, the patients' headings are items too, but not these). */
export function documentItems(page: Page) {
  return documentList(page).locator('[data-document-id]');
}

export function documentItem(page: Page, id: string) {
  return documentList(page).locator(`[data-document-id="${id}"]`);
}

/** The selected document's panel. */
export function panel(page: Page) {
  return page.locator('section[aria-labelledby="selected-document-heading"]');
}

export function statusOf(page: Page) {
  return panel(page).locator('[data-status]').first().getAttribute('data-status');
}

export function snackbar(page: Page, text: string) {
  return page.locator('#notistack-snackbar').filter({ hasText: text });
}

/**
 * Waits for the inbox to list documents. The demo documents are seeded in the background after the server
 * starts, and the list is not live for documents created before the page subscribed, so the page is
 * reloaded while the list is still empty.
 */
export async function waitForDocuments(page: Page) {
  await expect
    .poll(async () => {
      if ((await documentList(page).count()) > 0) return true;
      // The list has answered, without documents yet.
      if ((await page.getByRole('heading', { name: 'No documents' }).count()) > 0) await page.reload();
      return false;
    })
    .toBe(true);
}

/** Selects the first listed document that may be worked on (unsigned, not locked) and returns its id. */
export async function selectWorkableDocument(
  page: Page,
  options: {
    /**
     * A report, not an alert: a signed alert goes to the EMR only when the clinic sends alerts, so a test of
     * the EMR delivery needs a report (which document comes first depends on what earlier tests signed).
     */
    reportsOnly?: boolean;
  } = {},
): Promise<string> {
  const alerts = ALERT_DOCUMENT_TYPES.map((type) => `:not([data-type="${type}"])`).join('');
  const candidate = documentList(page)
    .locator(
      `[data-document-id][data-status="unsigned"]:not([data-locked])${options.reportsOnly ? alerts : ''}`,
    )
    .first();
  const id = await candidate.getAttribute('data-document-id');
  if (!id) throw new Error('no workable document');
  await candidate.getByRole('button').first().click();
  await expect
    .poll(() => documentItem(page, id).getByRole('button').first().getAttribute('aria-current'))
    .toBe('true');
  return id;
}

/** The row of the open document (aria-current), its id. */
export async function openDocumentId(page: Page): Promise<string | null> {
  return documentList(page)
    .locator('[data-document-id]:has([aria-current="true"])')
    .getAttribute('data-document-id');
}

/** The open document's heading text (the patient's name). */
export function heading(page: Page) {
  return page.locator('#selected-document-heading');
}

/** Rows wholly inside the list's scrolling region and the window, as a reader sees them without scrolling. */
export function countRowsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.querySelector('[data-testid="document-list-scroll"]');
    if (!scroller) return 0;
    const frame = scroller.getBoundingClientRect();
    return [...scroller.querySelectorAll('[data-document-id]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= frame.top - 0.5 && box.bottom <= Math.min(frame.bottom, window.innerHeight) + 0.5;
    }).length;
  });
}

/**
 * The pages of a PDF, each page's text (pdftotext, whitespace folded), from a download or from bytes: page
 * by page, so a test can say what is on the first.
 */
export async function readPdfPages(source: Download | Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-pages-e2e-'));
  try {
    const pdfPath = path.join(dir, 'document.pdf');
    if (source instanceof Uint8Array) await writeFile(pdfPath, source);
    else await source.saveAs(pdfPath);
    const { stdout } = await run('pdftotext', ['-layout', pdfPath, '-']);
    // pdftotext ends each page with a form feed.
    return stdout
      .split('\f')
      .slice(0, -1)
      .map((page) => page.replace(/\s+/g, ' ').trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a downloaded PDF (pdftotext, whitespace folded), read from a temporary copy. */
export async function readDownloadedPdfText(download: Download): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'inbox-e2e-'));
  try {
    const pdfPath = path.join(dir, 'download.pdf');
    await download.saveAs(pdfPath);
    const { stdout } = await run('pdftotext', ['-layout', pdfPath, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
