// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  CLINIC,
  patientResource,
  renderAt,
  sessionAs,
  stubApi,
} from '../../../test-support/render-as';
import { CreatePatientDialog } from './create-patient-dialog';

const EXISTING = patientResource({ patientId: 'P900103' }, '5b0c3f0e-9d6a-4a44-8d0e-1f2a3b4c5d6e');
const CREATED = patientResource(
  { patientId: 'NEW-1', firstName: 'Henriette' },
  '7d2e5a20-1f8c-4d66-8f20-3b4c5d6e7f80',
);

const routes = [
  {
    path: '/patients',
    element: <CreatePatientDialog clinicNpi={CLINIC.npi} open onClose={() => undefined} />,
  },
  { path: '/patients/:npi/:id', element: <p>Patient page</p> },
];

function answer(call: ApiCall) {
  if (call.url.pathname === '/api/patients/device-catalog') {
    return {
      body: {
        data: [
          {
            manufacturer: 'MDT',
            modelName: 'Azure XT DR MRI SureScan',
            modelNumber: 'W1DR01',
            deviceType: 'PM',
          },
        ],
        bostonModels: [],
      },
    };
  }
  if (call.method === 'POST' && call.url.pathname === `/api/patients/clinics/${CLINIC.npi}/patients`) {
    const body = call.body as { confirmNotDuplicate?: boolean };
    if (body.confirmNotDuplicate) return { status: 201, body: CREATED };
    return {
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'This patient probably exists already',
        duplicates: [{ patient: EXISTING, reasons: ['same-dob-similar-name'] }],
      },
    };
  }
  return undefined;
}

async function fillRequired(dialog: HTMLElement) {
  const user = userEvent.setup();
  await user.type(within(dialog).getByRole('textbox', { name: /Patient ID/ }), 'NEW-1');
  await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Henriette');
  await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Quill');
  fireEvent.change(within(dialog).getByLabelText(/Date of birth/), { target: { value: '1939-07-30' } });
  return user;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('adding a patient', () => {
  it('names every missing field, and sends nothing', async () => {
    const calls = stubApi(answer);
    renderAt(sessionAs('nurse', { createNewPatients: true }), '/patients', routes);
    const dialog = await screen.findByRole('dialog', { name: 'Add a patient' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Add patient' }));
    for (const message of [
      'Enter the patient ID.',
      'Enter the first name.',
      'Enter the last name.',
      'Enter the date of birth.',
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the likely duplicates with why, and creates anyway only when confirmed', async () => {
    const calls = stubApi(answer);
    const { router } = renderAt(sessionAs('nurse', { createNewPatients: true }), '/patients', routes);
    const dialog = await screen.findByRole('dialog', { name: 'Add a patient' });
    const user = await fillRequired(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add patient' }));

    const warning = await screen.findByRole('dialog', { name: 'This patient may already exist' });
    const candidate = within(warning).getByRole('list', { name: 'Likely duplicates' });
    expect(candidate.textContent).toContain('Henrietta Quill');
    expect(candidate.textContent).toContain('Born 07/30/1939');
    expect(candidate.textContent).toContain('Patient ID P900103');
    expect(candidate.textContent).toContain('Same date of birth and a similar name');
    expect(
      within(warning).getByRole('link', { name: 'Open existing: Henrietta Quill' }).getAttribute('href'),
    ).toBe(`/patients/${CLINIC.npi}/${EXISTING.id}`);

    await user.click(within(warning).getByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/patients/${CLINIC.npi}/${CREATED.id}`));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => (call.body as { confirmNotDuplicate?: boolean }).confirmNotDuplicate)).toEqual(
      [undefined, true],
    );
    expect(posts[1]?.body).toMatchObject({
      patientId: 'NEW-1',
      firstName: 'Henriette',
      lastName: 'Quill',
      dob: '1939-07-30',
    });
    expect(await screen.findByText('Henriette Quill was added.')).toBeTruthy();
  });

  it('goes back to the form, as it was, from the warning', async () => {
    stubApi(answer);
    renderAt(sessionAs('nurse', { createNewPatients: true }), '/patients', routes);
    const dialog = await screen.findByRole('dialog', { name: 'Add a patient' });
    const user = await fillRequired(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add patient' }));
    const warning = await screen.findByRole('dialog', { name: 'This patient may already exist' });
    await user.click(within(warning).getByRole('button', { name: 'Back to the form' }));
    const form = await screen.findByRole('dialog', { name: 'Add a patient' });
    expect((within(form).getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe(
      'Henriette',
    );
  });

  it('fills the model number and type from the device catalog', async () => {
    stubApi(answer);
    renderAt(sessionAs('nurse', { createNewPatients: true }), '/patients', routes);
    const dialog = await screen.findByRole('dialog', { name: 'Add a patient' });
    const user = userEvent.setup();
    const model = within(dialog).getByRole('combobox', { name: 'Model' });
    await waitFor(() => expect(within(dialog).queryByText('Loading the device catalog…')).toBeNull());
    await user.type(model, 'azure xt');
    await user.click(await screen.findByRole('option', { name: /Azure XT DR MRI SureScan/ }));
    expect((within(dialog).getByRole('textbox', { name: 'Model number' }) as HTMLInputElement).value).toBe(
      'W1DR01',
    );
    expect((model as HTMLInputElement).value).toBe('Azure XT DR MRI SureScan');
  });
});
