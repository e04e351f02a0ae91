import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, type Query, type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { TABLE_DEFAULT_ORDER, TABLE_DEFAULT_ROWS, TABLE_ROWS_PER_PAGE_OPTIONS } from '../../lib/constants';
import { visuallyHidden } from '../visually-hidden';
import { ColumnFilterInput } from './column-filter';
import type { DataTableColumn, DataTableOrder, DataTablePage, FetchPage } from './types';
import { useTableState } from './use-table-state';

export type DataTableProps<Row> = {
  /** Accessible name of the table, e.g. 'Clinics'. */
  label: string;
  columns: DataTableColumn<Row>[];
  /** Prefix of the cache key; the current query is appended. */
  queryKey: QueryKey;
  fetchPage: FetchPage<Row>;
  getRowId: (row: Row) => string;
  /** Defaults to the first sortable column, ascending (SPEC §9). */
  defaultOrder?: DataTableOrder;
  defaultRows?: number;
  rowsPerPageOptions?: readonly number[];
  searchPlaceholder?: string;
  emptyMessage?: string;
  /** Extra controls at the right end of the toolbar, e.g. a 'New' button. */
  actions?: ReactNode;
  /** False for a list the server does not search: no search field (nor 'Clear filters' without column filters). */
  searchable?: boolean;
  /** Filters of the caller's own at the left of the toolbar (status chips); their values belong in `queryKey`. */
  filters?: ReactNode;
  /** Fetch the page again every so many milliseconds while this says so (rows still changing), or false. */
  refetchInterval?: (page: DataTablePage<Row> | undefined) => number | false;
};

export function DataTable<Row>({
  label,
  columns,
  queryKey,
  fetchPage,
  getRowId,
  defaultOrder,
  defaultRows = TABLE_DEFAULT_ROWS,
  rowsPerPageOptions = TABLE_ROWS_PER_PAGE_OPTIONS,
  searchPlaceholder = 'Search',
  emptyMessage = 'No records found.',
  actions,
  searchable = true,
  filters,
  refetchInterval,
}: DataTableProps<Row>) {
  const firstSortable = columns.find((c) => c.sortable)?.id ?? columns[0]?.id ?? '';
  const state = useTableState({
    order: defaultOrder ?? { field: firstSortable, direction: TABLE_DEFAULT_ORDER },
    rows: defaultRows,
  });
  const { query } = state;
  const searchId = useId();

  // Filters the caller keeps in the key (status chips) start again at page 1, in the same render, so no
  // request is made for a page of the old filters.
  const keyText = JSON.stringify(queryKey);
  const [shownKeyText, setShownKeyText] = useState(keyText);
  if (shownKeyText !== keyText) {
    setShownKeyText(keyText);
    if (query.page !== 1) state.setPage(1);
  }

  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }): Promise<DataTablePage<Row>> => fetchPage(query, { signal }),
    // Keep the current rows on screen while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    refetchInterval: (current: Query<DataTablePage<Row>, Error, DataTablePage<Row>, QueryKey>) =>
      refetchInterval ? refetchInterval(current.state.data) : false,
  });

  const rows = result.data?.rows ?? [];
  const totalCount = result.data?.totalCount ?? 0;
  const hasFilters = columns.some((c) => c.filter);
  const showsClearFilters = searchable || hasFilters;
  const lastPageIndex = Math.max(0, Math.ceil(totalCount / query.rows) - 1);
  // MUI rejects a page past the end, which can happen briefly when a filter shrinks the result.
  const pageIndex = Math.min(query.page - 1, lastPageIndex);

  let bodyMessage: ReactNode = null;
  if (result.isError) {
    bodyMessage = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void result.refetch()}>
            Retry
          </Button>
        }
        sx={{ textAlign: 'left' }}
      >
        {result.error.message}
      </Alert>
    );
  } else if (result.isPending) {
    bodyMessage = <Typography color="textSecondary">Loading…</Typography>;
  } else if (rows.length === 0) {
    bodyMessage = (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        <Typography color="textSecondary">{emptyMessage}</Typography>
        {state.hasSearchOrFilters && (
          <Button size="small" onClick={state.clearSearchAndFilters}>
            Clear search and filters
          </Button>
        )}
      </Box>
    );
  }

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1.5,
          px: 2,
          py: 1.5,
        }}
      >
        {searchable && (
          <TextField
            id={searchId}
            type="search"
            size="small"
            label="Search"
            placeholder={searchPlaceholder}
            value={state.searchInput}
            onChange={(event) => state.changeSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') state.changeSearch(state.searchInput, { immediate: true });
            }}
            sx={{ width: { xs: '100%', sm: 340 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        {showsClearFilters && (
          <Button
            size="small"
            startIcon={<FilterAltOffIcon />}
            onClick={state.clearSearchAndFilters}
            disabled={!state.hasSearchOrFilters}
          >
            Clear filters
          </Button>
        )}
        {filters}
        <Box sx={{ flex: 1 }} />
        {actions}
      </Box>

      {/* Reserve the bar's height so the table does not jump when loading starts. */}
      <Box sx={{ height: 4 }}>{result.isFetching && <LinearProgress aria-label={`Loading ${label}`} />}</Box>

      <TableContainer>
        {/* Below this width the table scrolls sideways instead of squeezing names onto three lines. */}
        <Table size="small" aria-label={label} aria-busy={result.isFetching} sx={{ minWidth: 900 }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = query.order.field === column.id;
                return (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sortDirection={active ? query.order.direction : false}
                    sx={{ width: column.width, borderBottom: hasFilters ? 0 : undefined }}
                  >
                    {column.sortable ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? query.order.direction : 'asc'}
                        onClick={() => state.sortBy(column.id)}
                      >
                        {column.header}
                        {active && (
                          <Box component="span" sx={visuallyHidden}>
                            {query.order.direction === 'desc' ? ', sorted descending' : ', sorted ascending'}
                          </Box>
                        )}
                      </TableSortLabel>
                    ) : column.hideHeader ? (
                      <Box component="span" sx={visuallyHidden}>
                        {column.header}
                      </Box>
                    ) : (
                      column.header
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
            {hasFilters && (
              <TableRow>
                {columns.map((column) => {
                  const key = column.filterKey ?? column.id;
                  return (
                    // Cells, not column headers: the header row above names the columns.
                    <TableCell
                      key={column.id}
                      component="td"
                      sx={{ pt: 0, pb: 1.5, minWidth: column.filter ? 130 : undefined }}
                    >
                      {column.filter && (
                        <ColumnFilterInput
                          header={column.header}
                          filter={column.filter}
                          value={state.filterInputs[key] ?? ''}
                          onChange={(value, options) => state.changeFilter(key, value, options)}
                        />
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {bodyMessage ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 6, borderBottom: 0 }}>
                  {bodyMessage}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={getRowId(row)} hover>
                  {columns.map((column) => (
                    <TableCell key={column.id} align={column.align}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>

      <TablePagination
        component="div"
        count={totalCount}
        page={pageIndex}
        rowsPerPage={query.rows}
        rowsPerPageOptions={rowsPerPageOptions}
        onPageChange={(_event, page) => state.setPage(page + 1)}
        onRowsPerPageChange={(event) => state.setRows(Number(event.target.value))}
        showFirstButton
        showLastButton
        sx={{
          borderTop: 1,
          borderColor: 'divider',
          // On narrow screens wrap the controls rather than push the page buttons out of view.
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 },
        }}
      />
    </Paper>
  );
}
