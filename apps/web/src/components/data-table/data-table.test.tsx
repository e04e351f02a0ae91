// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { DataTable } from './data-table';
import type { DataTableColumn, DataTableQuery, FetchPage } from './types';

type Device = { id: string; name: string; code: string; active: boolean };

const columns: DataTableColumn<Device>[] = [
  { id: 'name', header: 'Name', sortable: true, filter: { type: 'text' }, render: (d) => d.name },
  { id: 'code', header: 'Code', sortable: true, render: (d) => d.code },
  {
    id: 'active',
    header: 'Status',
    filterKey: 'isActive',
    filter: {
      type: 'select',
      options: [
        { value: 'true', label: 'Active' },
        { value: 'false', label: 'Inactive' },
      ],
    },
    render: (d) => (d.active ? 'Active' : 'Inactive'),
  },
];

const TOTAL = 60;

function pageOf(query: DataTableQuery): Device[] {
  const start = (query.page - 1) * query.rows;
  const count = Math.max(0, Math.min(query.rows, TOTAL - start));
  return Array.from({ length: count }, (_, i) => ({
    id: String(start + i + 1),
    name: `Device ${start + i + 1}`,
    code: `D${start + i + 1}`,
    active: (start + i) % 2 === 0,
  }));
}

function setup(
  fetchPage = vi.fn<FetchPage<Device>>(async (query) => ({ rows: pageOf(query), totalCount: TOTAL })),
  tableColumns = columns,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DataTable
        label="Devices"
        columns={tableColumns}
        queryKey={['devices']}
        fetchPage={fetchPage}
        getRowId={(d) => d.id}
      />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const lastQuery = () => fetchPage.mock.lastCall?.[0];
  const expectLastQuery = (expected: Partial<DataTableQuery>) =>
    waitFor(() => expect(lastQuery()).toEqual(expect.objectContaining(expected)));
  return { fetchPage, user, lastQuery, expectLastQuery };
}

/** Data rows only: the header has two rows (titles and filters). */
function bodyRows() {
  const table = screen.getByRole('table', { name: 'Devices' });
  const [, body] = within(table).getAllByRole('rowgroup');
  return body ? within(body).queryAllByRole('row') : [];
}

afterEach(() => {
  cleanup();
});

