import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { formatUsDateTimeToMinute } from '@portal/domain';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { visuallyHidden } from '../../../components/visually-hidden';
import { clinicMetricsPath } from '../../../lib/metrics-paths';
import { useClinicSummaries } from '../api/get-clinic-summaries';
import { useLiveMetrics, useReadsAllClinics } from '../hooks/use-metrics-scope';
import {
  type ClinicSortKey,
  nextClinicSort,
  oldBacklog,
  readClinicSort,
  sortClinicSummaries,
  writeClinicSort,
} from '../metrics-format';
import { MetricsViews } from './metrics-views';

type Column = { key: ClinicSortKey | 'dueToday' | 'old'; header: string; sortable: boolean };

const COLUMNS: readonly Column[] = [
  { key: 'name', header: 'Clinic', sortable: true },
  { key: 'unsigned', header: 'Unsigned (backlog)', sortable: true },
  { key: 'high', header: 'High alerts', sortable: true },
  { key: 'overdue', header: 'Overdue', sortable: true },
  { key: 'dueToday', header: 'Due today', sortable: false },
  { key: 'old', header: 'Waiting over 30 days', sortable: false },
];

/** A count: zero in grey, so the clinics that need attention stand out; red for alarms. */
function CountCell({ value, strong, alarm }: { value: number; strong?: boolean; alarm?: boolean }) {
  return (
    <TableCell
      align="right"
      sx={{
        fontVariantNumeric: 'tabular-nums',
        color: value === 0 ? 'text.secondary' : alarm ? 'error.main' : 'text.primary',
        fontWeight: value > 0 && strong ? 600 : 400,
      }}
    >
      {value.toLocaleString('en-US')}
    </TableCell>
  );
}

/**
 * Every clinic's queue now, side by side (issue 17 §5), for provider-company roles: sortable by backlog,
 * high alerts and overdue (the order is kept in the address), each clinic linking to its own metrics.
 */
export function ClinicsMetricsPage() {
  const readsAll = useReadsAllClinics();
  useLiveMetrics();
  const query = useClinicSummaries();
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = readClinicSort(searchParams.get('sort'));
  const rows = useMemo(() => sortClinicSummaries(query.data?.data ?? [], sort), [query.data, sort]);
  const totals = rows.reduce(
    (sum, row) => ({
      unsigned: sum.unsigned + row.unsigned,
      high: sum.high + row.alerts.high,
      overdue: sum.overdue + row.overdue,
      dueToday: sum.dueToday + row.dueToday,
      old: sum.old + oldBacklog(row),
    }),
    { unsigned: 0, high: 0, overdue: 0, dueToday: 0, old: 0 },
  );

  if (!readsAll) {
    return (
      <Typography color="textSecondary">
        The table of every clinic is for provider-company staff. Your clinic's metrics are under Metrics.
      </Typography>
    );
  }

  return (
    <Stack spacing={2} data-testid="clinics-metrics-page">
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: '1 1 260px' }}>
          <Typography component="p" variant="h6" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            Every clinic's queue now
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {query.data
              ? `${rows.length} clinics · ${totals.unsigned.toLocaleString('en-US')} unsigned · ${totals.overdue.toLocaleString('en-US')} overdue · as of ${formatUsDateTimeToMinute(query.data.asOf)}`
              : 'Unsigned documents, high alerts and overdue reviews by clinic.'}
          </Typography>
        </Box>
        <MetricsViews current="clinics" />
      </Stack>
      {query.isError && !query.data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          The clinics could not be loaded: {query.error.message}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {query.isFetching && <LinearProgress aria-label="Loading the clinics" />}
        </Box>
        <TableContainer>
          <Table size="small" aria-label="Clinics" aria-busy={query.isFetching} sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => {
                  const active = column.sortable && sort.key === column.key;
                  const direction = sort.direction;
                  return (
                    <TableCell
                      key={column.key}
                      align={column.key === 'name' ? 'left' : 'right'}
                      sortDirection={active ? direction : false}
                    >
                      {column.sortable ? (
                        <TableSortLabel
                          active={active}
                          direction={active ? direction : column.key === 'name' ? 'asc' : 'desc'}
                          onClick={() =>
                            setSearchParams(
                              { sort: writeClinicSort(nextClinicSort(sort, column.key as ClinicSortKey)) },
                              { replace: true },
                            )
                          }
                        >
                          {column.header}
                          {active && (
                            <Box component="span" sx={visuallyHidden}>
                              {direction === 'desc' ? ', sorted largest first' : ', sorted smallest first'}
                            </Box>
                          )}
                        </TableSortLabel>
                      ) : (
                        column.header
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isPending && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 6 }}>
                    <Typography color="textSecondary">Loading…</Typography>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={row.clinicNpi} hover data-clinic-npi={row.clinicNpi}>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={clinicMetricsPath(row.clinicNpi)}>
                      {row.clinicName}
                    </Link>
                  </TableCell>
                  <CountCell value={row.unsigned} strong />
                  <CountCell value={row.alerts.high} alarm />
                  <CountCell value={row.overdue} alarm strong />
                  <CountCell value={row.dueToday} />
                  <CountCell value={oldBacklog(row)} />
                </TableRow>
              ))}
            </TableBody>
            {rows.length > 1 && (
              <TableFooter>
                <TableRow>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ fontWeight: 600, color: 'text.primary', fontSize: 14 }}
                  >
                    All {rows.length} clinics
                  </TableCell>
                  {(['unsigned', 'high', 'overdue', 'dueToday', 'old'] as const).map((key) => (
                    <TableCell
                      key={key}
                      align="right"
                      sx={{ fontWeight: 600, color: 'text.primary', fontSize: 14 }}
                    >
                      {totals[key].toLocaleString('en-US')}
                    </TableCell>
                  ))}
                </TableRow>
              </TableFooter>
            )}
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}
