// @vitest-environment jsdom
import type { StudyResource } from '@portal/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, CLINIC, renderAt, sessionAs, stubApi } from '../../../test-support/render-as';
import { PATIENT_REF, studyResource } from '../../../test-support/studies';
import { StudiesPage } from './studies-page';

const LIST_PATH = `/api/patients/clinics/${CLINIC.npi}/wcd-studies`;
const TOTAL = 60;

function pageOf(call: ApiCall, rows: (index: number) => StudyResource) {
  const page = Number(call.url.searchParams.get('page') ?? 1);
  const size = Number(call.url.searchParams.get('size') ?? 25);
  const start = (page - 1) * size;
  const count = Math.max(0, Math.min(size, TOTAL - start));
  return {
    links: { self: call.url.pathname, next: null, prev: null },
    data: Array.from({ length: count }, (_, index) => rows(start + index)),
    metadata: { totalCount: TOTAL, page, rows: size },
  };
}

const wcdStudy = (index: number) =>
  studyResource('wcd', {
    patientName: `Patient ${index + 1}`,
    patientMrn: `MRN-${index + 1}`,
    studyType: index % 2 === 0 ? 'Holter' : 'MCT',
    vendorReference: index === 0 ? 'IB-4471' : null,
    push:
      index === 0
        ? { state: 'failed', error: 'InfoBionic refused the order: the patient has no address.', at: null }
        : { state: 'not-sent', error: null, at: null },
  });

function answerList(call: ApiCall) {
  if (call.method === 'GET' && call.url.pathname === LIST_PATH) return { body: pageOf(call, wcdStudy) };
  return undefined;
}

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.url.pathname === LIST_PATH);
const lastQuery = (calls: ApiCall[]) => Object.fromEntries(listCalls(calls).at(-1)?.url.searchParams ?? []);

const routes = [{ path: '/studies/wcd', element: <StudiesPage suite="wcd" /> }];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a clinic's studies of one suite", () => {
  it('asks for the first 25 of every status, and shows each study in its columns', async () => {
    const calls = stubApi(answerList);
    renderAt(sessionAs('nurse'), '/studies/wcd', routes);
    const table = await screen.findByRole('table', { name: 'Wearable cardiac studies' });
    await within(table).findByText('Patient 1');
    expect(lastQuery(calls)).toEqual({ page: '1', size: '25' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Patient',
      'MRN',
      'Type',
      'Status',
      'Ordering physician',
      'Vendor reference',
      'Order sent',
      'Created',
      'Updated',
    ]);
    const first = within(table).getByRole('link', { name: 'Patient 1' });
    expect(first.getAttribute('href')).toBe(`/patients/${CLINIC.npi}/${PATIENT_REF}?tab=studies`);
    const row = first.closest('tr') as HTMLElement;
    expect(within(row).getByText('MRN-1')).toBeTruthy();
    expect(within(row).getByText('Holter')).toBeTruthy();
    expect(within(row).getByText('New')).toBeTruthy();
    expect(within(row).getByText('IB-4471')).toBeTruthy();
    expect(within(row).getByText('Sending to InfoBionic failed')).toBeTruthy();
    expect(within(row).getByText('InfoBionic refused the order: the patient has no address.')).toBeTruthy();
    // The list is not searched on the server: no search field to mislead.
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('filters by any number of statuses, keeps the choice in the address, and goes back to page 1', async () => {
    const calls = stubApi(answerList);
    const { router } = renderAt(sessionAs('nurse'), '/studies/wcd', routes);
    const user = userEvent.setup();
    await screen.findByText('Patient 1');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '2', size: '25' }));
    await screen.findByText('Patient 26');

    const filter = screen.getByRole('group', { name: 'Filter by status' });
    expect(within(filter).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(filter).getByRole('button', { name: 'Ready for review' }));
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({ status: 'ready-for-review', page: '1', size: '25' }),
    );
    // No page of the new filter was asked for past its first.
    expect(
      listCalls(calls).some(
        (call) => call.url.searchParams.get('status') && call.url.searchParams.get('page') !== '1',
      ),
    ).toBe(false);

    await user.click(within(filter).getByRole('button', { name: 'In progress' }));
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({ status: 'in-progress,ready-for-review', page: '1', size: '25' }),
    );
    expect(within(filter).getByRole('button', { name: 'In progress' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(filter).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
    expect(router.state.location.search).toBe('?status=in-progress%2Cready-for-review');

    await user.click(within(filter).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', size: '25' }));
    expect(router.state.location.search).toBe('');
  });

  it('opens on the statuses a link names, and changes the page size', async () => {
    const calls = stubApi(answerList);
    renderAt(sessionAs('nurse'), '/studies/wcd?status=new,bogus,cancelled', routes);
    const user = userEvent.setup();
    await screen.findByText('Patient 1');
    expect(lastQuery(calls)).toEqual({ status: 'new,cancelled', page: '1', size: '25' });
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ status: 'new,cancelled', page: '1', size: '50' }));
  });

  it('says when no study has the statuses chosen', async () => {
    stubApi((call) =>
      call.url.pathname === LIST_PATH
        ? {
            body: {
              links: { self: LIST_PATH, next: null, prev: null },
              data: [],
              metadata: { totalCount: 0, page: 1, rows: 25 },
            },
          }
        : undefined,
    );
    renderAt(sessionAs('nurse'), '/studies/wcd?status=reviewed', routes);
    expect(await screen.findByText('No wearable cardiac studies with the statuses chosen.')).toBeTruthy();
  });

  it('shows the server’s refusal with a way to try again', async () => {
    stubApi((call) =>
      call.url.pathname === LIST_PATH
        ? {
            status: 503,
            body: { statusCode: 503, error: 'Service Unavailable', message: 'The database is busy' },
          }
        : undefined,
    );
    renderAt(sessionAs('nurse'), '/studies/wcd', routes);
    expect(await screen.findByText('The database is busy')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
