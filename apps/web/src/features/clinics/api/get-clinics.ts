import { type DataTablePage, type DataTableQuery, toListQuery } from '../../../components/data-table';
import { apiClient } from '../../../lib/api-client';
import type { Clinic, ClinicList } from '../types';

/** GET /api/customers/organizations: one page of clinics, sorted, searched and filtered on the server. */
export async function getClinics(
  query: DataTableQuery,
  options: { signal?: AbortSignal } = {},
): Promise<DataTablePage<Clinic>> {
  const body = await apiClient.get<ClinicList>('/api/customers/organizations', {
    query: toListQuery(query),
    signal: options.signal,
  });
  return { rows: body.data, totalCount: body.metadata.totalCount };
}
