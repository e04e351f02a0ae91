import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession } from './support/browser';
import { INBOX, panel, readDownloadedPdfText, statusOf } from './support/inbox';
import { DEMO_CLINIC, readAccessToken, signIn } from './support/portal';

const baseUrl = inject('baseUrl');

/** A small real report to upload. */
async function reportPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('90-day remote device report', { x: 72, y: 700, size: 18, font });
  page.drawText('Battery OK. Leads stable. No episodes.', { x: 72, y: 670, size: 12, font });
  return pdf.save();
}

/** Uploads a document through the API with the signed-in technician's token; returns its id. */
async function uploadAs(page: Page, fields: Record<string, string>): Promise<string> {
  const token = await readAccessToken(page);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(await reportPdf())], { type: 'application/pdf' }),
    'report.pdf',
  );
  const response = await fetch(`${baseUrl}/api/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('a report for a patient whose name is beyond Latin-1', () => {
  let page: Page;
  const session = useBrowserSession({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  beforeEach(() => {
    ({ page } = session);
  });

  it('shows in the inbox viewer, downloads under its Unicode name, and once signed its content is frozen', async () => {
    await signIn(page, baseUrl, 'irhtech@example.org');
    const id = await uploadAs(page, {
      clinicNpi: DEMO_CLINIC.npi,
      type: 'implicity-90-day-remote-report',
      serviceLine: 'crm',
      dos: '2026-11-02T09:30:00Z',
      patientId: 'P-UNICODE-1',
      patientFirstName: 'Łukasz',
      patientLastName: 'Żółć',
      device: 'Medtronic Azure',
    });
    await session.context.clearCookies();
    await page.evaluate(() => localStorage.clear());

    await signIn(page, baseUrl, 'provider@example.org', { path: `${INBOX}?status=any&idIn=${id}` });
    await expect.poll(() => page.locator('#selected-document-heading').textContent()).toMatch(/^Łukasz Żółć/);
    await expect.poll(() => panel(page).getByTestId('pdf-pages').getAttribute('data-state')).toBe('ready');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel(page).getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/Łukasz_Żółć/);
    expect(await readDownloadedPdfText(download)).toContain('90-day remote device report');

    await page.getByRole('textbox', { name: 'Note' }).fill('Reviewed.');
    await panel(page).getByRole('button', { name: 'Sign', exact: true }).click();
    await expect.poll(() => statusOf(page)).toBe('signed');
    // The server refuses changes to a signed document's content; the inbox says so instead of offering them.
    await expect.poll(() => panel(page).getByRole('button', { name: 'Reassign' }).isDisabled()).toBe(true);
    await expect
      .poll(() => page.locator('#frozen-content-hint').textContent())
      .toContain("A signed document's content cannot change.");
    await saveScreenshot(page, 'signed-unicode-patient', { fullPage: false });
  });
});
