import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gtinCheckDigit } from '@portal/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { writeGs1DataMatrixPng, writeGs1DataMatrixY4m } from './support/barcodes';
import { saveScreenshot, useBrowserSession } from './support/browser';
import { type Api, adminApi, type CreatedPatient, createDemoClinicPatient } from './support/patients';
import { DEMO_CLINIC, signIn } from './support/portal';

const baseUrl = inject('baseUrl');

// A demonstration GTIN (GS1 prefix 952) the device catalog pairs with Medtronic's Azure XT SR MRI (W1SR01).
const GTIN = '09527700000013';
const MODEL = 'Azure XT SR MRI SureScan';
const label = (serial: string) => `(01)${GTIN}(17)291231(10)LOT4471(21)${serial}`;

async function readPatientDevice(api: Api, patient: CreatedPatient) {
  const answer = await api<{ attributes: { deviceInfo: Record<string, unknown> | null } }>(
    'GET',
    `/api/patients/clinics/${patient.attributes.clinicNpi}/patients/${patient.id}`,
  );
  return answer.attributes.deviceInfo;
}

async function choosePatient(page: Page, lastName: string) {
  await page.getByRole('combobox', { name: 'Find the patient' }).fill(lastName);
  await page.getByRole('option', { name: new RegExp(lastName) }).click();
}