describe('DataTable', () => {
  it('asks for the first 25 rows ascending by the first sortable column, and shows them with the total', async () => {
    const { fetchPage } = setup();
    expect(await screen.findByText('Device 1')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]?.[0]).toEqual({
      page: 1,
      rows: 25,
      order: { field: 'name', direction: 'asc' },
      search: '',
      filters: {},
    });
    expect(fetchPage.mock.calls[0]?.[1].signal).toBeInstanceOf(AbortSignal);
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText(/1–25 of 60/)).toBeTruthy();
  });

  it('names every column header, a hidden one too, and its filter row holds cells, not more headers', async () => {
    setup(undefined, [
      ...columns,
      { id: 'actions', header: 'Actions', hideHeader: true, render: (d) => `Edit ${d.name}` },
    ]);
    await screen.findByText('Device 1');
    const headers = screen.getAllByRole('columnheader');
    // Screen readers announce a cell with its column's name: an empty header leaves it unnamed.
    expect(headers.map((header) => header.textContent)).toEqual([
      'Name, sorted ascending',
      'Code',
      'Status',
      'Actions',
    ]);
    const [head] = within(screen.getByRole('table', { name: 'Devices' })).getAllByRole('rowgroup');
    const [, filterRow] = head ? within(head).getAllByRole('row') : [];
    expect(filterRow ? within(filterRow).queryAllByRole('columnheader') : undefined).toEqual([]);
    expect(filterRow ? within(filterRow).getAllByRole('cell') : []).toHaveLength(4);
  });

  it('pages forward and back, and a new page size starts again at page 1', async () => {
    const { user, expectLastQuery } = setup();
    await screen.findByText('Device 1');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await expectLastQuery({ page: 2, rows: 25 });
    expect(await screen.findByText('Device 26')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Go to last page' }));
    await expectLastQuery({ page: 3 });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));

    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(await screen.findByRole('option', { name: '10' }));
    await expectLastQuery({ page: 1, rows: 10 });
  });

  it('sorts by a column header, toggles the direction, and goes back to page 1', async () => {
    const { user, expectLastQuery } = setup();
    await screen.findByText('Device 1');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await expectLastQuery({ page: 2 });

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(nameHeader).getByRole('button'));
    await expectLastQuery({ page: 1, order: { field: 'name', direction: 'desc' } });
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');

    // Keyboard works too: focus the Code sort button and press Enter.
    within(screen.getByRole('columnheader', { name: /Code/ }))
      .getByRole('button')
      .focus();
    await user.keyboard('{Enter}');
    await expectLastQuery({ page: 1, order: { field: 'code', direction: 'asc' } });

    // A column without `sortable` offers no sort button.
    expect(within(screen.getByRole('columnheader', { name: 'Status' })).queryByRole('button')).toBeNull();
  });

  it('debounces the search box: one request for the whole word, on page 1', async () => {
    const { user, fetchPage, expectLastQuery } = setup();
    await screen.findByText('Device 1');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await expectLastQuery({ page: 2 });
    const callsBefore = fetchPage.mock.calls.length;

    // Four keystrokes in one go, as a typist's come well inside the pause: typed with awaits between them,
    // a busy machine's gaps could outlast the pause and rightly send a search per letter.
    const search = screen.getByRole('searchbox', { name: 'Search' });
    for (const typed of ['c', 'ca', 'car', 'card']) fireEvent.change(search, { target: { value: typed } });
    await expectLastQuery({ search: 'card', page: 1 });
    const searches = fetchPage.mock.calls.slice(callsBefore).map(([query]) => query.search);
    expect(searches).toEqual(['card']);
  });

  it('applies a text filter after typing and a select filter at once, and clears both', async () => {
    const { user, expectLastQuery } = setup();
    await screen.findByText('Device 1');

    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), ' north ');
    await expectLastQuery({ filters: { name: 'north' }, page: 1 });

    await user.click(screen.getByRole('combobox', { name: 'Filter by Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await expectLastQuery({ filters: { name: 'north', isActive: 'false' } });

    await user.click(screen.getByRole('combobox', { name: 'Filter by Status' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await expectLastQuery({ filters: { name: 'north' } });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await expectLastQuery({ filters: {}, search: '' });
    expect((screen.getByRole('textbox', { name: 'Filter by Name' }) as HTMLInputElement).value).toBe('');
  });

  it('applies a date filter as soon as a whole date is chosen, as YYYY-MM-DD', async () => {
    const withDate: DataTableColumn<Device>[] = [
      ...columns,
      { id: 'installedOn', header: 'Installed', filter: { type: 'date' }, render: () => '' },
    ];
    const { fetchPage, expectLastQuery } = setup(undefined, withDate);
    await screen.findByText('Device 1');
    const field = screen.getByLabelText('Filter by Installed') as HTMLInputElement;
    expect(field.type).toBe('date');
    const callsBefore = fetchPage.mock.calls.length;
    fireEvent.change(field, { target: { value: '2024-03-05' } });
    await expectLastQuery({ filters: { installedOn: '2024-03-05' }, page: 1 });
    expect(fetchPage.mock.calls.length).toBe(callsBefore + 1);
    fireEvent.change(field, { target: { value: '' } });
    await expectLastQuery({ filters: {} });
  });

  it('says so when nothing matches, with a way out', async () => {
    const fetchPage = vi.fn<FetchPage<Device>>(async (query) =>
      query.search ? { rows: [], totalCount: 0 } : { rows: pageOf(query), totalCount: TOTAL },
    );
    const { user, expectLastQuery } = setup(fetchPage);
    await screen.findByText('Device 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No records found.', {})).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await expectLastQuery({ search: '' });
    expect(await screen.findByText('Device 1')).toBeTruthy();
  });

  it('shows the API error with a retry button', async () => {
    let fail = true;
    const fetchPage = vi.fn<FetchPage<Device>>(async (query) => {
      if (fail) throw new ApiError({ statusCode: 500, reason: 'Internal Server Error' });
      return { rows: pageOf(query), totalCount: TOTAL };
    });
    const { user } = setup(fetchPage);
    expect(await screen.findByText('HTTP error. Unable to fetch')).toBeTruthy();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Device 1')).toBeTruthy();
  });

  it("without search, goes back to page 1 when the caller's own filter in the key changes, asking for no stale page", async () => {
    const fetchPage = vi.fn<FetchPage<Device>>(async (query) => ({ rows: pageOf(query), totalCount: TOTAL }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const table = (kind: string) => (
      <QueryClientProvider client={client}>
        <DataTable
          label="Devices"
          columns={columns.map(({ filter: _filter, ...column }) => column)}
          queryKey={['devices', kind]}
          fetchPage={fetchPage}
          getRowId={(d) => d.id}
          searchable={false}
          filters={<span>Kind: {kind}</span>}
        />
      </QueryClientProvider>
    );
    const { rerender } = render(table('pacemakers'));
    await screen.findByText('Device 1');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.getByText('Kind: pacemakers')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Device 26');
    const callsBefore = fetchPage.mock.calls.length;

    rerender(table('defibrillators'));
    await waitFor(() => expect(fetchPage.mock.calls.length).toBe(callsBefore + 1));
    expect(fetchPage.mock.lastCall?.[0].page).toBe(1);
  });
});
