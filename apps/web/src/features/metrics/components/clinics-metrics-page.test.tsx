// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clinicSummariesAnswer, OTHER_CLINIC } from '../../../test-support/metrics';
import { CLINIC, renderAt, sessionAs, stubApi } from '../../../test-support/render-as';
import { ClinicsMetricsPage } from './clinics-metrics-page';

const routes = [{ path: '/metrics/clinics', element: <ClinicsMetricsPage /> }];

const clinicNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1, -1)
    .map((row) => within(row).getAllByRole('rowheader')[0]?.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the table of clinics (provider-company roles)', () => {
  it('lists every clinic, the largest backlog first, with totals, each linking to its metrics', async () => {
    stubApi((call) =>
      call.url.pathname === '/api/reports/metrics/clinics' ? { body: clinicSummariesAnswer() } : undefined,
    );
    renderAt(sessionAs('irh-admin', {}, '*'), '/metrics/clinics', routes);
    const table = await screen.findByRole('table', { name: 'Clinics' });
    await waitFor(() => expect(clinicNames(table)).toHaveLength(3));
    expect(clinicNames(table)).toEqual([CLINIC.name, OTHER_CLINIC.name, 'Cedar Valley Cardiology']);
    const birch = within(table).getByRole('link', { name: OTHER_CLINIC.name });
    expect(birch.getAttribute('href')).toBe(`/metrics?clinicNpi=${OTHER_CLINIC.npi}`);
    expect(birch.closest('tr')?.textContent).toBe(`${OTHER_CLINIC.name}120915`);
    expect(within(table).getAllByRole('row').at(-1)?.textContent).toBe('All 3 clinics4931375');
    expect(
      within(table)
        .getByRole('columnheader', { name: /Unsigned \(backlog\)/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it('sorts by overdue from its header, largest first, and keeps the order in the address', async () => {
    stubApi(() => ({ body: clinicSummariesAnswer() }));
    const { router } = renderAt(sessionAs('irh-reporting', {}, '*'), '/metrics/clinics', routes);
    const table = await screen.findByRole('table', { name: 'Clinics' });
    await waitFor(() => expect(clinicNames(table)).toHaveLength(3));
    await userEvent.click(within(table).getByRole('button', { name: 'Overdue' }));
    expect(router.state.location.search).toBe('?sort=-overdue');
    expect(clinicNames(table)).toEqual([OTHER_CLINIC.name, CLINIC.name, 'Cedar Valley Cardiology']);
    await userEvent.click(within(table).getByRole('button', { name: /Overdue/ }));
    expect(router.state.location.search).toBe('?sort=overdue');
    expect(clinicNames(table)[0]).toBe('Cedar Valley Cardiology');
  });

  it('is not for clinic users, who read only their own clinics', async () => {
    const calls = stubApi(() => ({ body: clinicSummariesAnswer() }));
    renderAt(sessionAs('provider'), '/metrics/clinics', routes);
    expect(await screen.findByText(/for provider-company staff/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.length).toBeLessThanOrEqual(1);
  });
});
