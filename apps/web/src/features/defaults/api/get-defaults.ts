import type { QueryClient } from '@tanstack/react-query';
import { type DataTablePage, type DataTableQuery, toLocalPage } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AnyDefault, DefaultKind } from '../types';

export const defaultsPath = (kind: DefaultKind) => `/api/customers/defaults/${kind}`;

/** GET /api/customers/defaults/feature-flags or …/workflows: every default, sorted by name. */
export async function getDefaults(
  kind: DefaultKind,
  options: { signal?: AbortSignal } = {},
): Promise<AnyDefault[]> {
  const body = await apiClient.get<{ data: AnyDefault[] }>(defaultsPath(kind), { signal: options.signal });
  return body.data;
}

/** The API sends the whole list: the table's search, sort and paging happen here. */
export async function getDefaultsPage(
  kind: DefaultKind,
  query: DataTableQuery,
  options: { signal?: AbortSignal } = {},
): Promise<DataTablePage<AnyDefault>> {
  const all = await getDefaults(kind, options);
  return toLocalPage(all, query, (row) => `${row.name} ${row.title} ${row.description}`);
}

/**
 * After a change: this screen's lists, and every cached clinic, whose merged flags and settings come
 * from the defaults.
 */
export function invalidateDefaults(queryClient: QueryClient, kind: DefaultKind) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.defaults.of(kind) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.clinics.all }),
  ]);
}
