// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BATTERY_STATUS,
  longitudinalAnswer,
  RV_IMPEDANCE,
  RV_THRESHOLD,
  settingsAnswer,
  TREND_PATIENT_ID,
} from '../../../test-support/longitudinal';
import { type ApiCall, CLINIC, renderAt, sessionAs, stubApi } from '../../../test-support/render-as';
import { TrendsTab } from './trends-tab';

// jsdom has no canvas: uPlot is replaced by a stand-in that records what each chart was given.
const charts = vi.hoisted(() => [] as { title: string; data: unknown[]; axisLabels: unknown[] }[]);
vi.mock('uplot', () => {
  class FakePlot {
    static pxRatio = 1;
    data: unknown[];
    cursor = { idx: null };
    constructor(options: { series: { label?: string }[]; axes?: { label?: string }[] }, data: unknown[]) {
      this.data = data;
      const axisLabels = (options.axes ?? []).map((axis) => axis.label);
      charts.push({ title: options.series[1]?.label ?? '', data, axisLabels });
    }
    valToPos() {
      return 0;
    }
    setCursor() {}
    destroy() {}
  }
  return { default: FakePlot };
});

const LONGITUDINAL = `/api/reports/clinics/${CLINIC.npi}/patients/${TREND_PATIENT_ID}/longitudinal`;
const HV_IMPEDANCE = 'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE';
const settingsPath = (userId: string) =>
  `/api/reports/clinics/${CLINIC.npi}/longitudinal-settings/${encodeURIComponent(userId)}`;

function answer(options: { empty?: boolean } = {}) {
  return (call: ApiCall) => {
    if (call.url.pathname === LONGITUDINAL) {
      const mode = call.url.searchParams.get('comparisonMode') === 'percentage' ? 'percentage' : 'difference';
      return { body: longitudinalAnswer({ mode, empty: options.empty ?? false }) };
    }
    if (call.url.pathname.startsWith(settingsPath(''))) {
      const userId = decodeURIComponent(call.url.pathname.split('/').at(-1) ?? '');
      if (call.method === 'PUT') return { body: settingsAnswer(userId, call.body as object, 'user') };
      if (call.method === 'DELETE') return { body: settingsAnswer(userId) };
      return { body: settingsAnswer(userId, { comparisonMode: 'difference' }, 'user') };
    }
    return undefined;
  };
}

const routes = [{ path: '/', element: <TrendsTab clinicNpi={CLINIC.npi} patientRef={TREND_PATIENT_ID} /> }];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  charts.length = 0;
});

