// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BATTERY_STATUS,
  longitudinalAnswer,
  RV_IMPEDANCE,
  RV_THRESHOLD,
  TREND_PATIENT_ID,
} from '../../test-support/longitudinal';
import { CLINIC, renderAt, sessionAs, stubApi } from '../../test-support/render-as';
import { TrendStrip } from './trend-strip';

const LONGITUDINAL = `/api/reports/clinics/${CLINIC.npi}/patients/${TREND_PATIENT_ID}/longitudinal`;
const routes = [
  {
    path: '/',
    element: (
      <>
        <p>Document</p>
        <TrendStrip clinicNpi={CLINIC.npi} patientRef={TREND_PATIENT_ID} deviceType="PM" />
      </>
    ),
  },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the inbox's trend strip beside a document", () => {
  it('shows only the flagged measurements: the latest value, a sparkline and the flag, linking to the Trends tab', async () => {
    stubApi((call) => (call.url.pathname === LONGITUDINAL ? { body: longitudinalAnswer() } : undefined));
    renderAt(sessionAs('provider'), '/', routes);
    const strip = await screen.findByTestId('trend-strip');
    const item = within(strip).getByTestId(`strip-${RV_THRESHOLD}`);
    expect(within(item).getByText('RV pacing threshold: 1.75 V')).toBeTruthy();
    expect(within(item).getByText(/Warning: Threshold 1\.75 V is above 1\.5 V/)).toBeTruthy();
    expect(
      within(item).getByTestId('sparkline').querySelector('polyline')?.getAttribute('points')?.split(' '),
    ).toHaveLength(3);
    expect(within(strip).queryByTestId(`strip-${RV_IMPEDANCE}`)).toBeNull();
    expect(within(strip).queryByTestId(`strip-${BATTERY_STATUS}`)).toBeNull();
    expect(within(strip).getByRole('link', { name: 'Open the trends' }).getAttribute('href')).toBe(
      `/patients/${CLINIC.npi}/${TREND_PATIENT_ID}?tab=trends`,
    );
  });

  it('asks nothing about a patient whose device has no sessions (ABPM)', async () => {
    const calls = stubApi(() => undefined);
    renderAt(sessionAs('provider'), '/', [
      {
        path: '/',
        element: <TrendStrip clinicNpi={CLINIC.npi} patientRef={TREND_PATIENT_ID} deviceType="ABPM" />,
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('trend-strip')).toBeNull();
  });

  it('shows nothing when nothing is flagged, nor when the patient has no device sessions', async () => {
    for (const body of [
      longitudinalAnswer({ rvThresholds: [0.75, 0.8, 0.9] }),
      longitudinalAnswer({ empty: true }),
    ]) {
      const calls = stubApi((call) => (call.url.pathname === LONGITUDINAL ? { body } : undefined));
      renderAt(sessionAs('provider'), '/', routes);
      await screen.findByText('Document');
      await vi.waitFor(() => expect(calls.length).toBe(1));
      // Let the answer render.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByTestId('trend-strip')).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
