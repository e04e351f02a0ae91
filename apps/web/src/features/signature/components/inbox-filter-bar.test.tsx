// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type InboxFilters, parseInboxFilters } from '../inbox-filters';
import { InboxFilterBar } from './inbox-filter-bar';

afterEach(() => {
  cleanup();
});

const CLINIC_NPI = '1234567890';

function filtersOf(query = ''): InboxFilters {
  return parseInboxFilters(new URLSearchParams(query), CLINIC_NPI);
}

function renderBar({
  filters = filtersOf(),
  narrow = false,
  dialogOpen = false,
  changedCount = 0,
}: {
  filters?: InboxFilters;
  narrow?: boolean;
  dialogOpen?: boolean;
  changedCount?: number;
} = {}) {
  const onChange = vi.fn();
  const onShowShortcuts = vi.fn();
  const onDialogOpenChange = vi.fn();
  render(
    <InboxFilterBar
      filters={filters}
      currentClinicNpi={CLINIC_NPI}
      currentClinicName="Heart Clinic"
      onChange={onChange}
      narrow={narrow}
      changedCount={changedCount}
      onShowShortcuts={onShowShortcuts}
      dialogOpen={dialogOpen}
      onDialogOpenChange={onDialogOpenChange}
    />,
  );
  return { onChange, onShowShortcuts, onDialogOpenChange };
}

describe('the inbox filter bar', () => {
  it('shows the view as pressed toggle buttons; another view changes the filter, the same one does not', async () => {
    const { onChange } = renderBar();
    const filter = screen.getByRole('search', { name: 'Document filter' });
    const status = within(filter).getByRole('group', { name: 'Status' });
    expect(within(status).getByRole('button', { name: 'To do' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(status).getByRole('button', { name: 'Done' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(within(status).getByRole('button', { name: 'To do' }));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(within(status).getByRole('button', { name: 'Done' }));
    expect(onChange).toHaveBeenCalledWith({ status: 'done' });
  });

  it('each select shows its value alone and changes the filter from its options', async () => {
    const { onChange } = renderBar({ filters: filtersOf('clinicNpi=any') });
    expect(screen.getByRole('combobox', { name: 'Service line' }).textContent).toBe('Any');
    expect(screen.getByRole('combobox', { name: 'Assigned to' }).textContent).toBe('Anyone');
    expect(screen.getByRole('combobox', { name: 'Clinic' }).textContent).toBe('All my clinics');
    const hidden = screen.getByRole('combobox', { name: 'Hidden documents' });
    expect(hidden.textContent).toBe('Not shown');
    await userEvent.click(hidden);
    await userEvent.click(screen.getByRole('option', { name: 'Only hidden' }));
    expect(onChange).toHaveBeenCalledWith({ hidden: 'only' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Clinic' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Heart Clinic',
      'All my clinics',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Heart Clinic' }));
    expect(onChange).toHaveBeenCalledWith({ clinicNpi: CLINIC_NPI });
  });

  it('searches once the typing pauses, or at once on Enter', async () => {
    const { onChange } = renderBar();
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(search.id).toBe('inbox-search');
    expect(search.getAttribute('maxlength')).toBe('100');
    await userEvent.type(search, ' Smith ');
    expect(onChange).not.toHaveBeenCalledWith({ search: 'Smith' });
    // The pause is 500 ms (waitFor's limit is generous: test-support/generous-async-waits.ts).
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ search: 'Smith' }));
    onChange.mockClear();
    await userEvent.clear(search);
    await userEvent.type(search, 'Jones{Enter}');
    expect(onChange).toHaveBeenCalledWith({ search: 'Jones' });
  });

  it('groups by patient in the to-do view, opens the shortcuts, and clears a one-off alert filter', async () => {
    const { onChange, onShowShortcuts } = renderBar({ filters: filtersOf('alert=high') });
    const group = screen.getByRole('button', { name: 'Group by patient' });
    expect(group.getAttribute('aria-pressed')).toBe('false');
    expect(group.textContent).toBe('Group');
    await userEvent.click(group);
    expect(onChange).toHaveBeenCalledWith({ groupByPatient: true });
    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(onShowShortcuts).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'High alerts only: show every alert level' }));
    expect(onChange).toHaveBeenCalledWith({ alert: 'any' });
  });

  it('has no grouping outside the to-do view', () => {
    renderBar({ filters: filtersOf('status=done') });
    expect(screen.queryByRole('button', { name: 'Group by patient' })).toBeNull();
  });

  it('folds into one button on a narrow screen, whose dialog holds every field', async () => {
    const { onDialogOpenChange } = renderBar({
      filters: filtersOf('assignedTo=me'),
      narrow: true,
      changedCount: 2,
    });
    expect(screen.queryByRole('combobox', { name: 'Service line' })).toBeNull();
    const button = screen.getByRole('button', { name: /^Filters: / });
    expect(button.textContent).toContain('Filters: To do · Assigned to me');
    expect(button.textContent).toContain(', 2 filters changed');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(button);
    expect(onDialogOpenChange).toHaveBeenCalledWith(true);
  });

  it('the narrow screen’s dialog shows the fields and closes with Show documents', async () => {
    const { onChange, onDialogOpenChange } = renderBar({ narrow: true, dialogOpen: true });
    const dialog = await screen.findByRole('dialog', { name: 'Filter documents' });
    expect(within(dialog).getByRole('combobox', { name: 'Service line' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Search' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Group by patient' }));
    expect(onChange).toHaveBeenCalledWith({ groupByPatient: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show documents' }));
    expect(onDialogOpenChange).toHaveBeenCalledWith(false);
  });
});
