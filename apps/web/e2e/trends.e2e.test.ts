import {
  buildSignatureDashboardLink,
  type LongitudinalResponse,
  type LongitudinalSeries,
  type PatientSearchPage,
} from '@portal/domain';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession } from './support/browser';
import { panel, waitForDocuments } from './support/inbox';
import { type Api, apiOf, PATIENTS, savePageScreenshot } from './support/patients';
import { DEMO_CLINIC, signIn } from './support/portal';

const baseUrl = inject('baseUrl');

const RV_THRESHOLD = 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE';

type FlaggedPatient = {
  id: string;
  longitudinal: LongitudinalResponse['data'];
  /** The measurement whose latest value is flagged (the RV pacing threshold when it is). */
  series: LongitudinalSeries;
  /** One of the patient's documents, for the inbox. */
  documentId: string | null;
};

const latestFlags = (series: LongitudinalSeries) => series.values.at(-1)?.flags ?? [];

/**
 * A demo patient with an implant whose latest session has a flagged value, found through the API as any
 * reader would (the demo seed gives every implant quarterly sessions, and at least one PM or ICD patient an
 * RV pacing threshold above 1.5 V at the latest), rather than by a name the seed might change.
 */
async function findFlaggedPatient(api: Api): Promise<FlaggedPatient> {
  const clinic = `/api/patients/clinics/${DEMO_CLINIC.npi}`;
  const candidates: FlaggedPatient[] = [];
  for (let offset = 0; offset < 1000; offset += 100) {
    const page = await api<PatientSearchPage>(
      'GET',
      `${clinic}/search/?page[limit]=100&page[offset]=${offset}`,
    );
    for (const patient of page.data) {
      const deviceType = patient.attributes.deviceInfo?.deviceType;
      if (deviceType !== 'PM' && deviceType !== 'ICD') continue;
      const { data } = await api<LongitudinalResponse>(
        'GET',
        `/api/reports/clinics/${DEMO_CLINIC.npi}/patients/${patient.id}/longitudinal/`,
      );
      // A trend: at least two sessions (other browser tests add patients with a single, flagged check).
      const flagged =
        data.series.find(
          (series) =>
            series.key === RV_THRESHOLD && latestFlags(series).length > 0 && series.values.length > 1,
        ) ?? data.series.find((series) => latestFlags(series).length > 0 && series.values.length > 1);
      if (!flagged) continue;
      const documents = await api<{ data: { id: string }[] }>(
        'GET',
        `/api/reports?filter[clinicNpi]=${DEMO_CLINIC.npi}&filter[patientRef]=${patient.id}&filter[status]=any&filter[assignedTo]=any&page[limit]=5`,
      );
      const candidate = {
        id: patient.id,
        longitudinal: data,
        series: flagged,
        documentId: documents.data[0]?.id ?? null,
      };
      // The best: the RV threshold flagged, and a document to open in the inbox.
      if (flagged.key === RV_THRESHOLD && candidate.documentId) return candidate;
      candidates.push(candidate);
    }
    if (page.data.length < 100) break;
  }
  const found = candidates.find((candidate) => candidate.documentId) ?? candidates[0];
  if (!found) throw new Error('no demo patient with an implant has a flagged value at the latest session');
  return found;
}

function trendCard(page: Page, key: string) {
  return page.getByTestId(`trend-${key}`);
}

describe('device trends in a real browser', () => {
  let page: Page;
  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeEach(() => {
    ({ page } = session);
  });

  it("a provider opens a patient's Trends tab, sees the flagged measurement in its chart and table, switches the comparison, and meets it again in the inbox", async () => {
    await signIn(page, baseUrl, 'provider@example.org', { path: PATIENTS });
    const patient = await findFlaggedPatient(apiOf(page, baseUrl));
    const { series } = patient;
    const latest = series.values.at(-1);
    const flag = latestFlags(series)[0];
    if (!latest || !flag) throw new Error('the flagged series has no flagged latest value');

    await page.goto(`${baseUrl}${PATIENTS}/${DEMO_CLINIC.npi}/${patient.id}`);
    await page.getByRole('tab', { name: 'Trends' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'trends');
    const card = trendCard(page, series.key);
    await card.waitFor();
    expect(await card.getAttribute('data-flagged')).toBe('true');

    // The chart: drawn on a canvas by uPlot, described for a screen reader with the flag.
    const chart = card.getByRole('img');
    await expect.poll(() => chart.locator('canvas').count()).toBeGreaterThan(0);
    expect(await chart.getAttribute('aria-label')).toContain(flag.message);
    // Focusing the chart reads the latest point out, with its flag.
    await chart.focus();
    await expect.poll(() => card.locator('[aria-live="polite"]').textContent()).toContain(flag.message);

    // The table (open by itself for a flagged measurement): the latest value first, with its flag.
    const table = card.getByRole('table', { name: `${series.label} values` });
    await table.waitFor();
    const firstRow = table.locator('tbody tr').first();
    expect(await firstRow.textContent()).toContain(flag.message);
    expect(await firstRow.locator(`[data-flag-level="${flag.level}"]`).count()).toBeGreaterThan(0);
    await savePageScreenshot(page, 'patient-trends');

    // The comparison mode: the other one is asked for, and the table's columns say so.
    const mode = patient.longitudinal.comparisonMode;
    const other = mode === 'difference' ? 'Percentage' : 'Difference';
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes(`/patients/${patient.id}/longitudinal`) &&
        new URL(response.url()).searchParams.get('comparisonMode') === other.toLowerCase(),
    );
    await page.getByRole('button', { name: other }).click();
    expect((await answered).status()).toBe(200);
    await expect
      .poll(() => page.getByRole('button', { name: other }).getAttribute('aria-pressed'))
      .toBe('true');
    const columns = await table.locator('thead').textContent();
    expect(columns).toContain(other === 'Percentage' ? 'vs previous (%)' : 'vs previous (difference)');
    if (other === 'Percentage' && latest.vsPrevious !== null) {
      await expect.poll(() => firstRow.textContent()).toMatch(/[+−±]\d+\.\d%/);
    }
    await saveScreenshot(page, 'patient-trends-percentage', { fullPage: false });

    // The inbox: the patient's document shows the strip of flagged measurements, linking back here.
    if (!patient.documentId) throw new Error('the flagged patient has no document in the inbox');
    await page.goto(`${baseUrl}${buildSignatureDashboardLink(patient.documentId)}`);
    await waitForDocuments(page);
    const strip = panel(page).getByTestId('trend-strip');
    await strip.waitFor();
    const item = strip.getByTestId(`strip-${series.key}`);
    expect(await item.textContent()).toContain(flag.message);
    expect(await item.locator('svg[data-testid="sparkline"]').count()).toBe(1);
    // Only flagged measurements: every item's latest value has a flag.
    const flaggedKeys = patient.longitudinal.series
      .filter((candidate) => latestFlags(candidate).length > 0)
      .map((candidate) => `strip-${candidate.key}`)
      .sort();
    const shownKeys = (
      await strip
        .locator('li[data-testid]')
        .evaluateAll((items) => items.map((element) => element.getAttribute('data-testid') ?? ''))
    ).sort();
    expect(shownKeys).toEqual(flaggedKeys);
    await saveScreenshot(page, 'inbox-trend-strip', { fullPage: false });

    await strip.getByRole('link', { name: 'Open the trends' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === `${PATIENTS}/${DEMO_CLINIC.npi}/${patient.id}` &&
        url.searchParams.get('tab') === 'trends',
    );
    await trendCard(page, series.key).waitFor();
  });
});
