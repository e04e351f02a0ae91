import { DAILY_REPORT_CSV_COLUMNS } from '@portal/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { checkAccessibility, saveScreenshot, useBrowserSession } from './support/browser';
import { documentItem, INBOX, waitForDocuments } from './support/inbox';
import { DEMO_CLINIC, readAccessToken, signIn } from './support/portal';

// Issue 17 §5: the header's live work-queue ticker, a clinic's metrics drawn as charts, every clinic's
// queue side by side, the provider company's escalation queue and the admin daily report, at the 1280 px
// width a clinic's desktop often has.

const baseUrl = inject('baseUrl');
const VIEWPORT = { width: 1280, height: 800 };

async function buildReport(title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(title, { x: 72, y: 700, size: 18, font });
  return pdf.save();
}

/** A user's access token, from a sign-in in a browser context of its own. */
async function tokenOf(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, baseUrl, email);
    const token = await readAccessToken(page);
    if (!token) throw new Error(`no token for ${email}`);
    return token;
  } finally {
    await context.close();
  }
}

/** POST /api/reports (multipart) as a provider-company technician: a new high alert for the demo clinic. */
async function ingestHighAlert(token: string, lastName: string): Promise<string> {
  const form = new FormData();
  const fields: Record<string, string> = {
    clinicNpi: DEMO_CLINIC.npi,
    serviceLine: 'crm',
    type: 'crm-alert',
    alert: 'high',
    alertType: 'VT/VF episode',
    dos: new Date().toISOString(),
    device: 'ICD',
    patientId: `MX-${Date.now()}`,
    patientFirstName: 'Ada',
    patientLastName: lastName,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([(await buildReport(`High alert for ${lastName}`)) as BlobPart], { type: 'application/pdf' }),
    'alert.pdf',
  );
  const response = await fetch(`${baseUrl}/api/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`ingest: ${response.status} ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}

/** How many of a canvas's pixels uPlot painted (not transparent): a drawn chart has thousands. */
function paintedPixels(chart: Locator): Promise<number> {
  return chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) painted++;
    return painted;
  });
}

async function openFromDrawer(page: Page, name: string) {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Close navigation' }).click();
}

