import { type DataTablePage, type DataTableQuery, toListQuery } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';
import type { Clinic, PagedResponse } from '../types';

// The data table appends its query to this key; invalidate it after clinic writes.
export const clinicsQueryKey = ['clinics', 'list'] as const;

/** GET /api/customers/organizations: one page of clinics, sorted, searched and filtered on the server. */
export async function getClinics(
  query: DataTableQuery,
  options: { signal?: AbortSignal } = {},
): Promise<DataTablePage<Clinic>> {
  const body = await apiClient.get<PagedResponse<Clinic>>('/api/customers/organizations', {
    query: toListQuery(query),
    signal: options.signal,
  });
  return { rows: body.data, totalCount: body.metadata.totalCount };
}
