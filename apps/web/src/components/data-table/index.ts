export { DataTable, type DataTableProps } from './data-table';
export { toLocalPage } from './local-page';
export { toListQuery, toOrderParam } from './table-query';
export type {
  ColumnFilter,
  DataTableColumn,
  DataTableOrder,
  DataTablePage,
  DataTableQuery,
  FetchPage,
  SelectFilterOption,
  SortDirection,
} from './types';
