// @vitest-environment jsdom
import type { SleepProfile, StudyResource, UserResource } from '@portal/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  type ApiCall,
  CLINIC,
  patientResource,
  renderAt,
  sessionAs,
  stubApi,
} from '../../../test-support/render-as';
import { ABPM_RESULTS, PATIENT_REF, PHYSICIAN_NPI, studyResource } from '../../../test-support/studies';
import { STUDY_POLL_MS } from '../study-format';
import { PatientStudiesTab } from './patient-studies-tab';

const CLINIC_API = `/api/patients/clinics/${CLINIC.npi}`;
const PATIENT_API = `${CLINIC_API}/patients/${PATIENT_REF}`;
const SENT = { state: 'sent' as const, error: null, at: '2026-03-02T15:00:00.000Z' };

const sleepNew = studyResource('sleep', { createdAt: '2026-03-05T10:00:00.000Z' });
const wcdInProgress = studyResource('wcd', {
  status: 'in-progress',
  push: SENT,
  vendorReference: 'IB-4471',
  createdAt: '2026-03-03T10:00:00.000Z',
  statusHistory: [
    { from: null, to: 'new', at: '2026-03-03T10:00:00.000Z', actorName: 'Test nurse', source: 'user' },
    { from: 'new', to: 'in-progress', at: '2026-03-04T08:00:00.000Z', actorName: null, source: 'vendor' },
  ],
});
const DOCUMENT_ID = '9a1b2c3d-0000-4000-8000-000000000042';
const abpmReviewed = studyResource('abpm', {
  status: 'reviewed',
  push: SENT,
  results: ABPM_RESULTS,
  documentId: DOCUMENT_ID,
  createdAt: '2026-02-01T10:00:00.000Z',
});

function sleepProfile(currentStudy: StudyResource | null): SleepProfile {
  return {
    patientId: PATIENT_REF,
    heightCm: 172,
    weightKg: 80,
    neckCircumferenceCm: 41,
    epworthScore: 11,
    notes: '',
    currentStudy,
    updatedAt: '2026-03-05T10:00:00.000Z',
  };
}