// Issue 15 §1: a device's GS1 DataMatrix label, read from a photo and from the camera, fills the patient's
// model and serial number; the test page shows what a scanner sends.
describe('the barcode scanner in a real browser', () => {
  let folder: string;
  let api: Api;
  let closeAdmin: () => Promise<void>;
  const session = useBrowserSession({ viewport: { width: 1280, height: 900 } }, async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'portal-barcodes-'));
    const video = path.join(folder, 'label.y4m');
    await writeGs1DataMatrixY4m(label('CAM55021'), video);
    return [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ];
  });
  let page: Page;
  beforeAll(async () => {
    ({ api, close: closeAdmin } = await adminApi(session.browser, baseUrl));
  });
  afterAll(async () => {
    await closeAdmin();
  });
  beforeEach(() => {
    ({ page } = session);
  });

  const newPatient = (lastName: string, deviceInfo?: Record<string, unknown>) =>
    createDemoClinicPatient(api, {
      patientId: `BC-${Date.now()}`,
      firstName: 'Ingrid',
      lastName,
      dob: '1951-06-30',
      ...(deviceInfo ? { deviceInfo } : {}),
    });

  it('a photo of the label fills model and serial on the scanner page; a filled value changes only when ticked', async () => {
    const lastName = `Scanphoto${Date.now().toString(36)}`;
    // The patient has a serial typed earlier, with a typo: the scan shows it beside the label's.
    const patient = await newPatient(lastName, { serialNumber: 'PHO7700I' });
    const photo = path.join(folder, 'label.png');
    await writeGs1DataMatrixPng(label('PHO77001'), photo);

    await signIn(page, baseUrl, 'devicetech@example.org', { path: '/barcode-scanner' });
    await choosePatient(page, lastName);
    await page.getByTestId('scan-image-input').setInputFiles(photo);

    const match = page.getByTestId('scan-match');
    await expect.poll(() => match.textContent()).toContain(MODEL);
    expect(await match.textContent()).toContain('from the device catalog');
    // As the scanner sends it: the symbology identifier, then the elements, a separator after the lot.
    const raw = page.getByTestId('scan-raw');
    expect(await raw.textContent()).toBe(`]d201${GTIN}1729123110LOT4471GS21PHO77001`);
    expect(await raw.locator('[data-separator]').count()).toBe(1);
    const fields = (await page.getByTestId('scan-fields').textContent()) ?? '';
    expect(fields).toContain(GTIN);
    expect(fields).toContain('PHO77001');
    expect(fields).toContain('LOT4471');
    expect(fields).toContain('12/31/2029');

    // Empty fields fill; the serial already there is shown old beside new, and kept unless ticked.
    const changes = page.getByTestId('scan-changes');
    expect(await changes.locator('[data-field="model"]').textContent()).toContain('Empty');
    expect(await changes.locator('[data-field="serialNumber"]').textContent()).toContain('PHO7700I');
    await saveScreenshot(page, 'barcode-scanner-photo');
    await page.getByRole('checkbox', { name: 'Replace Serial number' }).check();
    await page.getByRole('button', { name: 'Use these values' }).click();

    await expect.poll(() => page.getByTestId('scan-saved').count()).toBe(1);
    const device = await readPatientDevice(api, patient);
    expect(device).toMatchObject({
      manufacturer: 'MDT',
      model: MODEL,
      modelNumber: 'W1SR01',
      deviceType: 'PM',
      serialNumber: 'PHO77001',
    });
    await saveScreenshot(page, 'barcode-scanner-saved');
  });

  it("the camera reads the label into the patient's Edit device form", async () => {
    const lastName = `Scancamera${Date.now().toString(36)}`;
    const patient = await newPatient(lastName);
    await signIn(page, baseUrl, 'devicetech@example.org', {
      path: `/patients/${patient.attributes.clinicNpi}/${patient.id}`,
    });
    await page.getByRole('button', { name: 'Edit device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit device' });
    await dialog.getByRole('button', { name: 'Scan the device label' }).click();
    await dialog.getByRole('button', { name: 'Scan with camera' }).click();
    await expect.poll(() => dialog.getByTestId('scan-match').textContent()).toContain(MODEL);
    await saveScreenshot(page, 'barcode-camera-in-device-form');
    await dialog.getByRole('button', { name: 'Use these values' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Serial number' }).inputValue()).toBe('CAM55021');
    expect(await dialog.getByRole('textbox', { name: 'Model number' }).inputValue()).toBe('W1SR01');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    // The save goes through the server: the record is read back until it holds the scanned serial.
    await expect.poll(async () => (await readPatientDevice(api, patient))?.serialNumber).toBe('CAM55021');
    expect((await readPatientDevice(api, patient))?.model).toBe(MODEL);
  });

  it('an unknown GTIN is paired with its model once; the clinic knows it from then on', async () => {
    const lastName = `Scanpair${Date.now().toString(36)}`;
    await newPatient(lastName);
    // A GTIN no one has paired yet (demonstration prefix 952), with its check digit.
    const body = `0952771${String(Date.now()).slice(-6)}`;
    const unknown = `${body}${gtinCheckDigit(body)}`;
    await signIn(page, baseUrl, 'devicetech@example.org', { path: '/barcode-scanner' });
    await choosePatient(page, lastName);
    const field = page.getByRole('textbox', { name: 'Code from the label' });
    await field.fill(`01${unknown}21PAIR001`);
    await field.press('Enter');
    const picker = page.getByTestId('scan-model-picker');
    await expect.poll(() => picker.textContent()).toContain(`The catalog does not know GTIN ${unknown}`);
    await picker.getByRole('combobox', { name: 'Model' }).fill('L331');
    await page.getByRole('option', { name: /Accolade MRI DR EL \(L331\)/ }).click();
    await picker.getByRole('button', { name: 'Remember for this clinic' }).click();
    await expect
      .poll(() => page.getByTestId('scan-match').textContent())
      .toContain("Accolade MRI DR EL (L331, PM) — from this clinic's pairing");

    // The next scan of the same GTIN, anywhere in the clinic, is matched at once.
    const pairing = await api<{ data: { match: { source: string; modelNumber: string } | null } }>(
      'GET',
      `/api/patients/clinics/${DEMO_CLINIC.npi}/device-gtins/${unknown}`,
    );
    expect(pairing.data.match).toMatchObject({ source: 'clinic-pairing', modelNumber: 'L331' });
  });

  it('the test page shows the code as sent, its fields, the check and the catalog match, and keeps the last scans', async () => {
    await signIn(page, baseUrl, 'devicetech@example.org', { path: '/barcode-scanner/test' });
    const field = page.getByRole('textbox', { name: 'Code from the label' });

    // A wedge scanner's substitute for the group separator; a bad check digit; a truncated code.
    await field.fill(`]d201${GTIN}21SN0042<GS>10L7`);
    await field.press('Enter');
    const details = page.getByTestId('scan-details');
    await expect.poll(() => page.getByTestId('scan-verdict').textContent()).toBe('GTIN check digit correct');
    // Shown as the scanner sent it; the parser took '<GS>' for the separator (the serial ends there).
    expect(await page.getByTestId('scan-raw').textContent()).toBe(`]d201${GTIN}21SN0042<GS>10L7`);
    await expect.poll(() => details.getByTestId('scan-catalog-match').textContent()).toContain(MODEL);
    const parsedText = (await details.getByTestId('scan-fields').textContent()) ?? '';
    expect(parsedText).toMatch(/Serial numberSN0042Lot/);
    expect(parsedText).toContain('L7');

    await field.fill('0109527700000014');
    await field.press('Enter');
    await expect.poll(() => page.getByTestId('scan-verdict').textContent()).toContain('check digit');
    expect(await details.getByTestId('scan-fields').count()).toBe(0);

    // A USB scanner typing on the page (not in a field), faster than anyone types. The burst is sent from
    // inside the page, key after key in one go: keys sent one by one from here arrive as far apart as a busy
    // machine lets them (tens of milliseconds), and the page would rightly take them for a person typing.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.evaluate((code) => {
      for (const key of [...code, 'Enter']) {
        const target = document.activeElement ?? document.body;
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
      }
    }, '+A99912345/$$52001510X33');
    const rows = page.getByTestId('last-scans').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain('USB scanner');
    await saveScreenshot(page, 'barcode-test-page');
  });
});
