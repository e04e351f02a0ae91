import type { DataTablePage, DataTableQuery } from './types';

/**
 * One page of a short list the API sends whole (e.g. the clinic defaults): searched, filtered, sorted
 * and paged in the browser, so the data table works the same as over a paged endpoint.
 * `searchText` gives what the search box looks in; a filter compares a field's text, case-insensitive.
 */
export function toLocalPage<Row extends object>(
  all: readonly Row[],
  query: DataTableQuery,
  searchText: (row: Row) => string,
): DataTablePage<Row> {
  const read = (row: Row, field: string): unknown => (row as Record<string, unknown>)[field];
  const search = query.search.trim().toLowerCase();
  const filtered = all.filter(
    (row) =>
      (!search || searchText(row).toLowerCase().includes(search)) &&
      Object.entries(query.filters).every(([field, value]) =>
        String(read(row, field) ?? '')
          .toLowerCase()
          .includes(value.trim().toLowerCase()),
      ),
  );
  const { field, direction } = query.order;
  const sign = direction === 'desc' ? -1 : 1;
  const sorted = [...filtered].sort((a, b) => {
    const left = read(a, field);
    const right = read(b, field);
    if (typeof left === 'number' && typeof right === 'number') return sign * (left - right);
    return sign * String(left ?? '').localeCompare(String(right ?? ''), undefined, { numeric: true });
  });
  const start = (query.page - 1) * query.rows;
  return { rows: sorted.slice(start, start + query.rows), totalCount: sorted.length };
}
