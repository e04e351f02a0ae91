import { readFile } from 'node:fs/promises';
import { buildSignatureDashboardLink } from '@portal/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { forgiveExpected, saveScreenshot, useBrowserSession } from './support/browser';
import { documentItems, INBOX, panel, waitForDocuments } from './support/inbox';
import {
  type Api,
  adminApi,
  apiOf,
  createDemoClinicPatient,
  PATIENTS,
  patientsTable,
  savePageScreenshot,
  section,
  setDemoClinicFlag,
  snackbar,
} from './support/patients';
import { DEMO_CLINIC, signIn } from './support/portal';

const baseUrl = inject('baseUrl');
const fileMakerUrl = inject('fileMakerUrl');

const TIMELINE_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} [AP]M$/;

async function settled(page: Page) {
  await expect.poll(() => patientsTable(page).getAttribute('aria-busy')).toBe('false');
}

/** The browser logged these failures on purpose (the test provoked them): they are not problems. */
async function setFileMakerFaults(faults: Record<string, unknown> | null) {
  const response = await fetch(`${fileMakerUrl}/_simulator/faults`, {
    method: faults ? 'POST' : 'DELETE',
    ...(faults ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(faults) } : {}),
  });
  if (!response.ok) throw new Error(`simulator faults: ${response.status}`);
}

