import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowserSession, watchPageProblems } from './support/browser';
import {
  documentItem,
  documentItems,
  INBOX,
  panel,
  selectWorkableDocument,
  waitForDocuments,
} from './support/inbox';
import { apiOf } from './support/patients';
import { DEMO_CLINIC, readAccessToken, signIn } from './support/portal';

const baseUrl = inject('baseUrl');
/** An API call with the signed-in user's bearer token, from the test (not through the page). */
function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return apiOf(page, baseUrl)<T>(method, path, body);
}

type SignatureSettingsChange = Partial<{
  crmPrompts: string[];
  wcdPrompts: string[];
  sleepPrompts: string[];
  abpmPrompts: string[];
  rpmPrompts: string[];
  rpmSelectByDos: boolean;
}>;

/** PATCH the signed-in user's own signature settings at the demo clinic. */
async function setOwnSignatureSettings(page: Page, change: SignatureSettingsChange) {
  const me = await callApi<{ user: { id: string } }>(page, 'GET', '/api/users/me');
  await callApi(
    page,
    'PATCH',
    `/api/customers/clinics/${DEMO_CLINIC.npi}/signature-settings/${encodeURIComponent(me.user.id)}`,
    change,
  );
}

const DEFAULT_PROMPTS: SignatureSettingsChange = {
  crmPrompts: ['Report reviewed.'],
  wcdPrompts: ['Report reviewed.'],
  sleepPrompts: ['Report reviewed.'],
  abpmPrompts: ['Report reviewed.'],
  rpmPrompts: ['Report reviewed.'],
  rpmSelectByDos: false,
};

async function buildPdf(title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(title, { x: 72, y: 700, size: 18, font });
  return pdf.save();
}

