import type { MergedClinicConfiguration, PatientResource, UserResource } from '@portal/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createPermissionChecks } from '../lib/session/permissions';
import { type Session, SessionContext } from '../lib/session/session-context';
import { SnackbarProvider } from '../lib/snackbar/snackbar-provider';

// Component tests of screens that need a signed-in user (the patient screens, the inbox's patient
// summary): a session with one role at the demo clinic, a router at a path, and the API answered by a
// function of the request.

export const CLINIC = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  npi: '1209945553',
  code: 'AHC',
  name: 'Aspen Hollow Cardiology',
};

/**
 * A session with one role, at the demo clinic or (`where: '*'`) held under '*' as the provider company's
 * roles are, which counts at every clinic.
 */
export function sessionAs(
  role: string,
  featureFlags: Record<string, boolean> = {},
  where: 'clinic' | '*' = 'clinic',
): Session {
  const user: UserResource = {
    id: `auth0|${role}`,
    attributes: {
      email: `${role}@example.org`,
      firstName: 'Test',
      lastName: role,
      title: '',
      suffixes: '',
      npi: null,
      phone: '',
      homePage: '',
      roles: [{ role, clinicNPI: where === '*' ? '*' : CLINIC.npi }],
      isIrhUser: where === '*',
      isLocked: false,
      accountState: 'active',
      lastSignInAt: null,
      samlProfileId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  };
  const configuration: MergedClinicConfiguration = { featureFlags, settings: {} };
  return {
    user,
    displayName: `Test ${role}`,
    allowedClinics: [CLINIC],
    notificationChannel: 'private-test',
    currentClinic: CLINIC,
    selectClinic: () => undefined,
    clinicConfiguration: { configuration, featureFlags, settings: {}, status: 'ready', error: null },
    ...createPermissionChecks(user.attributes, CLINIC.npi, configuration),
  };
}

export type ApiCall = { method: string; url: URL; body: unknown };
export type Answer = { status?: number; body?: unknown } | undefined;

/** Stubs fetch: each request goes to `answer`; what it did not answer is a 404. Returns the calls made. */
export function stubApi(answer: (call: ApiCall) => Answer): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: new URL(String(input), 'http://portal'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const reply = answer(call) ?? {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Not found' },
      };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function renderAt(session: Session, path: string, routes: { path: string; element: ReactElement }[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Elsewhere</p> }], {
    initialEntries: [path],
  });
  const view = render(
    <QueryClientProvider client={client}>
      <SessionContext value={session}>
        <RouterProvider router={router} />
      </SessionContext>
      {/* notistack at once (the portal loads it on demand, lib/snackbar), so a test sees its messages */}
      <SnackbarProvider />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

const synced = <T,>(value: T) => ({ value, source: 'synced' as const });

/** A patient as the API answers it, with what a test changes. */
export function patientResource(
  changes: Partial<PatientResource['attributes']> = {},
  id = '5b0c3f0e-9d6a-4a44-8d0e-1f2a3b4c5d6e',
): PatientResource {
  const base = {
    id,
    clinicNpi: CLINIC.npi,
    patientId: 'P900103',
    fmId: null,
    firstName: 'Henrietta',
    middleName: null,
    lastName: 'Quill',
    dob: '1939-07-30',
    gender: 'female' as const,
    physicianNpi: null,
    oacStatus: 'not-on-oac',
    oacHistory: [],
    medicalInfo: null,
    deviceInfo: null,
    contactInfo: null,
    override: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: null,
    isAfWithoutOac: false,
    ...changes,
  };
  // Without overrides in the test, the effective values are the synced ones.
  const attributes: PatientResource['attributes'] = {
    ...base,
    effective: changes.effective ?? {
      firstName: synced(base.firstName),
      middleName: synced(base.middleName),
      lastName: synced(base.lastName),
      gender: synced(base.gender),
      physicianNpi: synced(base.physicianNpi),
    },
  };
  return { id, attributes };
}
