import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession, watchPageProblems } from './support/browser';
import { INBOX, panel, readPdfPages, statusOf } from './support/inbox';
import {
  type Api,
  adminApi,
  type CreatedPatient,
  createDemoClinicPatient,
  savePageScreenshot,
  setDemoClinicFlag,
} from './support/patients';
import { readAccessToken, signIn } from './support/portal';

const baseUrl = inject('baseUrl');

/** A measurement's input by its label; a required one's label ends in ' *'. */
async function fillMeasurement(page: Page, label: string, value: string) {
  const escaped = label.replace(/[()/]/g, '\\$&');
  await page.getByRole('textbox', { name: new RegExp(`^${escaped}(\\s*\\*)?$`) }).fill(value);
}

function inFuture(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

// Issue 14 §4: a device technician completes an in-person check for a dual-chamber patient; a provider
// finds its report in the inbox and signs it.
describe('the in-person device check in a real browser', () => {
  let page: Page;
  let api: Api;
  let closeAdmin: () => Promise<void>;
  let flagBefore: boolean | undefined;
  let patient: CreatedPatient;
  const lastName = `Devicecheck${Date.now().toString(36)}`;

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeAll(async () => {
    ({ api, close: closeAdmin } = await adminApi(session.browser, baseUrl));
    flagBefore = await setDemoClinicFlag(api, 'inPersonDeviceCheck', true);
    patient = await createDemoClinicPatient(api, {
      patientId: `DC-${Date.now()}`,
      firstName: 'Halvard',
      lastName,
      dob: '1944-02-11',
      deviceInfo: {
        manufacturer: 'MDT',
        model: 'Azure XT DR MRI',
        modelNumber: 'W1DR01',
        deviceType: 'PM',
        serialNumber: 'RNB700123S',
      },
    });
  });
  afterAll(async () => {
    await setDemoClinicFlag(api, 'inPersonDeviceCheck', flagBefore ?? false);
    await closeAdmin();
  });
  beforeEach(() => {
    ({ page } = session);
  });

  it('a technician records a dual-chamber check, bad values named; a provider signs its report', async () => {
    await signIn(page, baseUrl, 'devicetech@example.org');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Device check' })
      .click();
    await page.waitForURL(`${baseUrl}/device-check`);
    await page.getByRole('button', { name: 'Close navigation' }).click();

    // Find the patient by search.
    const search = page.getByRole('combobox', { name: 'Find the patient' });
    await search.fill(lastName);
    await page.getByRole('option', { name: new RegExp(lastName) }).click();
    await expect
      .poll(() => page.getByTestId('device-check-patient-card').textContent())
      .toContain('RNB700123S');
    // The patient's device suggests a pacemaker; the technician chooses the dual-chamber configuration.
    expect(await page.getByRole('button', { name: 'Pacemaker' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Dual', exact: true }).click();
    await expect.poll(() => page.getByRole('group', { name: 'RA lead' }).count()).toBe(1);
    expect(await page.getByRole('group', { name: 'LV lead' }).count()).toBe(0);

    // Bad input is named beside its field, and in the summary.
    await fillMeasurement(page, 'RV pacing impedance', '5000');
    await fillMeasurement(page, 'RV sensing amplitude', 'abc');
    await page.getByRole('button', { name: 'Submit device check' }).click();
    const problems = page.getByTestId('device-check-problems');
    await expect
      .poll(() => problems.textContent())
      .toContain('RV pacing impedance must be between 100 and 3000 Ω');
    const summary = (await problems.textContent()) ?? '';
    expect(summary).toContain('RV sensing amplitude must be a number');
    expect(summary).toContain('RA pacing impedance is required');
    expect(summary).toContain('Battery status is required');
    expect(summary).toContain('Observations is required');
    expect(
      await page.getByText('RV pacing impedance must be between 100 and 3000 Ω').count(),
    ).toBeGreaterThan(1);
    // Focus went to the first field at fault.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-measurement'))).toBeTruthy();
    await savePageScreenshot(page, 'device-check-errors');

    // The values as read from the programmer.
    await page.getByLabel(/^Battery status/).click();
    await page.getByRole('option', { name: /^BOS/ }).click();
    for (const [label, value] of [
      ['Battery voltage', '3.01'],
      ['Remaining longevity', '118'],
      ['RA sensing amplitude', '2.8'],
      ['RA pacing threshold', '0.75'],
      ['RA pacing impedance', '475'],
      ['RV sensing amplitude', '11.6'],
      // Above the clinic's 1.5 V warning: the provider's inbox shows it in the trend strip.
      ['RV pacing threshold', '1.75'],
      ['RV pacing impedance', '620'],
      ['RA paced', '34'],
      ['RV paced', '2.5'],
      ['AT/AF burden', '0.4'],
    ] as const) {
      await fillMeasurement(page, label, value);
    }
    // Each field's problem goes as it is fixed: only the observations are left.
    expect(await problems.locator('li').allTextContents()).toEqual(['Observations is required']);

    // One click inserts a prompt; free text is added to it.
    await page.getByRole('button', { name: 'Insert "Appropriate Device Function"' }).click();
    const observations = page.getByRole('textbox', { name: 'Observations' });
    expect(await observations.inputValue()).toBe('Appropriate Device Function');
    await observations.press('End');
    await observations.pressSequentially('\nUnderlying sinus rhythm, wound healed.');
    await page.getByRole('textbox', { name: 'Programming changes' }).fill('Lower rate 60 → 55 bpm');
    await page.getByLabel('Next follow-up').fill(inFuture(182));
    expect(await problems.count()).toBe(0);
    await savePageScreenshot(page, 'device-check-filled');

    await page.getByRole('button', { name: 'Submit device check' }).click();
    const done = page.locator('[data-device-check-done]');
    await done.waitFor();
    expect(await done.textContent()).toContain('Device check recorded');
    const documentId = await done.getAttribute('data-device-check-done');
    expect(documentId).toBeTruthy();
    await saveScreenshot(page, 'device-check-recorded');
    await page.getByRole('link', { name: /Open Halvard .*'s page/ }).click();
    await page.waitForURL(new RegExp(`/patients/\\d+/${patient.id}`));
    await page.locator('#patient-heading').waitFor();

    // The provider, in a browser of their own, sees the report in the inbox and signs it.
    const providerContext = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const provider = await providerContext.newPage();
      const providerProblems = watchPageProblems(provider);
      await signIn(provider, baseUrl, 'provider@example.org', { path: `${INBOX}?idIn=${documentId}` });
      await expect
        .poll(() => provider.locator('#selected-document-heading').textContent())
        .toMatch(/Halvard/);
      await expect
        .poll(() => panel(provider).getByTestId('pdf-pages').getAttribute('data-state'))
        .toBe('ready');
      expect(await panel(provider).textContent()).toContain('In-Person');
      // The trend strip beside the report names the flagged threshold and links to the Trends tab.
      const strip = panel(provider).getByTestId('trend-strip');
      await expect.poll(() => strip.count()).toBe(1);
      const flagged = strip.getByTestId('strip-MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE');
      expect(await flagged.textContent()).toMatch(/RV pacing threshold: 1\.75 V/);
      expect(await flagged.textContent()).toContain('Warning: Threshold 1.75 V is above 1.5 V');
      expect(await strip.getByRole('link', { name: 'Open the trends' }).getAttribute('href')).toMatch(
        new RegExp(`/patients/\\d+/${patient.id}\\?tab=trends$`),
      );
      await saveScreenshot(provider, 'device-check-in-inbox', { fullPage: false });
      await provider.getByRole('textbox', { name: 'Note' }).fill('Reviewed.');
      await panel(provider).getByRole('button', { name: 'Sign', exact: true }).click();
      await expect.poll(() => statusOf(provider)).toBe('signed');

      // Downloaded, the report has the clinic's longitudinal coversheet in front, with the values entered;
      // stripCoversheet=true gives the report alone (the signature stamp on its own pages).
      const download = panel(provider).getByRole('button', { name: 'Download' });
      await expect.poll(() => download.isEnabled()).toBe(true);
      const [file] = await Promise.all([provider.waitForEvent('download'), download.click()]);
      const withCoversheet = await readPdfPages(file);
      expect(withCoversheet[0]).toContain('This session');
      expect(withCoversheet[0]).toMatch(/RV pacing impedance 620/);
      const stripped = await fetch(`${baseUrl}/api/reports/blob-storage/${documentId}?stripCoversheet=true`, {
        headers: { authorization: `Bearer ${await readAccessToken(provider)}` },
      });
      expect(stripped.status).toBe(200);
      const reportPages = await readPdfPages(new Uint8Array(await stripped.arrayBuffer()));
      expect(reportPages).toHaveLength(withCoversheet.length - 1);
      expect(reportPages[0]).not.toContain('This session');
      expect(reportPages.join(' ')).toContain('Reviewed by:');
      expect(providerProblems).toEqual([]);
    } finally {
      await providerContext.close();
    }
  });

  it("another patient's printout (issue 29 §1): the identities differ, nothing is ticked, submit waits for the technician's reason, and the confirmation is audited", async () => {
    // The interrogation PDF: an earlier check's report, as the portal printed it, for another patient.
    const stamp = Date.now().toString(36);
    const source = await createDemoClinicPatient(api, {
      patientId: `DCS-${Date.now()}`,
      firstName: 'Brynja',
      lastName: `Pdfsource${stamp}`,
      dob: '1947-03-09',
      deviceInfo: {
        manufacturer: 'MDT',
        model: 'Azure XT DR MRI',
        deviceType: 'PM',
        serialNumber: 'RNB700999S',
      },
    });
    const recorded = await api<{ data: { documentId: string } }>(
      'POST',
      `/api/reports/clinics/${source.attributes.clinicNpi}/patients/${source.id}/device-checks`,
      {
        deviceType: 'PM',
        leadConfiguration: 'dualLead',
        measurements: {
          MDC_IDC_MSMT_BATTERY_STATUS: 'BOS',
          MDC_IDC_MSMT_BATTERY_VOLTAGE: 3.02,
          MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL: 2.6,
          MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_AMPLITUDE: 0.5,
          MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 455,
          MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 10.4,
          MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: 1,
          MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 585,
        },
        observations: 'Appropriate Device Function',
      },
    );
    const pdf = path.join(
      await mkdtemp(path.join(os.tmpdir(), 'portal-interrogation-')),
      'interrogation.pdf',
    );
    const providerContext = await session.browser.newContext();
    try {
      const provider = await providerContext.newPage();
      await signIn(provider, baseUrl, 'provider@example.org');
      const response = await fetch(
        `${baseUrl}/api/reports/blob-storage/${recorded.data.documentId}?stripCoversheet=true`,
        { headers: { authorization: `Bearer ${await readAccessToken(provider)}` } },
      );
      expect(response.status).toBe(200);
      await writeFile(pdf, new Uint8Array(await response.arrayBuffer()));
    } finally {
      await providerContext.close();
    }

    const target = await createDemoClinicPatient(api, {
      patientId: `DCT-${Date.now()}`,
      firstName: 'Sigrun',
      lastName: `Pdftarget${stamp}`,
      dob: '1950-08-21',
      deviceInfo: {
        manufacturer: 'MDT',
        model: 'Azure XT DR MRI',
        deviceType: 'PM',
        serialNumber: 'RNB700998S',
      },
    });
    await signIn(page, baseUrl, 'devicetech@example.org', {
      path: `/device-check?${new URLSearchParams({ patient: target.id, clinic: target.attributes.clinicNpi })}`,
    });
    await expect
      .poll(() => page.getByTestId('device-check-patient-card').textContent())
      .toContain('RNB700998S');
    await page.getByRole('button', { name: 'Dual', exact: true }).click();
    await page.getByTestId('pdf-scrape-input').setInputFiles(pdf);
    const proposals = page.getByTestId('pdf-scrape-proposals');
    await expect.poll(() => proposals.count()).toBe(1);
    const impedance = proposals.locator('[data-key="MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE"]');
    expect(await impedance.textContent()).toContain('585 Ω');
    expect(
      await proposals.locator('[data-key="MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE"]').textContent(),
    ).toContain('455 Ω');

    // Issue 29 §1: the printout is Brynja's, the check Sigrun's. Both identities are shown side by side,
    // the name and the serial marked as not matching, and nothing is ticked or usable yet.
    const identity = page.getByTestId('printout-identity');
    const row = (field: string) => identity.locator(`[data-field="${field}"]`);
    expect(await row('patientName').getAttribute('data-verdict')).toBe('mismatch');
    expect(await row('patientName').textContent()).toContain(`Pdfsource${stamp}`);
    expect(await row('patientName').textContent()).toContain(`Pdftarget${stamp}`);
    expect(await row('serial').getAttribute('data-verdict')).toBe('mismatch');
    expect(await row('serial').textContent()).toContain('RNB700999S');
    expect(await row('serial').textContent()).toContain('RNB700998S');
    expect(await row('dob').getAttribute('data-verdict')).toBe('mismatch');
    await page.getByTestId('printout-identity-warning').waitFor();
    const useBoxes = proposals.getByRole('checkbox');
    expect(await useBoxes.count()).toBeGreaterThan(4);
    for (const box of await useBoxes.all()) {
      expect(await box.isChecked()).toBe(false);
      expect(await box.isDisabled()).toBe(true);
    }
    expect(await page.getByRole('button', { name: /^Put \d+ values? in the form$/ }).isDisabled()).toBe(true);
    // Where a value came from: its page, outlined.
    await impedance.click();
    await expect.poll(() => page.getByTestId('pdf-source-highlight').count()).toBe(1);
    await saveScreenshot(page, 'device-check-printout-identity-mismatch');

    // The technician says the printout is this patient's; the values can then be ticked, one by one.
    await page.getByRole('checkbox', { name: 'This printout belongs to this patient' }).check();
    await expect.poll(() => useBoxes.first().isDisabled()).toBe(false);
    for (const box of await useBoxes.all()) await box.check();
    await page.getByRole('button', { name: /^Put \d+ values in the form$/ }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'RV pacing impedance', exact: true }).inputValue())
      .toBe('585');
    expect(await page.getByRole('textbox', { name: 'RA sensing amplitude', exact: true }).inputValue()).toBe(
      '2.6',
    );
    await page.getByRole('button', { name: 'Insert "Appropriate Device Function"' }).click();

    // Without a reason, the check is not submitted: the reason is named and focused.
    await page.getByRole('button', { name: 'Submit device check' }).click();
    const reason = page.getByRole('textbox', { name: /^Reason/ });
    await expect.poll(() => reason.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-device-check-done]').count()).toBe(0);
    await saveScreenshot(page, 'device-check-printout-reason-required');

    const because =
      'Printed under her maiden name before the records were merged; serial read from the device.';
    await reason.fill(because);
    await page.getByRole('button', { name: 'Submit device check' }).click();
    const done = page.locator('[data-device-check-done]');
    await done.waitFor();
    const documentId = (await done.getAttribute('data-device-check-done')) as string;

    // Recorded with the PDF as provenance and the technician as confirmer.
    const view = await api<{
      data: { series: { key: string; values: { source: string; confirmedBy: string | null }[] }[] };
    }>('GET', `/api/reports/clinics/${target.attributes.clinicNpi}/patients/${target.id}/longitudinal`);
    const rv = view.data.series.find((series) => series.key === 'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE');
    expect(rv?.values.at(-1)).toMatchObject({ source: 'pdf-scrape', confirmedBy: expect.any(String) });

    // The confirmation is in the report's audit trail, with the reason and both identities.
    const trail = await api<{
      data: { eventType: string; note: string | null; before: unknown; after: unknown }[];
    }>('GET', `/api/audit/documents/${documentId}/events`);
    expect(trail.data.find((event) => event.eventType === 'printout_identity_confirmed')).toMatchObject({
      note: because,
      before: { printout: { serial: 'RNB700999S' } },
      after: {
        patient: { serial: 'RNB700998S' },
        verdicts: { patientName: 'mismatch', serial: 'mismatch' },
      },
    });
  });

  it('the patient page opens the check with the patient chosen', async () => {
    await signIn(page, baseUrl, 'devicetech@example.org', {
      path: `/patients/${patient.attributes.clinicNpi}/${patient.id}`,
    });
    await page.getByRole('link', { name: 'Device check' }).last().click();
    await page.waitForURL(/\/device-check\?patient=/);
    await expect.poll(() => page.getByTestId('device-check-patient-card').textContent()).toContain(lastName);
  });

  it('the form fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, baseUrl, 'devicetech@example.org', {
      path: `/device-check?patient=${patient.id}&clinic=${patient.attributes.clinicNpi}`,
    });
    await expect.poll(() => page.getByTestId('device-check-patient-card').textContent()).toContain(lastName);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await savePageScreenshot(page, 'device-check-phone');
  });
});
