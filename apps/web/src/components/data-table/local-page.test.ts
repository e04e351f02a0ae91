import { describe, expect, it } from 'vitest';
import { toLocalPage } from './local-page';
import type { DataTableQuery } from './types';

const rows = [
  { id: '1', name: 'rpm', title: 'Remote monitoring', enabled: true },
  { id: '2', name: 'abpm', title: 'Ambulatory blood pressure', enabled: false },
  { id: '3', name: 'comments', title: 'Comments', enabled: true },
];
const query = (change: Partial<DataTableQuery> = {}): DataTableQuery => ({
  page: 1,
  rows: 25,
  order: { field: 'name', direction: 'asc' },
  search: '',
  filters: {},
  ...change,
});
const names = (change: Partial<DataTableQuery>) =>
  toLocalPage(rows, query(change), (row) => `${row.name} ${row.title}`).rows.map((row) => row.name);

describe('a whole list as data-table pages', () => {
  it('sorts either way', () => {
    expect(names({})).toEqual(['abpm', 'comments', 'rpm']);
    expect(names({ order: { field: 'title', direction: 'desc' } })).toEqual(['rpm', 'comments', 'abpm']);
  });

  it('searches and filters without minding case', () => {
    expect(names({ search: ' MONITOR ' })).toEqual(['rpm']);
    expect(names({ filters: { enabled: 'false' } })).toEqual(['abpm']);
  });

  it('pages and counts everything that matched', () => {
    // By name: abpm, comments | rpm.
    const page = toLocalPage(rows, query({ page: 2, rows: 2 }), (row) => row.name);
    expect(page).toEqual({ rows: [rows[0]], totalCount: 3 });
  });
});
