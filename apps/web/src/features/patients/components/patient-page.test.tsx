// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
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
import { PatientPage } from './patient-page';

const ID = '5b0c3f0e-9d6a-4a44-8d0e-1f2a3b4c5d6e';
const PATH = `/patients/${CLINIC.npi}/${ID}`;

const synced = patientResource({
  fmId: '1003',
  firstName: 'Henrietta',
  override: { names: { firstName: 'Etta' } },
  effective: {
    firstName: { value: 'Etta', source: 'override' },
    middleName: { value: 'Louise', source: 'synced' },
    lastName: { value: 'Quill', source: 'synced' },
    gender: { value: 'female', source: 'synced' },
    physicianNpi: { value: null, source: 'synced' },
  },
  middleName: 'Louise',
  isAfWithoutOac: true,
  oacStatus: 'not-on-oac',
  medicalInfo: {
    isPacerDependent: true,
    hasLAAO: false,
    efPercentage: 50,
    dateOfLastEcho: '2024-12-05',
    hasAfibHistory: true,
    dateOfLastAfib: '2025-10-14',
    icd10Codes: ['I48.11'],
  },
  deviceInfo: {
    manufacturer: 'BSX',
    model: 'ACCOLADE MRI DR',
    modelNumber: 'L331',
    serialNumber: '731904',
    deviceType: 'PM',
    implantDate: '2020-02-17',
    manufacturerAdvisories: null,
  },
  oacHistory: [
    {
      id: '0e7c1b62-5d1f-4c55-9e1f-2a3b4c5d6e7f',
      medicationName: null,
      startDate: '2019-01-01',
      endDate: '2020-01-01',
      updatedBy: 'Nina Okafor',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
});

function answerPatient(patient = synced) {
  return (call: ApiCall) => {
    if (call.url.pathname === `/api/patients/clinics/${CLINIC.npi}/patients/${ID}` && call.method === 'GET') {
      return { body: patient };
    }
    if (call.url.pathname.endsWith('/advisories')) return { body: { data: [] } };
    if (call.url.pathname === '/api/patients/device-catalog') return { body: { data: [], bostonModels: [] } };
    return undefined;
  };
}

const routes = [{ path: '/patients/:npi/:id', element: <PatientPage /> }];

function TrendsTab({ clinicNpi, patientRef }: { clinicNpi: string; patientRef: string }) {
  return <p>Trends of {`${clinicNpi}/${patientRef}`}</p>;
}

function StudiesTab({ clinicNpi, patientRef }: { clinicNpi: string; patientRef: string }) {
  return <p>Studies of {`${clinicNpi}/${patientRef}`}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the patient page', () => {
  it('shows who the patient is: name, date of birth and age, patient ID, device, OAC status and the AF flag', async () => {
    stubApi(answerPatient());
    renderAt(sessionAs('nurse'), PATH, routes);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Etta Louise Quill' });
    expect(heading).toBeTruthy();
    const facts = screen.getByTestId('patient-facts').textContent ?? '';
    expect(facts).toMatch(/Born 07\/30\/1939 \(\d+ y\)/);
    expect(facts).toContain('Patient ID P900103');
    expect(facts).toContain('Boston Scientific ACCOLADE MRI DR (L331) · SN 731904');
    expect(screen.getAllByText('OAC: Not on OAC').length).toBeGreaterThan(0);
    expect(screen.getAllByText('AF without OAC').length).toBeGreaterThan(0);
    // An unnamed medication reads as SPEC §3 says.
    expect(
      within(screen.getByRole('table', { name: 'OAC history' })).getByText('(unknown medication)'),
    ).toBeTruthy();
  });

  it('marks an override, with the synced value beside it', async () => {
    stubApi(answerPatient());
    renderAt(sessionAs('nurse'), PATH, routes);
    const details = await screen.findByRole('region', { name: 'Patient' });
    const mark = details.querySelector('[data-override="firstName"]');
    expect(mark?.textContent).toContain('Override');
    expect(mark?.textContent).toContain('Synced: Henrietta');
    expect(within(details).getByRole('button', { name: 'Use synced first name' })).toBeTruthy();
  });

  it('gives an editor every edit control, and syncing when the patient is linked to FileMaker', async () => {
    stubApi(answerPatient());
    renderAt(sessionAs('nurse'), PATH, routes);
    await screen.findByRole('heading', { level: 2, name: 'Etta Louise Quill' });
    for (const name of [
      'Edit patient details',
      'Edit device',
      'Edit medical information',
      'Edit contact information',
      'Change status',
      'Add medication',
      'Sync from FileMaker',
    ]) {
      expect(screen.getByRole('button', { name }), name).toBeTruthy();
    }
    expect(screen.getByRole('tab', { name: 'Documents' })).toBeTruthy();
  });

  it('gives a read-only user no edit control at all', async () => {
    stubApi(answerPatient());
    renderAt(sessionAs('clinic-read-only'), PATH, routes);
    await screen.findByRole('heading', { level: 2, name: 'Etta Louise Quill' });
    const main = document.body;
    for (const name of [
      /^Edit/,
      /Change status/,
      /Add medication/,
      /Sync from FileMaker/,
      /^Use synced/,
      /^Delete/,
      /^End /,
    ]) {
      expect(within(main).queryAllByRole('button', { name }), String(name)).toEqual([]);
    }
    // Reading is all there: the sections and the documents.
    expect(screen.getByRole('region', { name: 'Medical information' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Documents' })).toBeTruthy();
  });

  it('lets a device technician edit the device and sync, not the clinical record, and shows no Documents tab', async () => {
    stubApi(answerPatient());
    renderAt(sessionAs('device-tech'), PATH, routes);
    await screen.findByRole('heading', { level: 2, name: 'Etta Louise Quill' });
    expect(screen.queryByRole('tab', { name: 'Documents' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit device' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync from FileMaker' })).toBeTruthy();
    for (const name of [
      /^Edit patient details/,
      /^Edit medical/,
      /^Edit contact/,
      /Change status/,
      /Add medication/,
      /^Use synced/,
    ]) {
      expect(screen.queryAllByRole('button', { name }), String(name)).toEqual([]);
    }
  });

  it('refuses an OAC entry that ends before it starts, naming the field, and sends nothing', async () => {
    const calls = stubApi(answerPatient());
    renderAt(sessionAs('nurse'), PATH, routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add medication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the OAC history' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Medication' }), 'Apixaban');
    const [start, end] = [
      within(dialog).getByLabelText(/Start date/),
      within(dialog).getByLabelText(/End date/),
    ];
    await user.type(start, '2025-03-01');
    await user.type(end, '2025-02-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await within(dialog).findByText('End date must not be before the start date.')).toBeTruthy();
    expect(document.activeElement).toBe(end);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('opens the Trends tab the app shell gives it, by link, with the patient', async () => {
    stubApi(answerPatient());
    renderAt(sessionAs('nurse'), `${PATH}?tab=trends`, [
      { path: '/patients/:npi/:id', element: <PatientPage TrendsTab={TrendsTab} /> },
    ]);
    expect(await screen.findByText(`Trends of ${CLINIC.npi}/${ID}`)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Trends' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the Studies tab the app shell gives it, for who may read studies only', async () => {
    stubApi(answerPatient());
    const withStudies = [
      { path: '/patients/:npi/:id', element: <PatientPage TrendsTab={TrendsTab} StudiesTab={StudiesTab} /> },
    ];
    renderAt(sessionAs('nurse'), `${PATH}?tab=studies`, withStudies);
    expect(await screen.findByText(`Studies of ${CLINIC.npi}/${ID}`)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Studies' }).getAttribute('aria-selected')).toBe('true');
    cleanup();

    // A device technician reads patients but no studies.
    renderAt(sessionAs('device-tech'), `${PATH}?tab=studies`, withStudies);
    await screen.findByRole('heading', { level: 2, name: 'Etta Louise Quill' });
    expect(screen.queryByRole('tab', { name: 'Studies' })).toBeNull();
    expect(screen.queryByText(/Studies of/)).toBeNull();
  });

  it('has no Trends tab without one from the app shell', async () => {
    stubApi(answerPatient());
    renderAt(sessionAs('nurse'), `${PATH}?tab=trends`, routes);
    await screen.findByRole('heading', { level: 2, name: 'Etta Louise Quill' });
    expect(screen.queryByRole('tab', { name: 'Trends' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says the patient was not found for a link to nobody', async () => {
    stubApi(() => undefined);
    renderAt(sessionAs('nurse'), PATH, routes);
    expect(await screen.findByRole('heading', { name: 'Patient not found' })).toBeTruthy();
  });
});