/** POST /api/reports (multipart): uploads one RPM report for the demo clinic; returns its id. */
async function ingestRpmReport(
  page: Page,
  fields: { patientId: string; firstName: string; lastName: string; dos: string },
): Promise<string> {
  const token = await readAccessToken(page);
  const form = new FormData();
  const values: Record<string, string> = {
    clinicNpi: DEMO_CLINIC.npi,
    type: 'rpm-report',
    serviceLine: 'rpm',
    dos: fields.dos,
    patientId: fields.patientId,
    patientFirstName: fields.firstName,
    patientLastName: fields.lastName,
    device: 'RPM',
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  const bytes = await buildPdf(`RPM report ${fields.dos}`);
  form.set('file', new Blob([bytes as BlobPart], { type: 'application/pdf' }), 'report.pdf');
  const response = await fetch(`${baseUrl}/api/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`ingest: ${response.status} ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}

describe('signature inbox actions in a real browser', () => {
  let page: Page;
  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeEach(() => {
    ({ page } = session);
  });

  it('the provider hides a document, finds it under hidden documents, and unhides it', async () => {
    await signIn(page, baseUrl, 'provider@example.org', { path: INBOX });
    await waitForDocuments(page);
    const id = await selectWorkableDocument(page);
    await panel(page).getByRole('button', { name: 'Hide', exact: true }).click();
    // Hidden documents leave the list.
    await expect.poll(() => documentItem(page, id).count()).toBe(0);

    // The filter shows hidden documents alone, in the address.
    await page.getByRole('combobox', { name: 'Hidden documents' }).click();
    await page.getByRole('option', { name: 'Only hidden' }).click();
    await page.waitForURL((url) => url.searchParams.get('hidden') === 'only');
    await waitForDocuments(page);
    await documentItem(page, id).getByRole('button').first().click();
    await expect.poll(() => panel(page).getByText('Hidden', { exact: true }).count()).toBe(1);
    await saveScreenshot(page, 'inbox-hidden-documents', { fullPage: false });
    await panel(page).getByRole('button', { name: 'Unhide' }).click();
    await expect.poll(() => documentItem(page, id).count()).toBe(0);

    // Back in the inbox's own list.
    await page.goto(`${baseUrl}${INBOX}?status=any&idIn=${id}`);
    await waitForDocuments(page);
    await expect.poll(() => documentItem(page, id).count()).toBe(1);
    expect(await panel(page).getByRole('button', { name: 'Hide', exact: true }).count()).toBe(1);
  });

  it('the clinic admin moves a document to the trash with a note, and it leaves the list', async () => {
    // The demo clinic has clinicAdminTrash on: the flag-gated control shows for its clinic admin.
    await signIn(page, baseUrl, 'clinicadmin@example.org', { path: INBOX });
    await waitForDocuments(page);
    const id = await selectWorkableDocument(page);
    await panel(page).getByRole('button', { name: 'Move to trash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to trash?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Move to trash' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Duplicate upload of the same transmission.');
    await saveScreenshot(page, 'inbox-trash-dialog', { fullPage: false });
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => documentItem(page, id).count()).toBe(0);
  });

  it('the nurse reports a problem, and a system comment says so after the pause', async () => {
    await signIn(page, baseUrl, 'nurse@example.org', { path: INBOX });
    await waitForDocuments(page);
    await selectWorkableDocument(page);
    await panel(page).getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await dialog.waitFor();
    const text = `The PDF is missing page 2 (${Date.now()}).`;
    // Keyboard only: the text field has the focus; Tab to the submit button and press Enter.
    await page.keyboard.type(text);
    await dialog.getByRole('button', { name: 'Report problem' }).focus();
    await page.keyboard.press('Enter');
    const started = Date.now();
    const reported = panel(page)
      .getByRole('list', { name: 'Comments' })
      .getByRole('listitem')
      .filter({ hasText: text });
    await expect.poll(() => reported.count()).toBe(1);
    // SPEC §4: the comment comes after the server's 2 s pause.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(await reported.getByText('Problem reported').count()).toBe(1);
    expect(await reported.getByText('System', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => panel(page).getByText('System error', { exact: true }).count()).toBe(1);
    await reported.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'inbox-problem-reported', { fullPage: false });
  });

  it("the provider's own quick-insert prompts show for the document's service line", async () => {
    await signIn(page, baseUrl, 'provider@example.org', { path: INBOX });
    await waitForDocuments(page);
    try {
      await setOwnSignatureSettings(page, {
        crmPrompts: ['CRM: device functioning normally.', 'CRM: no arrhythmia.'],
        wcdPrompts: ['WCD: no therapy delivered.'],
        sleepPrompts: ['Sleep: no apnea episodes.'],
        abpmPrompts: ['ABPM: within targets.'],
        rpmPrompts: ['RPM: vitals in range.'],
      });
      await page.reload();
      await waitForDocuments(page);
      await selectWorkableDocument(page);
      const serviceLine = (
        (await panel(page)
          .locator('dt', { hasText: 'Service line' })
          .locator('xpath=following-sibling::dd[1]')
          .textContent()) ?? ''
      ).trim();
      const expected: Record<string, string[]> = {
        'Cardiac rhythm management': ['CRM: device functioning normally.', 'CRM: no arrhythmia.'],
        'Wearable cardiac monitoring': ['WCD: no therapy delivered.'],
        Sleep: ['Sleep: no apnea episodes.'],
        'Ambulatory blood pressure': ['ABPM: within targets.'],
        'Remote patient monitoring': ['RPM: vitals in range.'],
      };
      const prompts = expected[serviceLine];
      expect(prompts, serviceLine).toBeDefined();
      const group = panel(page).getByRole('group', { name: 'Quick-insert prompts' });
      await expect
        .poll(() => group.getByRole('button').evaluateAll((chips) => chips.map((chip) => chip.textContent)))
        .toEqual(prompts);
      expect(await group.getByRole('button', { name: "Insert 'Report reviewed.'" }).count()).toBe(0);
      const first = prompts?.[0] ?? '';
      await group.getByRole('button', { name: `Insert '${first}'` }).click();
      expect(await page.getByRole('textbox', { name: 'Note' }).inputValue()).toBe(first);
      await saveScreenshot(page, 'inbox-custom-prompts', { fullPage: false });
    } finally {
      await setOwnSignatureSettings(page, DEFAULT_PROMPTS);
    }
  });

  it('with rpmSelectByDos, checking an RPM document checks the same patient’s RPM documents of that day', async () => {
    // Three RPM reports of a new patient: two on one day, one the next day (uploaded by a provider-company admin).
    const suffix = String(Date.now()).slice(-6);
    const patient = { patientId: `RPM-${suffix}`, firstName: 'Dora', lastName: `Visit${suffix}` };
    await signIn(page, baseUrl, 'sysadmin@example.org');
    const morning = await ingestRpmReport(page, { ...patient, dos: '2026-03-02T09:00:00.000Z' });
    const afternoon = await ingestRpmReport(page, { ...patient, dos: '2026-03-02T15:00:00.000Z' });
    const nextDay = await ingestRpmReport(page, { ...patient, dos: '2026-03-03T12:00:00.000Z' });
    await session.context.clearCookies();
    await page.evaluate(() => localStorage.clear());

    await signIn(page, baseUrl, 'provider@example.org', {
      path: `${INBOX}?serviceLine=rpm&status=any&assignedTo=any&search=${patient.lastName}`,
    });
    try {
      await setOwnSignatureSettings(page, { rpmSelectByDos: true });
      await page.reload();
      await waitForDocuments(page);
      await expect.poll(() => documentItems(page).count()).toBe(3);
      const check = (id: string) => documentItem(page, id).getByRole('checkbox');
      const states = () => Promise.all([morning, afternoon, nextDay].map((id) => check(id).isChecked()));
      // The first document is checked on load, and its companion of the same day with it.
      const firstId = await documentItems(page).first().getAttribute('data-document-id');
      const expectedOnLoad = firstId === nextDay ? [false, false, true] : [true, true, false];
      await expect.poll(states).toEqual(expectedOnLoad);

      // Start from nothing checked.
      if (firstId === nextDay) await check(nextDay).click();
      else await check(morning).click();
      await expect.poll(states).toEqual([false, false, false]);

      // Checking one (with the keyboard) checks the other of that day; the next day's stays as it is.
      await check(afternoon).focus();
      await page.keyboard.press('Space');
      await expect.poll(states).toEqual([true, true, false]);
      await saveScreenshot(page, 'inbox-rpm-select-by-dos', { fullPage: false });
      // Unchecking one unchecks both.
      await check(morning).click();
      await expect.poll(states).toEqual([false, false, false]);
      await check(nextDay).click();
      await expect.poll(states).toEqual([false, false, true]);
    } finally {
      await setOwnSignatureSettings(page, { rpmSelectByDos: false });
    }
  });

  it('the author edits and deletes their own comment; someone else cannot', async () => {
    await signIn(page, baseUrl, 'nurse@example.org', { path: INBOX });
    await waitForDocuments(page);
    const id = await selectWorkableDocument(page);
    const text = `Called the patient about the transmission (${Date.now()}).`;
    await panel(page).getByRole('textbox', { name: 'Comment' }).fill(text);
    await panel(page).getByRole('button', { name: 'Add comment' }).click();
    const comments = panel(page).getByRole('list', { name: 'Comments' });
    const mine = comments.getByRole('listitem').filter({ hasText: text });
    await expect.poll(() => mine.count()).toBe(1);

    // Someone else sees the comment without Edit or Delete.
    const other = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const provider = await other.newPage();
      const providerProblems = watchPageProblems(provider);
      await signIn(provider, baseUrl, 'provider@example.org', { path: `${INBOX}?status=any&idIn=${id}` });
      await waitForDocuments(provider);
      const seen = panel(provider).getByRole('listitem').filter({ hasText: text });
      await expect.poll(() => seen.count()).toBe(1);
      expect(await seen.getByRole('button', { name: 'Edit comment' }).count()).toBe(0);
      expect(await seen.getByRole('button', { name: 'Delete comment' }).count()).toBe(0);
      expect(providerProblems).toEqual([]);
    } finally {
      await other.close();
    }

    // The author edits it, with the keyboard.
    await mine.getByRole('button', { name: 'Edit comment' }).click();
    const editor = panel(page).getByRole('textbox', { name: 'Comment text' });
    await expect.poll(() => editor.evaluate((element) => element === document.activeElement)).toBe(true);
    const edited = `${text} Left a voicemail.`;
    await editor.fill(edited);
    await mine.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'inbox-comment-editing', { fullPage: false });
    await panel(page).getByRole('button', { name: 'Save' }).click();
    const editedItem = comments.getByRole('listitem').filter({ hasText: edited });
    await expect.poll(() => editedItem.count()).toBe(1);
    await expect.poll(() => editor.count()).toBe(0);

    // Escape leaves an edit without saving.
    await editedItem.getByRole('button', { name: 'Edit comment' }).click();
    await editor.fill('not this');
    await page.keyboard.press('Escape');
    await expect.poll(() => editor.count()).toBe(0);
    expect(await editedItem.count()).toBe(1);

    // And deletes it, after confirming.
    await editedItem.getByRole('button', { name: 'Delete comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your comment?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => comments.getByRole('listitem').filter({ hasText: text }).count()).toBe(0);
  });

  it("the help menu lists the clinic's support e-mails as mail links, by keyboard too", async () => {
    await signIn(page, baseUrl, 'sysadmin@example.org');
    type Clinic = {
      id: string;
      npi: string;
      name: string;
      code: string;
      isActive: boolean;
      samlConnectionName: string | null;
      clinicFeatureFlags: { name: string; enabled: boolean }[];
      clinicWorkflows: { name: string; enabled: boolean; value: string | number | null }[];
    };
    const list = await callApi<{ data: Clinic[] }>(
      page,
      'GET',
      `/api/customers/organizations?filter[npi]=${DEMO_CLINIC.npi}`,
    );
    const clinic = list.data.find((candidate) => candidate.npi === DEMO_CLINIC.npi);
    if (!clinic) throw new Error('no demo clinic');
    const body = (workflows: Clinic['clinicWorkflows']) => ({
      npi: clinic.npi,
      name: clinic.name,
      code: clinic.code,
      isActive: clinic.isActive,
      samlConnectionName: clinic.samlConnectionName,
      featureFlags: clinic.clinicFeatureFlags,
      workflows,
    });
    const emails = ['help@aspen-hollow.example', 'it-desk@aspen-hollow.example'];
    await callApi(
      page,
      'PUT',
      `/api/customers/organizations/${clinic.id}`,
      body([
        ...clinic.clinicWorkflows.filter((workflow) => workflow.name !== 'supportEmails'),
        { name: 'supportEmails', enabled: true, value: emails.join(', ') },
      ]),
    );
    try {
      await page.reload();
      const help = page.getByRole('button', { name: 'Help' });
      await help.waitFor();
      // Keyboard: focus the button and open the menu with Enter.
      await help.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Help and support' });
      await menu.waitFor();
      // The support addresses (the menu also links to the inbox's keyboard shortcuts).
      const links = menu.locator('[role="menuitem"][href^="mailto:"]');
      await expect
        .poll(() => links.evaluateAll((items) => items.map((item) => item.getAttribute('href'))))
        .toEqual(emails.map((email) => `mailto:${email}`));
      expect(await menu.getByText(emails[0] ?? '').count()).toBe(1);
      // The first address has the focus; arrow keys move through them.
      await expect.poll(() => links.first().evaluate((item) => item === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => links.nth(1).evaluate((item) => item === document.activeElement)).toBe(true);
      await saveScreenshot(page, 'header-help-menu', { fullPage: false });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      await expect.poll(() => help.evaluate((button) => button === document.activeElement)).toBe(true);
    } finally {
      await callApi(page, 'PUT', `/api/customers/organizations/${clinic.id}`, body(clinic.clinicWorkflows));
    }
  });
});
