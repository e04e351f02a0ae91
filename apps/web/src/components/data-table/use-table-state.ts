import { useCallback, useEffect, useRef, useState } from 'react';
import { ACTION_DEBOUNCE_MS } from '../../lib/constants';
import type { DataTableOrder, DataTableQuery } from './types';

type Commit = { immediate?: boolean };

/**
 * Table state: what the inputs show now, and the query sent to the server.
 * Typing is debounced (SPEC §9 action debounce); every change of sort, size, search or filter
 * goes back to page 1 in the same update, so no request is made for a stale page.
 */
export function useTableState(initial: { order: DataTableOrder; rows: number }) {
  const [query, setQuery] = useState<DataTableQuery>({
    page: 1,
    rows: initial.rows,
    order: initial.order,
    search: '',
    filters: {},
  });
  const [searchInput, setSearchInput] = useState('');
  const [filterInputs, setFilterInputs] = useState<Record<string, string>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const cancel = useCallback((key: string) => {
    const timer = timers.current.get(key);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(key);
  }, []);

  const run = useCallback(
    (key: string, commit: () => void, options: Commit) => {
      cancel(key);
      if (options.immediate) {
        commit();
        return;
      }
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          commit();
        }, ACTION_DEBOUNCE_MS),
      );
    },
    [cancel],
  );

  const setPage = useCallback((page: number) => setQuery((q) => ({ ...q, page })), []);

  const setRows = useCallback((rows: number) => setQuery((q) => ({ ...q, rows, page: 1 })), []);

  const sortBy = useCallback(
    (field: string) =>
      setQuery((q) => ({
        ...q,
        page: 1,
        order:
          q.order.field === field
            ? { field, direction: q.order.direction === 'asc' ? 'desc' : 'asc' }
            : { field, direction: 'asc' },
      })),
    [],
  );

  const changeSearch = useCallback(
    (value: string, options: Commit = {}) => {
      setSearchInput(value);
      const search = value.trim();
      run('search', () => setQuery((q) => (q.search === search ? q : { ...q, search, page: 1 })), options);
    },
    [run],
  );

  const changeFilter = useCallback(
    (key: string, value: string, options: Commit = {}) => {
      setFilterInputs((inputs) => ({ ...inputs, [key]: value }));
      const trimmed = value.trim();
      run(
        `filter:${key}`,
        () =>
          setQuery((q) => {
            if ((q.filters[key] ?? '') === trimmed) return q;
            const { [key]: _dropped, ...rest } = q.filters;
            return { ...q, page: 1, filters: trimmed ? { ...rest, [key]: trimmed } : rest };
          }),
        options,
      );
    },
    [run],
  );

  const clearSearchAndFilters = useCallback(() => {
    for (const key of [...timers.current.keys()]) cancel(key);
    setSearchInput('');
    setFilterInputs({});
    setQuery((q) => ({ ...q, page: 1, search: '', filters: {} }));
  }, [cancel]);

  const hasSearchOrFilters =
    searchInput.trim() !== '' || Object.values(filterInputs).some((value) => value.trim() !== '');

  return {
    query,
    searchInput,
    filterInputs,
    hasSearchOrFilters,
    setPage,
    setRows,
    sortBy,
    changeSearch,
    changeFilter,
    clearSearchAndFilters,
  };
}
