import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export type DataTableOrder = { field: string; direction: SortDirection };

/** What the table asks the server for. `page` is 1-based, like the API. Empty filters are left out. */
export type DataTableQuery = {
  page: number;
  rows: number;
  order: DataTableOrder;
  search: string;
  filters: Record<string, string>;
};

export type DataTablePage<Row> = { rows: Row[]; totalCount: number };

export type FetchPage<Row> = (
  query: DataTableQuery,
  options: { signal: AbortSignal },
) => Promise<DataTablePage<Row>>;

export type SelectFilterOption = { value: string; label: string };

export type ColumnFilter = (
  | { type: 'text'; placeholder?: string }
  | { type: 'select'; options: SelectFilterOption[]; allLabel?: string }
  /** A calendar date; the filter's value is YYYY-MM-DD. */
  | { type: 'date' }
) & {
  /** The input's accessible name when 'Filter by <column>' would not say what it filters. */
  label?: string;
};

export type DataTableColumn<Row> = {
  /** Field name: used as the sort field and, unless `filterKey` is set, as the filter key. */
  id: string;
  /** The column's name; never empty, as screen readers announce it with every cell. */
  header: string;
  /** Show the header to screen readers only (a column of buttons needs no visible title). */
  hideHeader?: boolean;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  filter?: ColumnFilter;
  filterKey?: string;
  align?: 'left' | 'center' | 'right';
  /** CSS width of the column, e.g. 140 or '30%'. */
  width?: number | string;
};