describe('patients in a real browser', () => {
  let page: Page;
  let problems: string[];
  let api: Api;
  let closeAdmin: () => Promise<void>;
  let createFlagBefore: boolean | undefined;

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeAll(async () => {
    ({ api, close: closeAdmin } = await adminApi(session.browser, baseUrl));
    // Creating patients by hand is the clinic's choice (the 'create new patients' flag): on for these tests.
    createFlagBefore = await setDemoClinicFlag(api, 'createNewPatients', true);
  });
  afterAll(async () => {
    await setDemoClinicFlag(api, 'createNewPatients', createFlagBefore ?? false);
    await closeAdmin();
  });
  beforeEach(() => {
    ({ page, problems } = session);
  });

  it('a nurse adds a patient, is told which fields are missing, then meets the duplicate warning', async () => {
    await signIn(page, baseUrl, 'nurse@example.org');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Patients' })
      .click();
    await page.waitForURL(`${baseUrl}${PATIENTS}`);
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await expect.poll(() => patientsTable(page).locator('tbody tr').count()).toBeGreaterThan(1);
    await settled(page);
    await savePageScreenshot(page, 'patients-list');

    // The form names each missing field.
    await page.getByRole('button', { name: 'Add patient' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a patient' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add patient' }).click();
    for (const message of [
      'Enter the patient ID.',
      'Enter the first name.',
      'Enter the last name.',
      'Enter the date of birth.',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    // The first field in error has the focus.
    await expect
      .poll(() =>
        dialog.getByRole('textbox', { name: 'Patient ID' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await saveScreenshot(page, 'patients-create-missing-fields', { fullPage: false });

    const stamp = Date.now().toString(36).toUpperCase();
    await dialog.getByRole('textbox', { name: 'Patient ID' }).fill(`E2E-${stamp}-A`);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Cordelia');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Ashcombe');
    await dialog.getByLabel('Date of birth').fill('1944-09-21');
    await dialog.getByRole('textbox', { name: 'Following physician NPI' }).fill('1234567890');
    await dialog.getByRole('button', { name: 'Add patient' }).click();
    await dialog.getByText('Following physician NPI must be a valid 10-digit NPI.').waitFor();
    await dialog.getByRole('textbox', { name: 'Following physician NPI' }).fill('');
    // The device model comes from the device catalog as it is typed.
    await dialog.getByRole('combobox', { name: 'Model', exact: true }).fill('Azure XT');
    await page
      .getByRole('option', { name: /Azure XT DR/ })
      .first()
      .click();
    expect(await dialog.getByRole('textbox', { name: 'Model number' }).inputValue()).not.toBe('');
    await dialog.getByRole('textbox', { name: 'Serial number' }).fill(`RNB${stamp}`);
    await dialog.getByRole('button', { name: 'Add patient' }).click();
    await snackbar(page, 'Cordelia Ashcombe was added.').waitFor();
    await page.waitForURL((url) => url.pathname.startsWith(`${PATIENTS}/${DEMO_CLINIC.npi}/`));
    const firstUrl = page.url();
    expect(await page.locator('#patient-heading').textContent()).toBe('Cordelia Ashcombe');
    expect(await page.getByTestId('patient-facts').textContent()).toContain('Medtronic Azure XT DR');

    // The same person again, her first name misspelled: the portal says she probably exists.
    await page.goto(`${baseUrl}${PATIENTS}`);
    await page.getByRole('button', { name: 'Add patient' }).click();
    const again = page.getByRole('dialog', { name: 'Add a patient' });
    await again.getByRole('textbox', { name: 'Patient ID' }).fill(`E2E-${stamp}-B`);
    await again.getByRole('textbox', { name: 'First name' }).fill('Cordelai');
    await again.getByRole('textbox', { name: 'Last name' }).fill('Ashcombe');
    await again.getByLabel('Date of birth').fill('1944-09-21');
    await again.getByRole('button', { name: 'Add patient' }).click();
    const warning = page.getByRole('dialog', { name: 'This patient may already exist' });
    await warning.waitFor();
    const candidate = warning.getByRole('list', { name: 'Likely duplicates' }).getByRole('listitem').first();
    const candidateText = await candidate.textContent();
    expect(candidateText).toContain('Cordelia Ashcombe');
    expect(candidateText).toContain('09/21/1944');
    expect(candidateText).toContain(`E2E-${stamp}-A`);
    expect(candidateText).toContain('Same date of birth and a similar name');
    await saveScreenshot(page, 'patients-duplicate-warning', { fullPage: false });

    // 'Open existing' leads to her record; nothing was created.
    await warning.getByRole('link', { name: 'Open existing: Cordelia Ashcombe' }).click();
    await page.waitForURL(firstUrl);
    await warning.waitFor({ state: 'hidden' });

    // A different person after all (a twin sister): created anyway, with the confirmation.
    await page.goto(`${baseUrl}${PATIENTS}`);
    await page.getByRole('button', { name: 'Add patient' }).click();
    const third = page.getByRole('dialog', { name: 'Add a patient' });
    await third.getByRole('textbox', { name: 'Patient ID' }).fill(`E2E-${stamp}-C`);
    await third.getByRole('textbox', { name: 'First name' }).fill('Cordula');
    await third.getByRole('textbox', { name: 'Last name' }).fill('Ashcombe');
    await third.getByLabel('Date of birth').fill('1944-09-21');
    await third.getByRole('button', { name: 'Add patient' }).click();
    const twin = page.getByRole('dialog', { name: 'This patient may already exist' });
    await twin.getByRole('button', { name: 'Create anyway' }).click();
    await snackbar(page, 'Cordula Ashcombe was added.').waitFor();
    await page.waitForURL((url) => url.pathname.startsWith(`${PATIENTS}/`) && url.href !== firstUrl);

    // Both are found by the search, and by the date-of-birth filter.
    await page.goto(`${baseUrl}${PATIENTS}`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Ashcombe');
    await expect.poll(() => patientsTable(page).locator('tbody tr').count()).toBe(2);
    await page.getByLabel('Filter by Date of birth').fill('1944-09-21');
    await settled(page);
    expect(await patientsTable(page).locator('tbody tr').count()).toBe(2);
    await savePageScreenshot(page, 'patients-search');
    // The browser logs the two 409 answers (likely duplicates): the test asked for them.
    forgiveExpected(problems, [/status of 409/]);
  });

  it('a nurse edits the OAC history: adds, refuses an end before the start, ends and deletes', async () => {
    const patient = await createDemoClinicPatient(api, {
      patientId: `E2E-OAC-${Date.now()}`,
      firstName: 'Wilhelmina',
      lastName: 'Oakhurst',
      dob: '1951-04-02',
      medicalInfo: { hasAfibHistory: true },
      oacStatus: 'not-on-oac',
    });
    await signIn(page, baseUrl, 'nurse@example.org', {
      path: `${PATIENTS}/${DEMO_CLINIC.npi}/${patient.id}`,
    });
    const oac = section(page, 'Anticoagulation (OAC)');
    await oac.waitFor();
    // AF and no anticoagulant: the flag is raised in the header and in the section.
    await expect.poll(() => page.locator('[data-af-without-oac]').count()).toBeGreaterThan(0);

    await oac.getByRole('button', { name: 'Add medication' }).click();
    const add = page.getByRole('dialog', { name: 'Add to the OAC history' });
    await add.getByRole('textbox', { name: 'Medication' }).fill('Apixaban 5 mg');
    await add.getByLabel('Start date').fill('2025-03-01');
    await add.getByLabel('End date').fill('2025-02-01');
    await add.getByRole('button', { name: 'Add entry' }).click();
    await add.getByText('End date must not be before the start date.').waitFor();
    await saveScreenshot(page, 'patient-oac-entry-invalid', { fullPage: false });
    await add.getByLabel('End date').fill('');
    await add.getByRole('button', { name: 'Add entry' }).click();
    await snackbar(page, 'OAC history saved.').waitFor();
    const history = oac.getByRole('table', { name: 'OAC history' });
    await expect.poll(() => history.textContent()).toContain('Apixaban 5 mg');
    expect(await history.textContent()).toContain('Current');
    // Now on an anticoagulant: the flag is gone.
    await expect.poll(() => page.locator('[data-af-without-oac]').count()).toBe(0);

    // The status follows.
    await oac.getByRole('button', { name: 'Change status' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Change the OAC status' });
    await statusDialog.getByRole('combobox', { name: 'OAC status' }).click();
    await page.getByRole('option', { name: 'On OAC', exact: true }).click();
    await statusDialog.getByRole('button', { name: 'Save status' }).click();
    await snackbar(page, 'Changes saved.').waitFor();
    await expect.poll(() => page.locator('[data-oac-status="on-oac"]').count()).toBeGreaterThan(0);

    // A second, older entry, edited; then the current one ended today, and the old one deleted.
    await oac.getByRole('button', { name: 'Add medication' }).click();
    const older = page.getByRole('dialog', { name: 'Add to the OAC history' });
    await older.getByRole('textbox', { name: 'Medication' }).fill('Warfarin');
    await older.getByLabel('Start date').fill('2020-01-10');
    await older.getByLabel('End date').fill('2024-12-31');
    await older.getByRole('button', { name: 'Add entry' }).click();
    await expect.poll(() => history.locator('tbody tr').count()).toBe(2);
    await oac.getByRole('button', { name: 'Edit Warfarin started 01/10/2020' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit OAC history entry' });
    await edit.getByRole('textbox', { name: 'Medication' }).fill('Warfarin 5 mg');
    await edit.getByRole('button', { name: 'Save entry' }).click();
    await expect.poll(() => history.textContent()).toContain('Warfarin 5 mg');
    await savePageScreenshot(page, 'patient-oac-history');

    await oac.getByRole('button', { name: 'End Apixaban 5 mg started 03/01/2025 today' }).click();
    const apixaban = history.locator('tbody tr').filter({ hasText: 'Apixaban 5 mg' });
    const today = new Date().toLocaleDateString('en-US', {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
    });
    // Waiting on 'Current' going away, not on today's date: the row already shows today as its last change.
    await expect.poll(() => apixaban.textContent()).not.toContain('Current');
    expect(await apixaban.textContent()).toContain(today);
    expect(await oac.getByRole('button', { name: /^End Apixaban/ }).count()).toBe(0);
    await oac.getByRole('button', { name: 'Delete Warfarin 5 mg started 01/10/2020' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this OAC history entry?' });
    await confirm.getByRole('button', { name: 'Delete entry' }).click();
    await snackbar(page, 'OAC history entry deleted.').waitFor();
    await expect.poll(() => history.locator('tbody tr').count()).toBe(1);

    // Every change is on the timeline, dated as SPEC §9 writes timeline dates.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const events = page.getByRole('list', { name: 'Patient events, newest first' });
    await events.waitFor();
    await expect.poll(() => events.locator('li[data-event-kind="oac"]').count()).toBeGreaterThanOrEqual(4);
    const when = await events.locator('time').first().textContent();
    expect(when).toMatch(TIMELINE_DATE);
    await savePageScreenshot(page, 'patient-timeline');
  });

  it('syncs a patient from the FileMaker simulator, keeps an override, and says when FileMaker is down', async () => {
    const patient = await createDemoClinicPatient(api, {
      patientId: 'P900103',
      fmId: '1003',
      firstName: 'Henrietta',
      lastName: 'Quill',
      dob: '1939-07-30',
    });
    await signIn(page, baseUrl, 'nurse@example.org', {
      path: `${PATIENTS}/${DEMO_CLINIC.npi}/${patient.id}`,
    });
    const facts = page.getByTestId('patient-facts');
    await facts.waitFor();
    expect(await facts.textContent()).toContain('none recorded');

    await page.getByRole('button', { name: 'Sync from FileMaker' }).click();
    await snackbar(page, 'Synced from FileMaker.').waitFor();
    // FileMaker's record: her middle name, her pacemaker, her address.
    await expect
      .poll(() => facts.textContent())
      .toContain('Boston Scientific ACCOLADE MRI DR (L331) · SN 731904');
    expect(await page.locator('#patient-heading').textContent()).toBe('Henrietta Louise Quill');
    expect(await section(page, 'Contact').textContent()).toContain('Skokie, IL 60076');
    // Her pacemaker is under Boston Scientific's ACCOLADE advisories: counted in the header, listed by the device.
    await expect.poll(() => page.locator('[data-advisory-count]').count()).toBe(1);
    const advisories = section(page, 'Device').getByRole('list', { name: 'Manufacturer advisories' });
    expect(await advisories.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-advisory-count]').getAttribute('data-advisory-count')).toBe(
      String(await advisories.getByRole('listitem').count()),
    );
    await savePageScreenshot(page, 'patient-synced');

    // The advisory's affected patients of the clinic, as CSV: she is on it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      advisories
        .getByRole('button', { name: /^Affected patients \(CSV\)/ })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.split('\n')[0]).toContain('patientId');
    expect(csv).toContain('P900103');

    // A name changed here is an override: marked, with FileMaker's value beside it, and kept by a sync.
    await section(page, 'Patient').getByRole('button', { name: 'Edit patient details' }).click();
    const details = page.getByRole('dialog', { name: 'Edit patient details' });
    await details.getByRole('textbox', { name: 'First name' }).fill('Etta');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await snackbar(page, 'Changes saved.').waitFor();
    const override = section(page, 'Patient').locator('[data-override="firstName"]');
    await override.waitFor();
    expect(await override.textContent()).toContain('Synced: Henrietta');
    await page.getByRole('button', { name: 'Sync from FileMaker' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sync from FileMaker' }).isEnabled()).toBe(true);
    expect(await page.locator('#patient-heading').textContent()).toBe('Etta Louise Quill');
    await savePageScreenshot(page, 'patient-override');

    // FileMaker answers 503 to everything, slowly: the sync shows its progress, gives up, says why, and
    // nothing changes. (Without the delay the retries can end before the progress is seen.)
    await setFileMakerFaults({ status: 503, delayMs: 400 });
    try {
      await page.getByRole('button', { name: 'Sync from FileMaker' }).click();
      await page.getByRole('status').getByText('Syncing from FileMaker…').waitFor();
      const failure = page.locator('[data-sync-error]');
      await failure.waitFor();
      expect(await failure.textContent()).toMatch(
        /^Error syncing patient from FileMaker: .*nothing was changed/i,
      );
      await snackbar(page, 'Error syncing patient from FileMaker').waitFor();
      await saveScreenshot(page, 'patient-sync-failed', { fullPage: false });
    } finally {
      await setFileMakerFaults(null);
    }
    expect(await facts.textContent()).toContain('SN 731904');
    forgiveExpected(problems, [/status of 502/]);
  });

  it('the inbox links a document to its patient page, and the patient page opens its documents in the inbox', async () => {
    await signIn(page, baseUrl, 'provider@example.org', { path: INBOX });
    await waitForDocuments(page);
    await documentItems(page).first().click();
    const summary = panel(page).getByTestId('document-patient');
    await summary.waitFor();
    // The patient's OAC status beside the document (and the AF-without-OAC flag when it is raised).
    await expect.poll(() => summary.locator('[data-oac-status]').count()).toBe(1);
    await saveScreenshot(page, 'inbox-document-patient', { fullPage: false });

    const link = summary.getByRole('link', { name: /patient page/ });
    const patientName = ((await link.textContent()) ?? '').replace(': patient page', '');
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith(`${PATIENTS}/`));
    expect(await page.locator('#patient-heading').textContent()).toBe(patientName);
    await savePageScreenshot(page, 'patient-overview');

    await page.getByRole('tab', { name: 'Documents' }).click();
    const documents = page.getByRole('table', { name: "The patient's documents" });
    await expect.poll(() => documents.locator('tbody tr [data-open-document]').count()).toBeGreaterThan(0);
    await savePageScreenshot(page, 'patient-documents');
    const open = documents.locator('[data-open-document]').first();
    const documentId = await open.getAttribute('data-open-document');
    await open.click();
    await page.waitForURL((url) => url.pathname === INBOX && url.searchParams.get('idIn') === documentId);
    await panel(page).waitFor();
    expect(await page.locator('#selected-document-heading').textContent()).toContain(
      patientName.split(' ').at(-1) ?? '',
    );
  });

  it('the inbox marks the documents of a patient with AF and no anticoagulant, in the list and the panel', async () => {
    await signIn(page, baseUrl, 'provider@example.org', { path: INBOX });
    const reports = await apiOf(page, baseUrl)<{
      data: { id: string; attributes: { patientIsAfWithoutOac: boolean } }[];
    }>('GET', '/api/reports?filter[clinicNpi]=any&filter[status]=any&filter[assignedTo]=any&page[limit]=300');
    const flagged = reports.data.find((document) => document.attributes.patientIsAfWithoutOac);
    const calm = reports.data.find((document) => !document.attributes.patientIsAfWithoutOac);
    if (!flagged || !calm) throw new Error('the demo data has no document of a patient with AF and no OAC');

    await page.goto(`${baseUrl}${buildSignatureDashboardLink(flagged.id)}`);
    await waitForDocuments(page);
    const row = documentItems(page).and(page.locator(`[data-document-id="${flagged.id}"]`));
    await expect.poll(() => row.locator('[data-af-without-oac]').count()).toBe(1);
    expect(await row.textContent()).toContain('AF without OAC');
    const summary = panel(page).getByTestId('document-patient');
    await expect.poll(() => summary.locator('[data-af-without-oac]').count()).toBe(1);
    await saveScreenshot(page, 'inbox-af-without-oac', { fullPage: false });

    await page.goto(`${baseUrl}${buildSignatureDashboardLink(calm.id)}`);
    await waitForDocuments(page);
    const calmRow = documentItems(page).and(page.locator(`[data-document-id="${calm.id}"]`));
    await calmRow.waitFor();
    expect(await calmRow.locator('[data-af-without-oac]').count()).toBe(0);
  });

  it('a read-only user reads a patient and sees no edit controls', async () => {
    await signIn(page, baseUrl, 'readonly@example.org', { path: PATIENTS });
    await expect.poll(() => patientsTable(page).locator('tbody tr').count()).toBeGreaterThan(1);
    await settled(page);
    expect(await page.getByRole('button', { name: 'Add patient' }).count()).toBe(0);
    await patientsTable(page).locator('tbody tr').first().getByRole('link').click();
    await page.waitForURL((url) => url.pathname.startsWith(`${PATIENTS}/`));
    await section(page, 'Anticoagulation (OAC)').waitFor();

    const main = page.getByRole('main');
    for (const name of [
      /^Edit/,
      'Change status',
      'Add medication',
      'Sync from FileMaker',
      /^Use synced/,
      /^Delete/,
      /^End /,
    ]) {
      expect(await main.getByRole('button', { name }).count(), String(name)).toBe(0);
    }
    // What they may read is all there.
    for (const title of ['Patient', 'Device', 'Medical information', 'Contact']) {
      await section(page, title).waitFor();
    }
    await savePageScreenshot(page, 'patient-read-only');
  });

  it('a device technician starts on the Patients screen and the patient page reads well on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, baseUrl, 'devicetech@example.org');
    await page.waitForURL(`${baseUrl}${PATIENTS}`);
    await expect.poll(() => patientsTable(page).locator('tbody tr').count()).toBeGreaterThan(1);
    await patientsTable(page).locator('tbody tr').first().getByRole('link').click();
    await section(page, 'Device').waitFor();
    // No documents for a device technician: no Documents tab either.
    expect(await page.getByRole('tab', { name: 'Documents' }).count()).toBe(0);
    // They keep the device current, and leave the clinical record to the clinic's clinical staff.
    expect(await section(page, 'Device').getByRole('button', { name: 'Edit device' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Edit (patient details|medical|contact)/ }).count()).toBe(
      0,
    );
    expect(await page.getByRole('button', { name: 'Add medication' }).count()).toBe(0);
    await savePageScreenshot(page, 'patient-phone');
  });
});
