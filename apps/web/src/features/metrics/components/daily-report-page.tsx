import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type DailyReportRow, formatUsDate, formatUsDateTimeToMinute } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { clinicMetricsPath } from '../../../lib/metrics-paths';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { downloadDailyReportCsv, useDailyReport } from '../api/get-daily-report';
import { useReadsAllClinics } from '../hooks/use-metrics-scope';
import { todayUtc } from '../metrics-format';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The report's columns after the clinic, in the CSV's order (DAILY_REPORT_CSV_COLUMNS). */
export const DAILY_REPORT_COLUMNS = [
  { key: 'received', header: 'Received' },
  { key: 'signed', header: 'Signed' },
  { key: 'acknowledged', header: 'Acknowledged' },
  { key: 'overdue', header: 'Overdue at day end', today: 'Overdue now' },
  { key: 'escalations', header: 'Escalations' },
  { key: 'overduePatients', header: 'Patients overdue at day end', today: 'Patients overdue now' },
] as const satisfies readonly { key: keyof DailyReportRow; header: string; today?: string }[];

type NumberKey = (typeof DAILY_REPORT_COLUMNS)[number]['key'];

/** The column sums; null when no clinic has a figure (a day before records began). */
export function sumDailyReport(rows: readonly DailyReportRow[]): Record<NumberKey, number | null> {
  return Object.fromEntries(
    DAILY_REPORT_COLUMNS.map(({ key }) => {
      const values = rows.map((row) => row[key]).filter((value): value is number => value !== null);
      return [key, values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0)];
    }),
  ) as Record<NumberKey, number | null>;
}

const formatCount = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

/**
 * The admin daily report (issue 17 §4): for one day (UTC, today by default; kept in the address), each
 * clinic's documents received, signed and acknowledged, overdue at the day's end, escalation steps and
 * patients overdue for a transmission, with the totals; and the same as a CSV file, the one the morning
 * e-mail carries.
 */
export function DailyReportPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = todayUtc();
  const asked = searchParams.get('date') ?? '';
  const date = DAY_PATTERN.test(asked) && asked <= today ? asked : today;
  const query = useDailyReport(date);
  const readsAll = useReadsAllClinics();
  const download = useMutation({
    mutationFn: () => downloadDailyReportCsv(date),
    meta: { silent: true },
    onError: (error) =>
      enqueueSnackbar(`The CSV could not be downloaded: ${error.message}`, { variant: 'error' }),
  });
  const report = query.data;
  const rows = report?.data ?? [];
  const totals = sumDailyReport(rows);
  const missing = rows.some((row) => row.overdue === null || row.overduePatients === null);

  return (
    <Stack spacing={2} data-testid="daily-report-page">
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <TextField
          type="date"
          size="small"
          label="Day (UTC)"
          value={date}
          onChange={(event) => {
            const value = event.target.value;
            if (DAY_PATTERN.test(value))
              setSearchParams(value === today ? {} : { date: value }, { replace: true });
          }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          sx={{ width: 180 }}
        />
        <Typography variant="body2" color="textSecondary" sx={{ flex: '1 1 240px' }}>
          {report
            ? `${formatUsDate(report.date)}: figures ${date === today ? 'as of' : 'taken'} ${formatUsDateTimeToMinute(report.generatedAt)}. ${rows.length} clinics.`
            : 'Each clinic\u2019s day: documents in and reviewed, overdue and escalated.'}
        </Typography>
        <Button
          variant="contained"
          startIcon={<FileDownloadOutlinedIcon />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          Download CSV
        </Button>
      </Stack>
      {query.isError && !report && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          The daily report could not be loaded: {query.error.message}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {query.isFetching && <LinearProgress aria-label="Loading the daily report" />}
        </Box>
        <TableContainer>
          <Table
            size="small"
            aria-label={`Daily report, ${formatUsDate(date)}`}
            aria-busy={query.isFetching}
            sx={{ minWidth: 860 }}
          >
            <TableHead>
              <TableRow>
                <TableCell>Clinic</TableCell>
                <TableCell>NPI</TableCell>
                {DAILY_REPORT_COLUMNS.map((column) => (
                  <TableCell key={column.key} align="right">
                    {date === today && 'today' in column ? column.today : column.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {report && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={DAILY_REPORT_COLUMNS.length + 2} align="center" sx={{ py: 6 }}>
                    <Typography color="textSecondary">No clinics to report.</Typography>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={row.clinicNpi} hover data-clinic-npi={row.clinicNpi}>
                  <TableCell component="th" scope="row">
                    {readsAll ? (
                      <Link component={RouterLink} to={clinicMetricsPath(row.clinicNpi)}>
                        {row.clinicName}
                      </Link>
                    ) : (
                      row.clinicName
                    )}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                    {row.clinicNpi}
                  </TableCell>
                  {DAILY_REPORT_COLUMNS.map((column) => (
                    <TableCell
                      key={column.key}
                      align="right"
                      sx={{
                        fontVariantNumeric: 'tabular-nums',
                        color:
                          (row[column.key] ?? 0) === 0
                            ? 'text.secondary'
                            : column.key === 'overdue'
                              ? 'error.main'
                              : 'text.primary',
                      }}
                    >
                      {formatCount(row[column.key])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            {rows.length > 1 && (
              <TableFooter>
                <TableRow>
                  <TableCell
                    component="th"
                    scope="row"
                    colSpan={2}
                    sx={{ fontWeight: 600, color: 'text.primary', fontSize: 14 }}
                  >
                    Total, {rows.length} clinics
                  </TableCell>
                  {DAILY_REPORT_COLUMNS.map((column) => (
                    <TableCell
                      key={column.key}
                      align="right"
                      sx={{
                        fontWeight: 600,
                        color: 'text.primary',
                        fontSize: 14,
                        fontVariantNumeric: 'tabular-nums',
                      }}
                    >
                      {formatCount(totals[column.key])}
                    </TableCell>
                  ))}
                </TableRow>
              </TableFooter>
            )}
          </Table>
        </TableContainer>
      </Paper>
      {missing && (
        <Typography variant="body2" color="textSecondary">
          —: not recorded for that day (the morning run keeps the overdue counts at each day's end).
        </Typography>
      )}
    </Stack>
  );
}