describe('metrics, the live ticker, the escalation queue and the daily report in a real browser', () => {
  let page: Page;
  let irhTechToken: string;
  const session = useBrowserSession({ viewport: VIEWPORT });
  beforeAll(async () => {
    irhTechToken = await tokenOf(session.browser, 'irhtech@example.org');
  });
  beforeEach(() => {
    ({ page } = session);
  });

  it("the header ticker counts a new high alert at the nurse's clinic as it arrives, without a reload", async () => {
    await signIn(page, baseUrl, 'nurse@example.org', { path: INBOX });
    await waitForDocuments(page);
    const ticker = page.getByRole('group', { name: `Work waiting at ${DEMO_CLINIC.name}` });
    const high = ticker.getByTestId('ticker-high');
    await expect.poll(() => high.getAttribute('data-count')).toMatch(/^\d+$/);
    const before = Number(await high.getAttribute('data-count'));
    const unsignedBefore = Number(await ticker.getByTestId('ticker-unsigned').getAttribute('data-count'));
    // A mark on this very page: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { tickerMark: string }).tickerMark = 'still here';
    });

    // It fits the 1280 px header beside the title and the clinic picker, without overlapping either.
    const tickerBox = await ticker.boundingBox();
    const pickerBox = await page.getByRole('combobox', { name: 'Current clinic' }).boundingBox();
    const titleBox = await page.getByRole('link', { name: /, start page$/ }).boundingBox();
    expect(tickerBox && pickerBox && titleBox).toBeTruthy();
    if (tickerBox && pickerBox && titleBox) {
      expect(tickerBox.x + tickerBox.width).toBeLessThanOrEqual(pickerBox.x);
      expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(tickerBox.x);
      expect(tickerBox.height).toBeLessThanOrEqual(40);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORT.width,
    );

    const lastName = `Tickerhigh${Date.now().toString(36)}`;
    const id = await ingestHighAlert(irhTechToken, lastName);
    await expect.poll(() => high.getAttribute('data-count')).toBe(String(before + 1));
    expect(Number(await ticker.getByTestId('ticker-unsigned').getAttribute('data-count'))).toBe(
      unsignedBefore + 1,
    );
    expect(await page.evaluate(() => (window as unknown as { tickerMark?: string }).tickerMark)).toBe(
      'still here',
    );
    expect(await high.getAttribute('aria-label')).toBe(
      `${before + 1} high ${before + 1 === 1 ? 'alert' : 'alerts'} unsigned at ${DEMO_CLINIC.name}: open them in the inbox`,
    );
    await saveScreenshot(page, 'metrics-ticker-header', { fullPage: false });

    // The count links to the clinic's high alerts to do, where the new one is listed.
    await high.click();
    await page.waitForURL(/alert=high/);
    const address = new URL(page.url());
    expect(Object.fromEntries(address.searchParams)).toMatchObject({
      clinicNpi: DEMO_CLINIC.npi,
      status: 'todo',
      assignedTo: 'any',
      alert: 'high',
    });
    // The inbox says it shows the high alerts only; pressing that shows every level again.
    await page.getByRole('button', { name: 'High alerts only: show every alert level' }).waitFor();
    await documentItem(page, id).waitFor();
    await saveScreenshot(page, 'metrics-ticker-inbox-high-alerts', { fullPage: false });
  });

  it("draws a clinic's metrics, compares every clinic, works the escalation queue and reads the daily report", async () => {
    // A high alert due within the day, so the escalation queue has one to mark reviewed.
    const lastName = `Queued${Date.now().toString(36)}`;
    await ingestHighAlert(irhTechToken, lastName);
    await signIn(page, baseUrl, 'irhadmin@example.org', { path: '/metrics' });

    // One clinic's metrics: three uPlot charts, each painted and named for a screen reader.
    const metrics = page.getByTestId('metrics-page');
    await metrics.waitFor();
    expect(await page.getByTestId('metrics-clinic').textContent()).toBe(DEMO_CLINIC.name);
    for (const testId of ['chart-activity', 'chart-time-to-sign', 'chart-backlog']) {
      const chart = page.getByTestId(testId);
      await expect.poll(() => chart.locator('canvas').count()).toBe(1);
      await expect.poll(() => paintedPixels(chart)).toBeGreaterThan(2_000);
      expect(await chart.getAttribute('role')).toBe('img');
      expect((await chart.getAttribute('aria-label'))?.length ?? 0).toBeGreaterThan(20);
    }
    expect(await page.getByTestId('chart-backlog').getAttribute('aria-label')).toMatch(
      /unsigned documents by days waiting|No unsigned documents waiting/,
    );
    const figures = await page.getByTestId('metrics-key-figures').textContent();
    expect(figures).toMatch(/Received\d/);
    await saveScreenshot(page, 'metrics-clinic');
    // The activity chart reads an interval out from the keyboard, as from the pointer.
    await page.getByTestId('chart-activity').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => page.getByTestId('chart-card-activity').locator('p[aria-live]').textContent())
      .toMatch(/^Week of \d{2}\/\d{2}\/\d{4}: \d+ received, \d+ signed/);

    // The interval is kept in the address; the charts draw again.
    await page.getByRole('group', { name: 'Interval' }).getByRole('button', { name: 'Month' }).click();
    await page.waitForURL(/interval=month/);
    await expect
      .poll(() => page.getByTestId('chart-activity').getAttribute('aria-label'))
      .toMatch(/^Month by month/);
    // Each chart's numbers as a table, for whoever prefers one.
    const timeToSign = page.getByRole('region', { name: 'Time to sign' });
    await timeToSign.getByRole('button', { name: 'Show as table' }).click();
    expect(await timeToSign.getByRole('table', { name: 'Time to sign' }).getByRole('row').count()).toBe(5);
    await checkAccessibility(page, 'the metrics screen by month, with a table');

    // Every clinic's queue, the largest backlog first; sorted by overdue from its header.
    await page
      .getByRole('navigation', { name: 'Metrics views' })
      .getByRole('link', { name: 'All clinics' })
      .click();
    await page.waitForURL(`${baseUrl}/metrics/clinics`);
    const clinics = page.getByRole('table', { name: 'Clinics' });
    await expect.poll(() => clinics.locator('tbody tr').count()).toBeGreaterThan(1);
    await clinics.getByRole('button', { name: 'Overdue' }).click();
    await page.waitForURL(/sort=-overdue/);
    const overdueCounts = await clinics
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Number(row.querySelectorAll('td')[2]?.textContent ?? '0')));
    expect(overdueCounts).toEqual([...overdueCounts].sort((a, b) => b - a));
    await saveScreenshot(page, 'metrics-all-clinics');
    // A clinic's row opens its own metrics.
    const demoRow = clinics.getByRole('link', { name: DEMO_CLINIC.name });
    await demoRow.click();
    await page.waitForURL(new RegExp(`/metrics\\?clinicNpi=${DEMO_CLINIC.npi}`));
    await expect.poll(() => page.getByTestId('metrics-clinic').textContent()).toBe(DEMO_CLINIC.name);

    // The escalation queue: the new high alert is due within the day; it is marked reviewed internally.
    await openFromDrawer(page, 'Escalation queue');
    await page.waitForURL(`${baseUrl}/metrics/escalations`);
    const queue = page.getByRole('table', { name: 'Escalation queue' });
    await page.getByRole('combobox', { name: 'Alert level' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await page.waitForURL(/level=high/);
    await expect.poll(() => queue.locator('tbody tr[data-document-id]').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'metrics-escalation-queue');
    const row = queue.locator('tbody tr[data-document-id]').first();
    await row.getByRole('button', { name: /^Mark reviewed internally:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark reviewed internally' });
    await dialog
      .getByRole('textbox', { name: 'Note' })
      .fill('Called the clinic: the provider is reviewing it now.');
    await saveScreenshot(page, 'metrics-internal-review-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Mark reviewed' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => row.textContent())
      .toContain('Called the clinic: the provider is reviewing it now.');

    // The daily report: today's clinics with the totals, and the same as CSV.
    await openFromDrawer(page, 'Daily report');
    await page.waitForURL(`${baseUrl}/daily-report`);
    const report = page.getByRole('table', { name: /^Daily report, / });
    await expect.poll(() => report.locator('tbody tr').count()).toBeGreaterThan(1);
    expect(await report.locator('tfoot').textContent()).toMatch(/^Total, \d+ clinics/);
    await saveScreenshot(page, 'metrics-daily-report');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^daily-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const stream = await download.createReadStream();
    let csv = '';
    for await (const chunk of stream) csv += String(chunk);
    expect(csv.split(/\r?\n/)[0]).toBe(DAILY_REPORT_CSV_COLUMNS.join(','));
    expect(csv).toContain(DEMO_CLINIC.npi);

    // A provider-company admin may have the report e-mailed each morning.
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('button', { name: 'Notification preferences' })
      .click();
    const preferences = page.getByRole('dialog', { name: 'Notification preferences' });
    await preferences.getByRole('checkbox', { name: 'E-mail me the daily report each morning' }).waitFor();
    await saveScreenshot(page, 'metrics-daily-report-preference', { fullPage: false });
    await preferences.getByRole('button', { name: 'Cancel' }).click();
  });
});
