import type { Browser, Page } from 'playwright-core';
import { saveScreenshot } from './browser';
import { DEMO_CLINIC, readAccessToken, signIn } from './portal';

// What the browser tests of the patient screens share: an administrator's API access for setting the
// scene (a clinic flag, a patient), and where the screens' parts are.

export const PATIENTS = '/patients';

export type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls the API with the bearer token of the user signed in on `page`. */
export function apiOf(page: Page, baseUrl: string): Api {
  return async <T>(method: string, path: string, body?: unknown) => {
    const token = await readAccessToken(page);
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** A provider-company administrator signed in in a browser context of their own, for setting the scene. */
export async function adminApi(
  browser: Browser,
  baseUrl: string,
): Promise<{ api: Api; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, baseUrl, 'sysadmin@example.org');
  return { api: apiOf(page, baseUrl), close: () => context.close() };
}

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

/** Turns one of the demo clinic's feature flags on or off; answers how it was, to put it back. */
export async function setDemoClinicFlag(
  api: Api,
  name: string,
  enabled: boolean,
): Promise<boolean | undefined> {
  const list = await api<{ data: Clinic[] }>(
    'GET',
    `/api/customers/organizations?filter[npi]=${DEMO_CLINIC.npi}`,
  );
  const clinic = list.data.find((candidate) => candidate.npi === DEMO_CLINIC.npi);
  if (!clinic) throw new Error('no demo clinic');
  const before = clinic.clinicFeatureFlags.find((flag) => flag.name === name)?.enabled;
  await api('PUT', `/api/customers/organizations/${clinic.id}`, {
    npi: clinic.npi,
    name: clinic.name,
    code: clinic.code,
    isActive: clinic.isActive,
    samlConnectionName: clinic.samlConnectionName,
    featureFlags: [...clinic.clinicFeatureFlags.filter((flag) => flag.name !== name), { name, enabled }],
    workflows: clinic.clinicWorkflows,
  });
  return before;
}

export type CreatedPatient = { id: string; attributes: { patientId: string; clinicNpi: string } };

/** A patient of the demo clinic, made through the API (likely duplicates confirmed). */
export async function createDemoClinicPatient(
  api: Api,
  body: Record<string, unknown>,
): Promise<CreatedPatient> {
  return api<CreatedPatient>('POST', `/api/patients/clinics/${DEMO_CLINIC.npi}/patients`, {
    ...body,
    confirmNotDuplicate: true,
  });
}

export function patientsTable(page: Page) {
  return page.getByRole('table', { name: 'Patients' });
}

export function snackbar(page: Page, text: string) {
  return page.locator('#notistack-snackbar').filter({ hasText: text });
}

/** The patient page's sections by their heading. */
export function section(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

/**
 * A whole-page picture of a long screen, taken from its top: the header and the page toolbar are fixed,
 * so a page scrolled down would show them across the middle of the picture.
 */
export async function savePageScreenshot(page: Page, name: string): Promise<string> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return saveScreenshot(page, name);
}

/** Sets one of the demo clinic's settings; answers how it was, to put it back. */
export async function setDemoClinicSetting(
  api: Api,
  name: string,
  setting: { enabled: boolean; value: string | number | null },
): Promise<{ enabled: boolean; value: string | number | null } | undefined> {
  const list = await api<{ data: Clinic[] }>(
    'GET',
    `/api/customers/organizations?filter[npi]=${DEMO_CLINIC.npi}`,
  );
  const clinic = list.data.find((candidate) => candidate.npi === DEMO_CLINIC.npi);
  if (!clinic) throw new Error('no demo clinic');
  const before = clinic.clinicWorkflows.find((workflow) => workflow.name === name);
  await api('PUT', `/api/customers/organizations/${clinic.id}`, {
    npi: clinic.npi,
    name: clinic.name,
    code: clinic.code,
    isActive: clinic.isActive,
    samlConnectionName: clinic.samlConnectionName,
    featureFlags: clinic.clinicFeatureFlags,
    workflows: [...clinic.clinicWorkflows.filter((workflow) => workflow.name !== name), { name, ...setting }],
  });
  return before ? { enabled: before.enabled, value: before.value } : undefined;
}
