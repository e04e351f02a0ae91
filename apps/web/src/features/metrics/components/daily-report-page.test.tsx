// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dailyReportAnswer, OTHER_CLINIC } from '../../../test-support/metrics';
import { CLINIC, renderAt, sessionAs, stubApi } from '../../../test-support/render-as';
import { DailyReportPage, sumDailyReport } from './daily-report-page';

const REPORT = '/api/reports/admin/daily-report';
const routes = [{ path: '/daily-report', element: <DailyReportPage /> }];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the daily report', () => {
  it("lists the day's clinics with the report's columns and their totals", async () => {
    const calls = stubApi((call) =>
      call.url.pathname === REPORT
        ? { body: dailyReportAnswer(call.url.searchParams.get('date') ?? '') }
        : undefined,
    );
    renderAt(sessionAs('irh-finance', {}, '*'), '/daily-report?date=2026-05-31', routes);
    const table = await screen.findByRole('table', { name: 'Daily report, 05/31/2026' });
    await within(table).findByText(CLINIC.name);
    expect(calls[0]?.url.search).toBe('?date=2026-05-31');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ClinicNPIReceivedSignedAcknowledgedOverdue at day endEscalationsPatients overdue at day end',
      `${CLINIC.name}${CLINIC.npi}14112432`,
      `${OTHER_CLINIC.name}${OTHER_CLINIC.npi}670—0—`,
      'Total, 2 clinics20182432',
    ]);
    expect(screen.getByText(/not recorded for that day/)).toBeTruthy();
    expect(screen.getByLabelText('Day (UTC)')).toHaveProperty('value', '2026-05-31');
  });

  it('downloads the CSV of the day, asked for with Accept: text/csv', async () => {
    const requests: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://portal');
        requests.push(new Request(url, init));
        const accept = new Headers(init?.headers).get('Accept');
        if (accept === 'text/csv')
          return new Response('date,clinicNpi\n2026-05-31,1209945553\n', {
            headers: { 'Content-Type': 'text/csv' },
          });
        return new Response(JSON.stringify(dailyReportAnswer()), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt(sessionAs('irh-admin', {}, '*'), '/daily-report?date=2026-05-31', routes);
    await screen.findByText(CLINIC.name);
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csvRequest = requests.find((request) => request.headers.get('Accept') === 'text/csv');
    expect(csvRequest?.url).toBe('http://portal/api/reports/admin/daily-report?date=2026-05-31');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('daily-report-2026-05-31.csv');
  });

  it('sums a column, leaving out the days without a figure', () => {
    const totals = sumDailyReport(dailyReportAnswer().data);
    expect(totals).toEqual({
      received: 20,
      signed: 18,
      acknowledged: 2,
      overdue: 4,
      escalations: 3,
      overduePatients: 2,
    });
    const [, other] = dailyReportAnswer().data;
    expect(other && sumDailyReport([{ ...other, overdue: null }]).overdue).toBeNull();
  });
});
