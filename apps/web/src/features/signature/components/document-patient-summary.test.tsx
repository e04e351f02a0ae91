// @vitest-environment jsdom
import type { DocumentResource } from '@portal/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { longitudinalAnswer, RV_THRESHOLD } from '../../../test-support/longitudinal';
import {
  type ApiCall,
  CLINIC,
  patientResource,
  renderAt,
  sessionAs,
  stubApi,
} from '../../../test-support/render-as';
import { DocumentPatientSummary } from './document-patient-summary';

const PATIENT = patientResource({ patientId: 'P900103', isAfWithoutOac: true, oacStatus: 'not-on-oac' });

const document = {
  id: '9a1b2c3d-0000-4000-8000-000000000001',
  attributes: { clinicNpi: CLINIC.npi, patientId: 'P900103', patientRef: PATIENT.id },
} as unknown as DocumentResource;

const ADVISORY = {
  id: 'adv-1',
  manufacturer: 'BSX',
  models: ['L331'],
  serialRanges: [],
  serialNumbers: [],
  title: 'ACCOLADE pacemakers may enter Safety Mode',
  publishedOn: '2024-12-10',
  recommendation: 'Follow up remotely every 3 months.',
  url: null,
};

function answer(call: ApiCall) {
  if (call.url.pathname === `/api/patients/clinics/${CLINIC.npi}/patients/${PATIENT.id}`)
    return { body: PATIENT };
  if (call.url.pathname.endsWith(`/patients/${PATIENT.id}/advisories`)) return { body: { data: [ADVISORY] } };
  return undefined;
}

const routes = [{ path: '/', element: <DocumentPatientSummary document={document} /> }];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the inbox's patient summary beside a document", () => {
  it("links to the patient page and shows the OAC status, the AF flag and the device's advisories", async () => {
    stubApi(answer);
    renderAt(sessionAs('provider', { manufacturerAdvisories: true }), '/', routes);
    const link = await screen.findByRole('link', { name: /Henrietta Quill: patient page/ });
    expect(link.getAttribute('href')).toBe(`/patients/${CLINIC.npi}/${PATIENT.id}`);
    const summary = screen.getByTestId('document-patient');
    expect(within(summary).getByText('OAC: Not on OAC')).toBeTruthy();
    expect(within(summary).getByText('AF without OAC')).toBeTruthy();
    expect(await within(summary).findByText('ACCOLADE pacemakers may enter Safety Mode')).toBeTruthy();
  });

  it("shows no advisories while the clinic's flag is off, and asks for none", async () => {
    const calls = stubApi(answer);
    renderAt(sessionAs('provider'), '/', routes);
    await screen.findByRole('link', { name: /patient page/ });
    expect(screen.queryByText('ACCOLADE pacemakers may enter Safety Mode')).toBeNull();
    expect(calls.some((call) => call.url.pathname.endsWith('/advisories'))).toBe(false);
  });

  it('finds the patient by the patient id when the document names no patient record', async () => {
    const calls = stubApi((call) =>
      call.url.pathname === `/api/patients/clinics/${CLINIC.npi}/search`
        ? {
            body: {
              links: { self: '/', next: null, prev: null },
              data: [PATIENT],
              metadata: { totalCount: 1, limit: 5, offset: 0 },
            },
          }
        : undefined,
    );
    const withoutRef = {
      ...document,
      attributes: { ...document.attributes, patientRef: null },
    } as DocumentResource;
    renderAt(sessionAs('provider'), '/', [
      { path: '/', element: <DocumentPatientSummary document={withoutRef} /> },
    ]);
    expect(await screen.findByRole('link', { name: /Henrietta Quill: patient page/ })).toBeTruthy();
    expect(calls[0]?.url.searchParams.get('filter[patientId]')).toBe('P900103');
  });

  it("shows the strip of the patient's flagged device trends, linking to the Trends tab", async () => {
    const withDevice = patientResource({
      deviceInfo: {
        manufacturer: 'BSX',
        model: 'ACCOLADE MRI DR',
        modelNumber: 'L331',
        serialNumber: '731904',
        deviceType: 'PM',
        implantDate: '2020-02-17',
        manufacturerAdvisories: null,
      },
    });
    stubApi((call) =>
      call.url.pathname === `/api/patients/clinics/${CLINIC.npi}/patients/${PATIENT.id}`
        ? { body: withDevice }
        : call.url.pathname === `/api/reports/clinics/${CLINIC.npi}/patients/${PATIENT.id}/longitudinal`
          ? { body: longitudinalAnswer() }
          : undefined,
    );
    renderAt(sessionAs('provider'), '/', routes);
    const summary = await screen.findByTestId('document-patient');
    const strip = await within(summary).findByTestId('trend-strip');
    expect(within(strip).getByTestId(`strip-${RV_THRESHOLD}`).textContent).toContain(
      'Threshold 1.75 V is above 1.5 V',
    );
    expect(within(strip).getByRole('link', { name: 'Open the trends' }).getAttribute('href')).toBe(
      `/patients/${CLINIC.npi}/${PATIENT.id}?tab=trends`,
    );
  });
});
