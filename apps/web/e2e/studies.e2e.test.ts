import type { StudyResource } from '@portal/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { checkAccessibility, saveScreenshot, useBrowserSession, watchPageProblems } from './support/browser';
import { INBOX, panel, readPdfPages, statusOf } from './support/inbox';
import {
  type Api,
  adminApi,
  apiOf,
  type CreatedPatient,
  createDemoClinicPatient,
  setDemoClinicSetting,
  snackbar,
} from './support/patients';
import { DEMO_CLINIC, signIn } from './support/portal';

const baseUrl = inject('baseUrl');
const vendors = inject('studyVendorUrls');
/** The EMR simulator's account, as the global setup hands it to the portal. */
const EMR_ACCOUNT = { clientId: 'portal-emr', clientSecret: 'emr-simulator-only-secret' };
/** The demo provider's NPI (README: demo accounts). */
const PROVIDER_NPI = '1679576722';

type FiledDocument = { id: string; binaryId: string; identifier: string; pageCount: number; type: string };

async function emrToken(): Promise<string> {
  const response = await fetch(`${vendors.emr}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: EMR_ACCOUNT.clientId,
      client_secret: EMR_ACCOUNT.clientSecret,
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

// Issue 16: a nurse orders a sleep study for a patient and sends it to Zoll; Zoll scores it; the provider
// finds the sleep-study document in the inbox with its AHI and signs it; the clinic's EMR receives it with
// the coversheet, cut to the clinic's page limit.
describe('a sleep study from order to the EMR, in a real browser', () => {
  let page: Page;
  let api: Api;
  let closeAdmin: () => Promise<void>;
  let patient: CreatedPatient;
  let pageLimitBefore: Awaited<ReturnType<typeof setDemoClinicSetting>>;
  const lastName = `Sleepstudy${Date.now().toString(36)}`;

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeAll(async () => {
    ({ api, close: closeAdmin } = await adminApi(session.browser, baseUrl));
    patient = await createDemoClinicPatient(api, {
      patientId: `SL-${Date.now()}`,
      firstName: 'Oskar',
      lastName,
      dob: '1956-07-21',
      gender: 'male',
    });
    pageLimitBefore = await setDemoClinicSetting(api, 'emrPdfMaxPageLength', { enabled: true, value: 2 });
  });
  afterAll(async () => {
    if (pageLimitBefore) await setDemoClinicSetting(api, 'emrPdfMaxPageLength', pageLimitBefore);
    await closeAdmin();
  });
  beforeEach(() => {
    ({ page } = session);
  });

  it('the nurse orders and pushes it, Zoll scores it, the provider signs it, the EMR receives it', async () => {
    await signIn(page, baseUrl, 'nurse@example.org', {
      path: `/patients/${DEMO_CLINIC.npi}/${patient.id}?tab=studies`,
    });
    const tab = page.getByTestId('patient-studies');
    await tab.waitFor();
    await checkAccessibility(page, 'the Studies tab, empty');

    // The order: the sleep profile first, then the study.
    await page.getByRole('button', { name: 'New sleep study' }).click();
    const dialog = page.getByRole('dialog', { name: 'New sleep study' });
    await dialog.getByRole('spinbutton', { name: 'Height (cm)' }).fill('182');
    await dialog.getByRole('spinbutton', { name: 'Weight (kg)' }).fill('104');
    await dialog.getByRole('spinbutton', { name: 'Neck (cm)' }).fill('44');
    await dialog.getByRole('spinbutton', { name: /Epworth score/ }).fill('15');
    await checkAccessibility(page, 'the sleep profile step');
    await saveScreenshot(page, 'studies-sleep-profile');
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await dialog.getByText('Step 2 of 2: the order').waitFor();
    await dialog.getByRole('textbox', { name: /Ordering physician NPI/ }).fill(PROVIDER_NPI);
    await dialog.getByRole('textbox', { name: /Ordering physician name/ }).fill('Dr. Paula Reyes');
    await dialog.getByRole('combobox', { name: /Nights/ }).click();
    await page.getByRole('option', { name: '2 nights' }).click();
    await checkAccessibility(page, 'the sleep study order step');
    await dialog.getByRole('button', { name: 'Order study' }).click();
    await snackbar(page, 'Sleep study ordered.').waitFor();

    const card = tab.getByRole('article', { name: 'Sleep study' });
    await card.waitFor();
    expect(await card.textContent()).toContain('New');
    await card.getByRole('button', { name: 'Push to Zoll' }).click();
    // Queued, then sent: Zoll's reference and the in-progress state appear on the card.
    await expect.poll(() => card.textContent()).toMatch(/ZS-/);
    await expect.poll(() => card.textContent()).toContain('In progress');
    await checkAccessibility(page, 'the Studies tab, a study sent');
    await saveScreenshot(page, 'studies-sleep-sent');

    // Zoll scores the study now (its clock is test-driven); its update reaches the portal, signed.
    const nurseApi = apiOf(page, baseUrl);
    const listed = await nurseApi<{ data: StudyResource[] }>(
      'GET',
      `/api/patients/clinics/${DEMO_CLINIC.npi}/patients/${patient.id}/studies`,
    );
    const study = listed.data[0] as StudyResource;
    const advanced = await fetch(`${vendors.zoll}/_simulator/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: study.attributes.vendorReference }),
    });
    expect(advanced.ok).toBe(true);
    await expect.poll(() => card.textContent()).toContain('Ready for review');
    await saveScreenshot(page, 'studies-sleep-ready');
    const ready = (
      await nurseApi<{ data: StudyResource[] }>(
        'GET',
        `/api/patients/clinics/${DEMO_CLINIC.npi}/patients/${patient.id}/studies`,
      )
    ).data[0] as StudyResource;
    const documentId = ready.attributes.documentId as string;
    const ahi = (ready.attributes.results as { ahi: number }).ahi;

    // The clinic's sleep studies, filtered to those ready for review, list it.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sleep studies' })
      .click();
    await page.waitForURL(`${baseUrl}/studies/sleep`);
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await page
      .getByRole('group', { name: 'Filter by status' })
      .getByRole('button', { name: 'Ready for review' })
      .click();
    await page.waitForURL(/status=ready-for-review/);
    const table = page.getByRole('table', { name: 'Sleep studies' });
    await expect.poll(() => table.textContent()).toContain(lastName);
    expect(await table.textContent()).not.toContain('Cancelled');
    await checkAccessibility(page, 'the clinic sleep studies');
    await saveScreenshot(page, 'studies-sleep-clinic-list');

    // The provider, in a browser of their own, sees the sleep-study document with its AHI, and signs it.
    const providerContext = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const provider = await providerContext.newPage();
      const providerProblems = watchPageProblems(provider);
      await signIn(provider, baseUrl, 'provider@example.org', { path: `${INBOX}?idIn=${documentId}` });
      await expect.poll(() => provider.locator('#selected-document-heading').textContent()).toMatch(/Oskar/);
      const results = panel(provider).getByTestId('study-results');
      await results.waitFor();
      expect(await results.getByTestId('sleep-ahi').textContent()).toContain(String(ahi));
      await expect
        .poll(() => panel(provider).getByTestId('pdf-pages').getAttribute('data-state'))
        .toBe('ready');
      await checkAccessibility(provider, 'a sleep-study document in the inbox');
      await saveScreenshot(provider, 'studies-sleep-in-inbox', { fullPage: false });
      await provider.getByRole('textbox', { name: 'Note' }).fill('Moderate obstructive sleep apnoea.');
      await panel(provider).getByRole('button', { name: 'Sign', exact: true }).click();
      await expect.poll(() => statusOf(provider)).toBe('signed');

      // Delivered to the EMR: the line in the document's details says so, with the EMR's id.
      const delivery = panel(provider).getByTestId('emr-delivery');
      await expect.poll(() => delivery.getAttribute('data-state')).toBe('delivered');
      await saveScreenshot(provider, 'studies-sleep-delivered', { fullPage: false });
      expect(providerProblems).toEqual([]);
    } finally {
      await providerContext.close();
    }

    // The EMR filed it: the signed report behind the coversheet, at most the clinic's two pages.
    const token = await emrToken();
    const filed = await fetch(`${vendors.emr}/_simulator/documents`).then(
      (response) => response.json() as Promise<FiledDocument[]>,
    );
    const document = filed.find((entry) => entry.identifier.startsWith(`${documentId}.`));
    expect(document, JSON.stringify(filed)).toBeDefined();
    expect(document?.pageCount).toBeLessThanOrEqual(2);
    const binary = await fetch(`${vendors.emr}/fhir/Binary/${document?.binaryId}`, {
      headers: { accept: 'application/pdf', authorization: `Bearer ${token}` },
    });
    expect(binary.status).toBe(200);
    const pages = await readPdfPages(new Uint8Array(await binary.arrayBuffer()));
    expect(pages.length).toBeLessThanOrEqual(2);
    expect(pages[0]).toContain('COVERSHEET');
    expect(pages[0]).toContain(lastName);
  });
});