describe("the patient's Trends tab", () => {
  it('draws one chart per measured number and lists a status as text rows', async () => {
    stubApi(answer());
    renderAt(sessionAs('nurse'), '/', routes);
    const threshold = await screen.findByTestId(`trend-${RV_THRESHOLD}`);
    expect(within(threshold).getByRole('heading', { name: 'RV pacing threshold (V)' })).toBeTruthy();
    expect(screen.getByTestId(`trend-${RV_IMPEDANCE}`)).toBeTruthy();
    expect(charts.map((chart) => chart.title).sort()).toEqual(['RV pacing impedance', 'RV pacing threshold']);
    const chartData = charts.find((chart) => chart.title === 'RV pacing threshold')?.data;
    expect(chartData?.[1]).toEqual([0.75, 1, 1.75]);
    // The unit is written level above the chart, never as a label turned on its side ('V' read as '>').
    expect(screen.getByTestId(`chart-unit-${RV_THRESHOLD}`).textContent).toBe('V');
    expect(charts.flatMap((chart) => chart.axisLabels).filter(Boolean)).toEqual([]);
    // The battery status is no chart: its values are rows of text.
    const battery = within(screen.getByTestId(`trend-${BATTERY_STATUS}`)).getByRole('table');
    expect(within(battery).getByText('MOS')).toBeTruthy();
    expect(screen.queryByTestId(`chart-${BATTERY_STATUS}`)).toBeNull();
  });

  it('marks the flagged value in its chart, its summary and its table, which opens by itself', async () => {
    stubApi(answer());
    renderAt(sessionAs('nurse'), '/', routes);
    const card = await screen.findByTestId(`trend-${RV_THRESHOLD}`);
    expect(card.getAttribute('data-flagged')).toBe('true');
    expect(within(card).getByText(/Latest 1\.75 V · ▲ Warning/)).toBeTruthy();
    expect(within(card).getByRole('img').getAttribute('aria-label')).toBe(
      'RV pacing threshold over 3 sessions; latest 1.75 V on 08/11/2026, warning: Threshold 1.75 V is above 1.5 V',
    );
    const table = within(card).getByRole('table', { name: 'RV pacing threshold values' });
    const rows = within(table).getAllByRole('row');
    // Newest first: date, value, vs previous, vs baseline, flags.
    expect(rows[1]?.textContent).toBe(
      ['08/11/2026', '1.75 V', '+0.75 V', '+1.00 V', '▲ Warning: Threshold 1.75 V is above 1.5 V'].join(''),
    );
    expect(rows[1]?.querySelector('[data-flag-level="warning"]')).toBeTruthy();
    expect(rows[3]?.textContent).toContain('(baseline)');
    // An unflagged measurement keeps its table closed until asked.
    const impedance = screen.getByTestId(`trend-${RV_IMPEDANCE}`);
    expect(impedance.getAttribute('data-flagged')).toBe('false');
    expect(within(impedance).queryByRole('table')).toBeNull();
    await userEvent.click(within(impedance).getByRole('button', { name: 'Show values (3)' }));
    expect(within(impedance).getByRole('table')).toBeTruthy();
  });

  it('asks again in the other comparison mode and shows percentages', async () => {
    const calls = stubApi(answer());
    renderAt(sessionAs('nurse'), '/', routes);
    const card = await screen.findByTestId(`trend-${RV_THRESHOLD}`);
    expect(screen.getByRole('button', { name: 'Difference' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Percentage' }));
    await waitFor(() => expect(within(card).getAllByText('+133.3%').length).toBeGreaterThan(0));
    expect(
      calls
        .filter((call) => call.url.pathname === LONGITUDINAL)
        .at(-1)
        ?.url.searchParams.get('comparisonMode'),
    ).toBe('percentage');
    expect(screen.getByRole('button', { name: 'Percentage' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks for the chosen baseline session', async () => {
    const calls = stubApi(answer());
    renderAt(sessionAs('nurse'), '/', routes);
    await screen.findByTestId(`trend-${RV_THRESHOLD}`);
    await userEvent.click(screen.getByRole('combobox', { name: 'Baseline' }));
    await userEvent.click(screen.getByRole('option', { name: /05\/12\/2026/ }));
    await waitFor(() =>
      expect(calls.at(-1)?.url.searchParams.get('baselineSessionId')).toBe(
        '7d1e0000-0000-4000-8000-000000000002',
      ),
    );
  });

  it('shows a device of unknown type (Other) as its own type, with only the measurements it reported', async () => {
    const other = longitudinalAnswer();
    other.data.deviceType = 'Other';
    other.data.deviceTypes = ['PM', 'Other'];
    other.data.sessions = other.data.sessions.map((session) => ({ ...session, deviceType: 'Other' }));
    // Other shows every type's measurements: one it never reported (an HV impedance) is left out.
    other.data.series.push({
      key: HV_IMPEDANCE,
      label: 'HV (shock) impedance',
      unit: 'Ω',
      values: [],
      daily: null,
    });
    // A lead's identity is text: rows, as a status, never a chart.
    const battery = other.data.series.find((series) => series.key === BATTERY_STATUS);
    other.data.series.push({
      key: 'MDC_IDC_LEAD_MODEL.RV',
      label: 'RV lead model',
      unit: null,
      values: (battery?.values ?? []).map((point) => ({ ...point, value: 'CapSureFix 5076' })),
      daily: null,
    });
    const calls = stubApi((call) => (call.url.pathname === LONGITUDINAL ? { body: other } : answer()(call)));
    renderAt(sessionAs('nurse'), '/', routes);
    await screen.findByTestId(`trend-${RV_THRESHOLD}`);
    expect(screen.getByTestId(`trend-${RV_IMPEDANCE}`)).toBeTruthy();
    expect(screen.queryByTestId(`trend-${HV_IMPEDANCE}`)).toBeNull();
    const leadModel = within(screen.getByTestId('trend-MDC_IDC_LEAD_MODEL.RV')).getByRole('table');
    expect(within(leadModel).getAllByText('CapSureFix 5076').length).toBeGreaterThan(0);
    expect(charts.map((chart) => chart.title)).not.toContain('RV lead model');
    const picker = screen.getByRole('group', { name: 'Device type' });
    const otherButton = within(picker).getByRole('button', { name: 'Other (type unknown)' });
    expect(otherButton.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(picker).getByRole('button', { name: 'PM' }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('deviceType')).toBe('PM'));
  });

  it('says so when the patient has no device sessions', async () => {
    stubApi(answer({ empty: true }));
    renderAt(sessionAs('nurse'), '/', routes);
    expect(await screen.findByRole('heading', { name: 'No device sessions yet' })).toBeTruthy();
    expect(charts).toEqual([]);
  });

  it('shows progress while the trends load', async () => {
    stubApi(answer());
    renderAt(sessionAs('nurse'), '/', routes);
    expect(screen.getByRole('progressbar', { name: 'Loading the trends' })).toBeTruthy();
    await screen.findByTestId(`trend-${RV_THRESHOLD}`);
  });

  it("saves the reader's own settings with the measurement moved and a threshold changed, and resets them", async () => {
    const calls = stubApi(answer());
    const session = sessionAs('nurse');
    renderAt(session, '/', routes);
    await screen.findByTestId(`trend-${RV_THRESHOLD}`);
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trend settings (PM)' });
    expect(within(dialog).getByTestId('settings-source').textContent).toBe(
      'In force now: your own settings.',
    );
    // A nurse may not change the clinic's settings.
    expect(within(dialog).queryByRole('button', { name: 'Save for the clinic' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move RV pacing impedance up' }));
    const warning = within(dialog).getByRole('spinbutton', { name: 'Pacing threshold: warning above (V)' });
    await userEvent.clear(warning);
    await userEvent.type(warning, '1.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save for me' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe(settingsPath(session.user.id));
    expect(put?.body).toEqual({
      comparisonMode: 'difference',
      measurements: { PM: [BATTERY_STATUS, RV_IMPEDANCE, RV_THRESHOLD] },
      thresholds: { pacingThresholdWarningAbove: 1.25 },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const again = await screen.findByRole('dialog', { name: 'Trend settings (PM)' });
    await userEvent.click(within(again).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(settingsPath(session.user.id));
  });

  it("lets an administrator save the clinic's settings (user '0')", async () => {
    const calls = stubApi(answer());
    renderAt(sessionAs('clinic-admin'), '/', routes);
    await screen.findByTestId(`trend-${RV_THRESHOLD}`);
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trend settings (PM)' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Percentage' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save for the clinic' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe(settingsPath('0'));
    expect(put?.body).toEqual({ comparisonMode: 'percentage' });
  });
});
