import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession } from './support/browser';
import { DEMO_CLINIC, readAccessToken, readNavigation, signIn } from './support/portal';

const baseUrl = inject('baseUrl');
const CORPUS = path.resolve(
  import.meta.dirname,
  '../../server/src/modules/device-data/test-fixtures/idco-corpus/caremanagementdb--fullMessageOriginal.hl7',
);

// Issue 28 §3: the provider company sees the import log: each message, its ACK, its warnings, the raw message.
describe('the device data import log in a real browser', () => {
  let page: Page;
  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeEach(async () => {
    ({ page } = session);
  });

  it('a provider-company technician imports the IHE example and reads its ACK and warnings', async () => {
    await signIn(page, baseUrl, 'irhtech@example.org', { path: '/patients' });
    expect(await readNavigation(page)).toContain('Device data import log');
    const controlId = `E2E-LOG-${Date.now()}`;
    const text = fs
      .readFileSync(CORPUS, 'latin1')
      .replace('|CLINIC APP|CLINIC ID|', `|CLINIC APP|${DEMO_CLINIC.npi}|`)
      .replace('||ORU^R01|12345|', `||ORU^R01|${controlId}|`);
    const response = await fetch(`${baseUrl}/api/device-data/hl7`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${(await readAccessToken(page)) ?? ''}`,
        'Content-Type': 'application/hl7-v2',
      },
      body: text,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('MSA|AA|');

    await page.goto(`${baseUrl}/admin/device-data-import`);
    const table = page.getByRole('table', { name: 'Device data import log' });
    const row = table.locator('tbody tr', { hasText: controlId });
    await row.waitFor();
    expect(await row.textContent()).toContain('Session recorded');
    expect(await row.getByText('AA', { exact: true }).count()).toBe(1);
    await saveScreenshot(page, 'device-data-import-log', { fullPage: false });

    await row.getByText(/warnings and the ACK/).click();
    await expect
      .poll(() => row.getByText('MDC_IDC_SET_CRT_LVRV_DELAY', { exact: false }).count())
      .toBeGreaterThan(0);
    await saveScreenshot(page, 'device-data-import-log-warnings', { fullPage: false });

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download raw message ${controlId}` }).click();
    const file = await (await download).path();
    expect(fs.readFileSync(file, 'latin1')).toBe(text);
  });
});
