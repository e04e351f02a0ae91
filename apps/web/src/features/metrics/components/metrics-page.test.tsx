// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clinicActivityAnswer,
  OTHER_CLINIC,
  overdueTransmissionsAnswer,
} from '../../../test-support/metrics';
import { type ApiCall, CLINIC, renderAt, sessionAs, stubApi } from '../../../test-support/render-as';
import { MetricsPage } from './metrics-page';

// jsdom has no canvas: uPlot is replaced by a stand-in that records what each chart was given.
const charts = vi.hoisted(() => [] as { series: (string | undefined)[]; data: unknown[] }[]);
vi.mock('uplot', () => {
  class FakePlot {
    static pxRatio = 1;
    static paths = { bars: () => () => null };
    static tzDate = (date: Date) => date;
    data: unknown[];
    width = 600;
    cursor = { idx: null };
    constructor(options: { series: { label?: string }[] }, data: unknown[]) {
      this.data = data;
      charts.push({ series: options.series.map((series) => series.label), data });
    }
    valToPos() {
      return 0;
    }
    setSize() {}
    setCursor() {}
    destroy() {}
  }
  return { default: FakePlot };
});

const activityPath = (npi: string) => `/api/reports/metrics/clinic-activity/${npi}`;
const OVERDUE = `/api/patients/clinics/${CLINIC.npi}/overdue-transmissions`;

function answer(call: ApiCall) {
  if (call.url.pathname === activityPath(CLINIC.npi)) {
    const interval = call.url.searchParams.get('interval') as 'day' | 'week' | 'month';
    return { body: clinicActivityAnswer({ interval }) };
  }
  if (call.url.pathname === activityPath(OTHER_CLINIC.npi))
    return { body: clinicActivityAnswer({}, OTHER_CLINIC) };
  if (call.url.pathname === OVERDUE) return { body: overdueTransmissionsAnswer() };
  return undefined;
}

const routes = [{ path: '/metrics', element: <MetricsPage /> }];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  charts.length = 0;
});

