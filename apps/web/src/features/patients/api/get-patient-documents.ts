import { DOCUMENTS_FETCH_ERROR_MESSAGE, type DocumentListPage, type DocumentResource } from '@portal/domain';
import type { DataTablePage, DataTableQuery } from '../../../components/data-table';
import { apiClient, type QueryValue } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withMessage } from './rename-api-error';

export function patientDocumentsQueryKey(clinicNpi: string, patientRef: string) {
  return queryKeys.documents.ofPatient(clinicNpi, patientRef);
}

/** The table's columns that the reports list sorts by, and the field it calls them. */
const SORT_FIELDS: Record<string, string> = {
  dos: 'dos',
  type: 'type',
  status: 'status',
  createdAt: 'createdAt',
};

/**
 * GET /api/reports for one patient (filter[patientRef]): every status, offset paging, the table's order
 * (newest date of service among equals), and its search over the documents' own text.
 */
export function toPatientDocumentsQuery(
  clinicNpi: string,
  patientRef: string,
  query: DataTableQuery,
): Record<string, QueryValue> {
  const field = SORT_FIELDS[query.order.field] ?? 'dos';
  const sort = `${query.order.direction === 'desc' ? '-' : ''}${field}`;
  return {
    'filter[clinicNpi]': clinicNpi,
    'filter[patientRef]': patientRef,
    'filter[status]': 'any',
    'filter[type]': query.filters.type,
    search: query.search.trim(),
    sort: field === 'dos' ? sort : `${sort},-dos`,
    'page[offset]': (query.page - 1) * query.rows,
    'page[limit]': query.rows,
  };
}

export async function getPatientDocuments(
  clinicNpi: string,
  patientRef: string,
  query: DataTableQuery,
  options: { signal?: AbortSignal } = {},
): Promise<DataTablePage<DocumentResource>> {
  try {
    const page = await apiClient.get<DocumentListPage>('/api/reports', {
      query: toPatientDocumentsQuery(clinicNpi, patientRef, query),
      signal: options.signal,
    });
    return { rows: page.data, totalCount: page.metadata.totalCount ?? page.data.length };
  } catch (error) {
    throw withMessage(error, DOCUMENTS_FETCH_ERROR_MESSAGE);
  }
}
