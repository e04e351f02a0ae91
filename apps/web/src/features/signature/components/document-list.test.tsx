// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentAttributes, DocumentResource } from '../document-resource';
import type { InboxSort } from '../inbox-filters';
import type { InboxListEntry } from '../selection';
import { DocumentList } from './document-list';

beforeAll(() => {
  // jsdom lays nothing out: the list keeps the open row in view with scrollIntoView.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
});

const NOW = new Date('2026-10-10T12:00:00.000Z');

function doc(id: string, attributes: Partial<DocumentAttributes> = {}): DocumentResource {
  return {
    id,
    attributes: {
      status: 'unsigned',
      alert: null,
      type: 'rpm-report',
      patientFirstName: 'Ada',
      patientLastName: `Patient${id}`,
      dos: '2026-10-01T10:00:00.000Z',
      createdAt: '2026-10-07T10:00:00.000Z',
      assignedTo: null,
      locked: false,
      isPinned: false,
      patientIsAfWithoutOac: false,
      ...attributes,
    } as DocumentAttributes,
  };
}

function renderList({
  documents = [doc('a'), doc('b', { alert: 'high', isPinned: true }), doc('c', { locked: true })],
  selectedId = 'b',
  checked,
  sort = '',
}: {
  documents?: DocumentResource[];
  selectedId?: string;
  checked?: ReadonlySet<string>;
  sort?: InboxSort;
} = {}) {
  const props = {
    onSelect: vi.fn(),
    onOpen: vi.fn(),
    onToggleCheck: vi.fn(),
    onSort: vi.fn(),
    onLoadMore: vi.fn(),
    toggleAll: vi.fn(),
  };
  const entries: InboxListEntry[] = documents.map((document) => ({ kind: 'document', document }));
  render(
    <DocumentList
      entries={entries}
      selectedId={selectedId}
      onSelect={props.onSelect}
      onOpen={props.onOpen}
      checked={checked}
      isCheckable={(document) => document.attributes.alert !== 'high'}
      onToggleCheck={props.onToggleCheck}
      checkAll={checked ? { checked: false, disabled: false, onToggle: props.toggleAll } : undefined}
      showStatus={false}
      showAssignee
      nameOf={(id) => id}
      sort={sort}
      onSort={props.onSort}
      now={NOW}
      hasNextPage={false}
      isFetchingNextPage={false}
      onLoadMore={props.onLoadMore}
    />,
  );
  return props;
}

function rowOf(id: string): HTMLElement {
  const item = document.querySelector<HTMLElement>(`[data-document-id="${id}"]`);
  if (!item) throw new Error(`no row ${id}`);
  return within(item).getByRole('button');
}

describe('the document list', () => {
  it('is one tab stop on the open document; Enter opens a row, a click selects it, Home and End move', async () => {
    const props = renderList();
    const list = screen.getByRole('list', { name: 'Documents' });
    expect(list.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(rowOf('b').getAttribute('tabindex')).toBe('0');
    expect(rowOf('b').getAttribute('aria-current')).toBe('true');
    expect(rowOf('a').getAttribute('aria-current')).toBeNull();

    await userEvent.click(rowOf('a'));
    expect(props.onSelect).toHaveBeenCalledWith('a');
    rowOf('b').focus();
    await userEvent.keyboard('{Enter}');
    expect(props.onOpen).toHaveBeenCalledWith('b');
    await userEvent.keyboard('{End}');
    expect(props.onSelect).toHaveBeenLastCalledWith('c');
    await userEvent.keyboard('{Home}');
    expect(props.onSelect).toHaveBeenLastCalledWith('a');
  });

  it("leaves Ctrl+Enter and Ctrl+Shift+Enter on a row to the page's shortcuts: they do not open it", () => {
    const props = renderList();
    const pageKeys = vi.fn();
    document.addEventListener('keydown', pageKeys);
    try {
      for (const modifiers of [{ ctrlKey: true }, { metaKey: true }, { ctrlKey: true, shiftKey: true }]) {
        fireEvent.keyDown(rowOf('b'), { key: 'Enter', ...modifiers });
      }
    } finally {
      document.removeEventListener('keydown', pageKeys);
    }
    expect(props.onOpen).not.toHaveBeenCalled();
    expect(pageKeys).toHaveBeenCalledTimes(3);
    expect(pageKeys.mock.calls.every(([event]) => !(event as KeyboardEvent).defaultPrevented)).toBe(true);
  });

  it('says who, what, when and how urgent in each row', () => {
    renderList({ documents: [doc('b', { alert: 'high', isPinned: true, patientIsAfWithoutOac: true })] });
    const item = document.querySelector<HTMLElement>('[data-document-id="b"]');
    expect(item?.getAttribute('data-alert')).toBe('high');
    expect(item?.getAttribute('data-pinned')).toBe('true');
    const row = rowOf('b');
    expect(within(row).getByRole('img', { name: 'Pinned' })).toBeTruthy();
    expect(row.querySelector('[data-af-without-oac]')?.textContent).toBe('AF without OAC');
    expect(row.querySelector('[data-alert-level="high"]')?.textContent).toBe('High');
    expect(row.textContent).toContain('Patientb, Ada');
    expect(row.textContent).toContain('High alert,');
    expect(row.textContent).toContain('date of service 10/01/2026');
    expect(row.textContent).toContain('waiting 3 days');
    expect(row.textContent).toContain('Unassigned');
  });

  it('checks with the row checkbox or Space; the header checks all; an unsigned row shows no status in To do', async () => {
    const props = renderList({ checked: new Set(['a']) });
    const checkA = screen.getByRole('checkbox', {
      name: 'Check Patienta, Ada, RPM',
    }) as HTMLInputElement;
    expect(checkA.checked).toBe(true);
    expect(checkA.tabIndex).toBe(-1);
    // A high alert is never checked in bulk: no checkbox.
    expect(
      within(document.querySelector<HTMLElement>('[data-document-id="b"]') as HTMLElement).queryByRole(
        'checkbox',
      ),
    ).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Check Patientc, Ada, RPM' }));
    expect(props.onToggleCheck).toHaveBeenCalledWith('c');
    rowOf('a').focus();
    await userEvent.keyboard(' ');
    expect(props.onToggleCheck).toHaveBeenLastCalledWith('a');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Check all' }));
    expect(props.toggleAll).toHaveBeenCalled();
    expect(document.querySelector('[data-status="unsigned"] .ui-chip')).toBeNull();
  });

  it('sorts by a header, which says how it sorts; two quick clicks advance the cycle twice', async () => {
    const props = renderList({ sort: '-dos' });
    const headers = screen.getByRole('group', { name: 'Sort documents' });
    const dos = within(headers).getByRole('button', { name: /^DOS/ });
    expect(dos.textContent).toBe('DOS, sorted newest first');
    expect(dos.getAttribute('data-sort-state')).toBe('first');
    expect(
      within(headers).getByRole('button', { name: 'Patient' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(screen.getByText('Sort by patient')).toBeTruthy();
    await userEvent.click(dos);
    await userEvent.click(dos);
    expect(props.onSort.mock.calls.map(([sort]) => sort)).toEqual(['dos', '']);
  });
});
