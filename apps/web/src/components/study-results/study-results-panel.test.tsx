// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ABPM_RESULTS, SLEEP_RESULTS, WCD_RESULTS } from '../../test-support/studies';
import { StudyResultsPanel } from './study-results-panel';

afterEach(cleanup);

/** A metric's value by its label (a description list's dt → dd). */
function metric(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('the study results panel', () => {
  it('puts a sleep study’s AHI first with its severity, then the other measures', () => {
    render(<StudyResultsPanel results={SLEEP_RESULTS} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Sleep study results' })).toBeTruthy();
    const ahi = screen.getByTestId('sleep-ahi');
    expect(ahi.textContent).toContain('18.2');
    expect(within(ahi).getByText('Moderate sleep apnea')).toBeTruthy();
    expect(metric('pAHI')).toBe('16.9 /h');
    expect(metric('REM AHI')).toBe('Not scored');
    expect(metric('NREM AHI')).toBe('15.1 /h');
    expect(metric('ODI')).toBe('12.4 /h');
    expect(metric('SpO₂ nadir')).toBe('84%');
    expect(metric('Total sleep time')).toBe('6:52');
  });

  it('calls an AHI under 5 normal and one of 30 severe', () => {
    const { rerender } = render(<StudyResultsPanel results={{ ...SLEEP_RESULTS, ahi: 4.9 }} />);
    expect(screen.getByText('Normal')).toBeTruthy();
    rerender(<StudyResultsPanel results={{ ...SLEEP_RESULTS, ahi: 30 }} />);
    expect(screen.getByText('Severe sleep apnea')).toBeTruthy();
  });

  it('marks the ABPM means at or over their limits in words, with the readings over and the dipping', () => {
    render(<StudyResultsPanel results={ABPM_RESULTS} headingComponent="h4" />);
    expect(screen.getByRole('heading', { level: 4, name: 'Ambulatory BP results' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Mean blood pressure by period' });
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    const day = row('Day');
    expect(day.textContent).toContain('142/84');
    expect(within(day).getByText('High')).toBeTruthy();
    expect(day.textContent).toContain('135/85');
    expect(day.textContent).toContain('22 of 40');
    const night = row('Night');
    expect(night.textContent).toContain('118/69');
    expect(within(night).queryByText('High')).toBeNull();
    // 24 h: 136/80 against 130/80, the diastolic at the limit counts too.
    expect(within(row('24 h')).getByText('High')).toBeTruthy();
    expect(screen.getByTestId('abpm-dipping').textContent).toBe('Dipping: 16.9% · Dipper');
  });

  it('says when an ABPM period has no readings and there is no dipping', () => {
    render(
      <StudyResultsPanel
        results={{
          ...ABPM_RESULTS,
          periods: {
            ...ABPM_RESULTS.periods,
            night: { mean: null, readingCount: 0, aboveThresholdCount: 0 },
          },
          dipping: null,
        }}
      />,
    );
    expect(screen.getByText('No readings')).toBeTruthy();
    expect(screen.getByTestId('abpm-dipping').textContent).toContain('not enough day and night readings');
  });

  it("shows a wearable study's heart rate, burdens, pauses and patient-triggered events", () => {
    render(<StudyResultsPanel results={WCD_RESULTS} />);
    expect(screen.getByRole('heading', { name: 'Wearable cardiac study results' })).toBeTruthy();
    expect(metric('Heart rate min / mean / max')).toBe('48 / 72 / 131 bpm');
    expect(metric('Analysable time')).toBe('322.5 h');
    expect(metric('PVC burden')).toBe('4.3%');
    expect(metric('PAC burden')).toBe('0.8%');
    expect(metric('AF burden')).toBe('1.2%');
    expect(metric('Pauses')).toBe('3 · longest 2.8 s');
    expect(metric('Patient-triggered events')).toBe('5');
  });

  it('says a wearable study without pauses had none', () => {
    render(<StudyResultsPanel results={{ ...WCD_RESULTS, pauses: { count: 0, longestSeconds: null } }} />);
    expect(metric('Pauses')).toBe('None');
  });
});
