// @vitest-environment jsdom
import { groupDeviceCheckFields } from '@portal/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MeasurementFields } from './measurement-fields';

afterEach(() => {
  cleanup();
});

// Issue 28 §3: the device check shows each lead's sensing mean/min/max and its lead channel status, and
// CRT % paced beside LV % paced.
describe('the device check’s measurement fields', () => {
  it('offers a lead channel status its own values, and a battery status its own', async () => {
    const onChange = vi.fn();
    render(
      <MeasurementFields
        groups={groupDeviceCheckFields('biValve', 'PM')}
        values={{}}
        errors={{}}
        onChange={onChange}
      />,
    );
    const lv = screen.getByRole('group', { name: 'LV lead' });
    expect(within(lv).getByLabelText('LV sensing (mean)')).toBeTruthy();
    expect(within(lv).getByLabelText('LV sensing (min)')).toBeTruthy();
    expect(within(lv).getByLabelText('LV sensing (max)')).toBeTruthy();
    const pacing = screen.getByRole('group', { name: 'Pacing' });
    const labels = within(pacing)
      .getAllByRole('textbox')
      .map((input) => input.getAttribute('data-measurement'));
    expect(labels.slice(labels.indexOf('MDC_IDC_STAT_CRT_LV_PERCENT_PACED'))).toEqual([
      'MDC_IDC_STAT_CRT_LV_PERCENT_PACED',
      'MDC_IDC_STAT_CRT_PERCENT_PACED',
    ]);

    await userEvent.click(within(lv).getByRole('combobox', { name: 'LV lead status' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Not recorded', 'OK', 'Check lead']);
    await userEvent.click(screen.getByRole('option', { name: 'Check lead' }));
    expect(onChange).toHaveBeenCalledWith('MDC_IDC_MSMT_LEADCHNL_LV_LEAD_CHANNEL_STATUS', 'CheckLead');

    await userEvent.click(screen.getByRole('combobox', { name: 'Battery status' }));
    expect(screen.getByRole('option', { name: 'ERI — elective replacement' })).toBeTruthy();
  });
});