describe('the metrics screen', () => {
  it("draws the current clinic's activity, time to sign and backlog, with figures and deadlines met", async () => {
    const calls = stubApi(answer);
    renderAt(sessionAs('nurse'), '/metrics?from=2026-05-04&to=2026-05-24&interval=week', routes);
    const figures = await screen.findByTestId('metrics-key-figures');
    expect(figures.textContent).toContain('Received90');
    expect(figures.textContent).toContain('Unsigned now37');
    // The share counts overdue unsigned documents as missed, and says how many beside it.
    expect(figures.textContent).toContain('Deadlines met91.4 %3 overdue, unsigned');
    expect(calls.find((call) => call.url.pathname === activityPath(CLINIC.npi))?.url.search).toBe(
      '?from=2026-05-04&to=2026-05-24&interval=week',
    );

    // Three charts, each given its numbers, each an image with a sentence for a screen reader.
    expect(charts.map((chart) => chart.series.slice(1))).toEqual([
      ['Received', 'Signed', 'Acknowledged', 'Trashed'],
      ['Median', '90th percentile'],
      ['Unsigned documents'],
    ]);
    expect(charts[1]?.data).toEqual([
      [0, 1, 2, 3],
      [2.5, 20, null, 50],
      [11, 60, null, 200],
    ]);
    expect(charts[2]?.data).toEqual([
      [0, 1, 2, 3],
      [12, 15, 7, 3],
    ]);
    expect(
      screen.getByRole('img', { name: /^Week by week from 05\/04\/2026 to 05\/24\/2026: 90 received/ }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: /^Time from arrival to signature by alert level\. High alert: median 2\.5 h/,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: /^37 unsigned documents by days waiting/ })).toBeTruthy();
    const deadlines = screen.getByRole('region', { name: 'Review deadlines met' });
    expect(deadlines.textContent).toContain(
      '74 of 81 on time; 4 reviewed late; 3 overdue and still unsigned.',
    );
  });

  it('shows each chart as a table on request', async () => {
    stubApi(answer);
    renderAt(sessionAs('nurse'), '/metrics?from=2026-05-04&to=2026-05-24', routes);
    const timeToSign = await screen.findByRole('region', { name: 'Time to sign' });
    const toggle = within(timeToSign).getByRole('button', { name: 'Show as table' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(timeToSign).getByRole('table', { name: 'Time to sign' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Alert levelReviewedMedian90th percentile',
      'High alert62.5 h11 h',
      'Medium alert1020 h2.5 d',
      'Low alert0——',
      'Routine652.1 d8.3 d',
    ]);
  });

  it('reads an interval of the activity chart out from the keyboard', async () => {
    stubApi(answer);
    renderAt(sessionAs('nurse'), '/metrics?from=2026-05-04&to=2026-05-24', routes);
    const chart = await screen.findByRole('img', { name: /^Week by week/ });
    expect(chart.tabIndex).toBe(0);
    chart.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(
      screen.getByText('Week of 05/11/2026: 26 received, 28 signed, 2 acknowledged, 0 trashed'),
    ).toBeTruthy();
    await userEvent.keyboard('{Home}');
    expect(screen.getByText(/^Week of 05\/04\/2026: 30 received/)).toBeTruthy();
    // The bar charts have no read-out: their numbers are written on the bars and in their tables.
    expect(screen.getByRole('img', { name: /^Time from arrival/ }).tabIndex).toBe(-1);
  });

  it('keeps the interval in the address and asks again', async () => {
    const calls = stubApi(answer);
    const { router } = renderAt(sessionAs('nurse'), '/metrics?from=2026-05-04&to=2026-05-24', routes);
    await screen.findByTestId('metrics-key-figures');
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(router.state.location.search).toContain('interval=month'));
    expect(router.state.location.search).toBe('?from=2026-05-04&to=2026-05-24&interval=month');
    await waitFor(() =>
      expect(calls.some((call) => call.url.searchParams.get('interval') === 'month')).toBe(true),
    );
    expect(screen.getByRole('group', { name: 'Interval' })).toBeTruthy();
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-05-04');
  });

  it("lists the patients overdue for a transmission, most overdue first, each linking to the patient's page", async () => {
    stubApi(answer);
    renderAt(sessionAs('nurse'), '/metrics', routes);
    const section = await screen.findByRole('region', { name: 'Patients overdue for a transmission' });
    await within(section).findByRole('link', { name: 'Quill, Henrietta' });
    const rows = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Quill, HenriettaP900103ICD01/10/202644every 91 days',
      'Marsh, OttoP900221ILRNone received12every 31 days',
    ]);
    expect(within(section).getByRole('link', { name: 'Quill, Henrietta' }).getAttribute('href')).toBe(
      `/patients/${CLINIC.npi}/5b0c3f0e-9d6a-4a44-8d0e-1f2a3b4c5d6e`,
    );
    expect(section.textContent).toContain('2 of 48 monitored patients');
  });

  it("a provider-company user opens another clinic's metrics from the address, and may switch to all clinics", async () => {
    stubApi(answer);
    renderAt(sessionAs('irh-reporting', {}, '*'), `/metrics?clinicNpi=${OTHER_CLINIC.npi}`, routes);
    await waitFor(() => expect(screen.getByTestId('metrics-clinic').textContent).toBe(OTHER_CLINIC.name));
    expect(screen.getByRole('link', { name: `Back to ${CLINIC.name}` }).getAttribute('href')).toBe(
      '/metrics',
    );
    const views = screen.getByRole('navigation', { name: 'Metrics views' });
    expect(within(views).getByRole('link', { name: 'One clinic' }).getAttribute('aria-current')).toBe('page');
    expect(within(views).getByRole('link', { name: 'All clinics' }).getAttribute('href')).toBe(
      '/metrics/clinics',
    );
  });

  it('a clinic user has no view of all clinics', async () => {
    stubApi(answer);
    renderAt(sessionAs('provider'), '/metrics', routes);
    await screen.findByTestId('metrics-key-figures');
    expect(screen.queryByRole('navigation', { name: 'Metrics views' })).toBeNull();
  });
});
