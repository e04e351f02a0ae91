import type { QueryValue } from '../../lib/api-client';
import type { DataTableOrder, DataTableQuery } from './types';

/** The API's order parameter: 'field' ascending, '-field' descending. */
export function toOrderParam(order: DataTableOrder): string {
  return order.direction === 'desc' ? `-${order.field}` : order.field;
}

/**
 * The generic list query string (SPEC §7 'Generic table data'):
 * page, rows, order, search and filter[<key>]. Empty values are dropped by the api client.
 */
export function toListQuery(query: DataTableQuery): Record<string, QueryValue> {
  const params: Record<string, QueryValue> = {
    page: query.page,
    rows: query.rows,
    order: toOrderParam(query.order),
    search: query.search.trim(),
  };
  for (const [key, value] of Object.entries(query.filters)) {
    params[`filter[${key}]`] = value.trim();
  }
  return params;
}