const provider: UserResource = {
  id: 'auth0|okafor',
  attributes: {
    email: 'okafor@example.org',
    firstName: 'Nina',
    lastName: 'Okafor',
    title: 'Dr.',
    suffixes: 'MD',
    npi: PHYSICIAN_NPI,
    phone: '',
    homePage: '',
    roles: [{ role: 'provider', clinicNPI: CLINIC.npi }],
    isIrhUser: false,
    isLocked: false,
    accountState: 'active',
    lastSignInAt: null,
    samlProfileId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
};

/** The patient's studies and what the tab reads beside them; `more` answers the writes of a test. */
function answer(studies: StudyResource[], more: (call: ApiCall) => Answer = () => undefined) {
  return (call: ApiCall): Answer => {
    const written = more(call);
    if (written) return written;
    const path = call.url.pathname;
    if (call.method !== 'GET') return undefined;
    if (path === `${PATIENT_API}/studies`) return { body: { data: studies } };
    if (path === `${PATIENT_API}/sleep-profile`) {
      const current = studies.find((study) => study.attributes.suite === 'sleep') ?? null;
      return { body: sleepProfile(current) };
    }
    if (path === PATIENT_API) return { body: patientResource({ physicianNpi: PHYSICIAN_NPI }) };
    if (path === `/api/users/clinics/${CLINIC.npi}/providers`) return { body: { data: [provider] } };
    return undefined;
  };
}

const routes = [
  { path: '/', element: <PatientStudiesTab clinicNpi={CLINIC.npi} patientRef={PATIENT_REF} /> },
];

const card = (name: string) => screen.getByRole('article', { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the patient's Studies tab", () => {
  it('lists the studies newest first, each with the actions its state allows', async () => {
    stubApi(answer([abpmReviewed, wcdInProgress, sleepNew]));
    renderAt(sessionAs('nurse'), '/', routes);
    await screen.findByRole('article', { name: 'Sleep study' });
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('data-suite'))).toEqual([
      'sleep',
      'wcd',
      'abpm',
    ]);

    // New and not sent, and the profile's current study: it can be pushed and cancelled.
    const sleep = card('Sleep study');
    await within(sleep).findByRole('button', { name: 'Cancel study' });
    expect(within(sleep).getByRole('button', { name: 'Push to Zoll' })).toBeTruthy();
    expect(within(sleep).queryByRole('button', { name: 'Check for updates' })).toBeNull();

    // Sent and in progress: no push, no check (only sleep studies are checked), but cancelled still.
    const wcd = card('Wearable cardiac study · Holter');
    expect(within(wcd).queryByRole('button', { name: /Push to/ })).toBeNull();
    expect(within(wcd).queryByRole('button', { name: 'Check for updates' })).toBeNull();
    expect(within(wcd).getByRole('button', { name: 'Cancel study' })).toBeTruthy();
    expect(wcd.textContent).toContain('IB-4471');
    expect(within(wcd).getByText('In progress')).toBeTruthy();

    // Reviewed: final, with its results and a link to their document in the inbox.
    const abpm = card('Ambulatory BP study');
    expect(within(abpm).queryAllByRole('button', { name: /Push|Cancel|Check/ })).toEqual([]);
    expect(within(abpm).getByRole('table', { name: 'Mean blood pressure by period' })).toBeTruthy();
    const link = within(abpm).getByRole('link', { name: 'Open the results document' });
    expect(new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('idIn')).toBe(DOCUMENT_ID);

    for (const name of ['New sleep study', 'New wearable cardiac study', 'New ABPM study']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('shows the status history with who moved the study', async () => {
    stubApi(answer([wcdInProgress]));
    renderAt(sessionAs('nurse'), '/', routes);
    const wcd = await screen.findByRole('article', { name: 'Wearable cardiac study · Holter' });
    const toggle = within(wcd).getByRole('button', { name: 'Status history (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(toggle);
    const history = within(wcd).getByRole('list', { name: 'Status history, newest first' });
    const items = within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toContain('New → In progress');
    expect(items[0]).toContain('InfoBionic');
    expect(items[1]).toContain('Ordered (New)');
    expect(items[1]).toContain('Test nurse');
  });

  it('gives a read-only user the studies and their results, and no action at all', async () => {
    stubApi(answer([abpmReviewed, wcdInProgress, sleepNew]));
    renderAt(sessionAs('clinic-read-only'), '/', routes);
    await screen.findByRole('article', { name: 'Sleep study' });
    expect(screen.queryAllByRole('button', { name: /Push|Cancel|Check|New / })).toEqual([]);
    expect(screen.getByRole('table', { name: 'Mean blood pressure by period' })).toBeTruthy();
  });

  it('pushes a new study to its vendor and says where the order stands', async () => {
    const queued = {
      ...sleepNew,
      attributes: { ...sleepNew.attributes, push: { state: 'queued' as const, error: null, at: null } },
    };
    const calls = stubApi(
      answer([sleepNew], (call) => (call.method === 'POST' ? { body: queued } : undefined)),
    );
    renderAt(sessionAs('nurse'), '/', routes);
    const sleep = await screen.findByRole('article', { name: 'Sleep study' });
    await userEvent.setup().click(within(sleep).getByRole('button', { name: 'Push to Zoll' }));
    expect(await screen.findByText('Queued for Zoll.')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url.pathname)).toEqual([
      `/api/patients/zoll/sleep-studies/${sleepNew.id}/push`,
    ]);
    // The list is fetched again after the push.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname === `${PATIENT_API}/studies`).length).toBeGreaterThan(
        1,
      ),
    );
  });

  it.each([
    ['wcd', 'Push to InfoBionic', 'infobionics/wcd-studies'],
    ['abpm', 'Push to Biobeat', 'biobeat/abpm-studies'],
  ] as const)('pushes a %s study to its own vendor', async (suite, button, route) => {
    const study = studyResource(suite);
    const calls = stubApi(answer([study], (call) => (call.method === 'POST' ? { body: study } : undefined)));
    renderAt(sessionAs('provider'), '/', routes);
    await userEvent.setup().click(await screen.findByRole('button', { name: button }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.url.pathname).toBe(
        `${CLINIC_API}/${route}/${study.id}/push`,
      ),
    );
  });

  it("shows the vendor's refusal in the server's words, and why the last push failed on the card", async () => {
    const failed = studyResource('wcd', {
      push: { state: 'failed', error: 'InfoBionic refused the order: the patient has no address.', at: null },
    });
    stubApi(
      answer([failed], (call) =>
        call.method === 'POST'
          ? {
              status: 502,
              body: { statusCode: 502, error: 'Bad Gateway', message: 'InfoBionic could not be reached.' },
            }
          : undefined,
      ),
    );
    renderAt(sessionAs('nurse'), '/', routes);
    const wcd = await screen.findByRole('article', { name: 'Wearable cardiac study · Holter' });
    expect(within(wcd).getByTestId('push-error').textContent).toBe(
      'Sending to InfoBionic failed: InfoBionic refused the order: the patient has no address.',
    );
    // Failed: it may be pushed again.
    await userEvent.setup().click(within(wcd).getByRole('button', { name: 'Push to InfoBionic' }));
    expect(await screen.findByText('InfoBionic could not be reached.')).toBeTruthy();
  });

  it('checks Zoll for updates on a sleep study it has', async () => {
    const sent = studyResource('sleep', { status: 'in-progress', push: SENT });
    const calls = stubApi(answer([sent], (call) => (call.method === 'POST' ? { body: sent } : undefined)));
    renderAt(sessionAs('nurse'), '/', routes);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Check for updates' }));
    expect(await screen.findByText('Checked with Zoll: In progress.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.url.pathname).toBe(
      `/api/patients/zoll/check-for-updates/${sent.id}`,
    );
  });

  it('cancels a wearable study after asking, with PATCH status cancelled', async () => {
    const cancelled = {
      ...wcdInProgress,
      attributes: { ...wcdInProgress.attributes, status: 'cancelled' as const },
    };
    const calls = stubApi(
      answer([wcdInProgress], (call) => (call.method === 'PATCH' ? { body: cancelled } : undefined)),
    );
    renderAt(sessionAs('nurse'), '/', routes);
    const user = userEvent.setup();
    const wcd = await screen.findByRole('article', { name: 'Wearable cardiac study · Holter' });
    await user.click(within(wcd).getByRole('button', { name: 'Cancel study' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this wearable cardiac study?' });
    // Nothing is sent until it is confirmed; the safe choice has the focus.
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep the study' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel study' }));
    expect(await screen.findByText('The wearable cardiac study is cancelled.')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url.pathname).toBe(`${PATIENT_API}/wcd-studies/${wcdInProgress.id}`);
    expect(patch?.body).toEqual({ status: 'cancelled' });
  });

  it("cancels the current sleep study through the profile, and shows the server's refusal in the dialog", async () => {
    const calls = stubApi(
      answer([sleepNew], (call) =>
        call.method === 'POST'
          ? {
              status: 409,
              body: {
                statusCode: 409,
                error: 'Conflict',
                message: "A study cannot move from 'reviewed' to 'cancelled': 'reviewed' is final.",
              },
            }
          : undefined,
      ),
    );
    renderAt(sessionAs('nurse'), '/', routes);
    const user = userEvent.setup();
    const sleep = await screen.findByRole('article', { name: 'Sleep study' });
    await user.click(await within(sleep).findByRole('button', { name: 'Cancel study' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this sleep study?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel study' }));
    expect(
      await within(dialog).findByText(
        "A study cannot move from 'reviewed' to 'cancelled': 'reviewed' is final.",
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.url.pathname).toBe(
      `${PATIENT_API}/sleep-profile/current-study/cancel`,
    );
  });

  it('offers no cancel for a sleep study that is no longer the current one', async () => {
    const older = studyResource('sleep', { createdAt: '2026-01-01T10:00:00.000Z' });
    stubApi(answer([sleepNew, older]));
    renderAt(sessionAs('nurse'), '/', routes);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Cancel study' }).length).toBe(1));
    const [current, previous] = screen.getAllByRole('article');
    expect(current?.getAttribute('data-study-id')).toBe(sleepNew.id);
    expect(within(previous as HTMLElement).queryByRole('button', { name: 'Cancel study' })).toBeNull();
  });

  it('asks again every few seconds while an order is queued, and stops once nothing is moving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let studies = [studyResource('abpm', { push: { state: 'queued', error: null, at: null } })];
      const calls = stubApi((call) => answer(studies)(call));
      const fetches = () => calls.filter((call) => call.url.pathname === `${PATIENT_API}/studies`).length;
      renderAt(sessionAs('nurse'), '/', routes);
      await screen.findByRole('article', { name: 'Ambulatory BP study' });
      expect(fetches()).toBe(1);
      studies = [studyResource('abpm', { push: SENT })];
      await vi.advanceTimersByTimeAsync(STUDY_POLL_MS);
      await waitFor(() => expect(fetches()).toBe(2));
      await vi.advanceTimersByTimeAsync(STUDY_POLL_MS * 3);
      expect(fetches()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the patient has no studies yet', async () => {
    stubApi(answer([]));
    renderAt(sessionAs('nurse'), '/', routes);
    expect(await screen.findByRole('heading', { name: 'No studies yet' })).toBeTruthy();
  });
});

describe('ordering a study', () => {
  it("starts with the patient's physician, and shows a 400's field problem under its field", async () => {
    const calls = stubApi(
      answer([], (call) =>
        call.method === 'POST' && call.url.pathname === `${PATIENT_API}/wcd-studies`
          ? {
              status: 400,
              body: {
                statusCode: 400,
                error: 'Bad Request',
                message: 'Invalid body: startDate',
                details: [{ field: 'startDate', message: 'must not be before today' }],
              },
            }
          : undefined,
      ),
    );
    renderAt(sessionAs('nurse'), '/', routes);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'No studies yet' });
    await user.click(screen.getByRole('button', { name: 'New wearable cardiac study' }));
    const dialog = await screen.findByRole('dialog', { name: 'New wearable cardiac study' });
    const npi = within(dialog).getByRole('textbox', { name: /Ordering physician NPI/ }) as HTMLInputElement;
    await waitFor(() => expect(npi.value).toBe(PHYSICIAN_NPI));
    const name = within(dialog).getByRole('textbox', { name: /Ordering physician name/ }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Dr. Nina Okafor MD'));

    const days = within(dialog).getByRole('spinbutton', { name: /Days/ });
    await user.clear(days);
    await user.type(days, '14');
    const start = within(dialog).getByLabelText(/Start date/) as HTMLInputElement;
    await user.type(start, '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Order study' }));

    expect(await within(dialog).findByText('Start date must not be before today.')).toBeTruthy();
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(start);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      orderingPhysicianNpi: PHYSICIAN_NPI,
      orderingPhysicianName: 'Dr. Nina Okafor MD',
      studyType: 'Holter',
      durationDays: 14,
      startDate: '2020-01-01',
    });
  });

  it('names a missing physician before sending anything', async () => {
    const calls = stubApi((call) =>
      call.url.pathname === `${PATIENT_API}/studies` ? { body: { data: [] } } : undefined,
    );
    renderAt(sessionAs('nurse'), '/', routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New ABPM study' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ABPM study' });
    await user.click(within(dialog).getByRole('button', { name: 'Order study' }));
    expect(within(dialog).getByText('Enter the ordering physician NPI.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the ordering physician name.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('makes the sleep profile first, then orders the sleep study', async () => {
    const created = studyResource('sleep');
    const calls = stubApi((call) => {
      const path = call.url.pathname;
      if (call.method === 'GET' && path === `${PATIENT_API}/studies`) return { body: { data: [] } };
      if (call.method === 'GET' && path === `${PATIENT_API}/sleep-profile`) {
        // None yet: the empty profile, never saved.
        return {
          body: {
            ...sleepProfile(null),
            heightCm: null,
            weightKg: null,
            neckCircumferenceCm: null,
            epworthScore: null,
            updatedAt: null,
          },
        };
      }
      if (call.method === 'POST' && path === `${PATIENT_API}/sleep-profile`) {
        return { status: 201, body: { ...sleepProfile(null), heightCm: 181, epworthScore: 14 } };
      }
      if (call.method === 'POST' && path === `${PATIENT_API}/sleep-profile/studies`) {
        return { status: 201, body: created };
      }
      return answer([])(call);
    });
    renderAt(sessionAs('nurse'), '/', routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New sleep study' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sleep study' });
    expect(within(dialog).getByText('Step 1 of 2: the sleep profile')).toBeTruthy();
    // Nothing filled in: the profile is not saved, and each measure Zoll needs says so.
    await user.click(await within(dialog).findByRole('button', { name: 'Save and continue' }));
    expect(await within(dialog).findByText('Enter the height.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the Epworth score.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Height (cm)' }), '181');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Weight (kg)' }), '92');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Neck (cm)' }), '42');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Epworth score/ }), '14');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));

    expect(await within(dialog).findByText('Step 2 of 2: the order')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Nights/ }));
    await user.click(await screen.findByRole('option', { name: '2 nights' }));
    await user.click(within(dialog).getByRole('button', { name: 'Order study' }));
    expect(await screen.findByText('Sleep study ordered.')).toBeTruthy();

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url.pathname)).toEqual([
      `${PATIENT_API}/sleep-profile`,
      `${PATIENT_API}/sleep-profile/studies`,
    ]);
    expect(posts[0]?.body).toEqual({
      heightCm: 181,
      weightKg: 92,
      neckCircumferenceCm: 42,
      epworthScore: 14,
      notes: '',
    });
    expect(posts[1]?.body).toEqual({
      orderingPhysicianNpi: PHYSICIAN_NPI,
      orderingPhysicianName: 'Dr. Nina Okafor MD',
      nights: 2,
    });
  });
});
