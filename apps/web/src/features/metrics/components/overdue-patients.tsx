import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatUsDate } from '@portal/domain';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { patientPagePath } from '../../../lib/patients';
import { useOverdueTransmissions } from '../api/get-overdue-transmissions';

/** How many patients show before 'Show all'. */
const FIRST_ROWS = 10;

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The clinic's monitored patients whose remote transmission is overdue (issue 17 §2), most overdue first,
 * each linking to the patient's page. Shown to readers of patients; others see the count alone.
 */
export function OverduePatients({
  clinicNpi,
  canReadPatients,
  count,
  monitoredCount,
}: {
  clinicNpi: string;
  canReadPatients: boolean;
  count: number;
  monitoredCount: number;
}) {
  const headingId = useId();
  const query = useOverdueTransmissions(clinicNpi, canReadPatients && count > 0);
  const [showAll, setShowAll] = useState(false);
  const rows = query.data?.data ?? [];
  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="overdue-patients"
      sx={{ p: 2, gridColumn: '1 / -1', minWidth: 0 }}
    >
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Patients overdue for a transmission
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {count === 0
          ? `None of the ${plural(monitoredCount, 'monitored patient', 'monitored patients')} is overdue.`
          : `${count} of ${plural(monitoredCount, 'monitored patient', 'monitored patients')}: no remote transmission within their schedule and grace period.`}
      </Typography>
      {count > 0 && canReadPatients && query.isError && (
        <Alert severity="error">The overdue patients could not be loaded: {query.error.message}</Alert>
      )}
      {count > 0 && canReadPatients && rows.length > 0 && (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={headingId} sx={{ minWidth: 640 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Patient</TableCell>
                  <TableCell>Patient ID</TableCell>
                  <TableCell>Device</TableCell>
                  <TableCell>Last transmission</TableCell>
                  <TableCell align="right">Days overdue</TableCell>
                  <TableCell align="right">Schedule</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => (
                  <TableRow key={row.patientId} hover>
                    <TableCell component="th" scope="row">
                      <Link component={RouterLink} to={patientPagePath(clinicNpi, row.patientId)}>
                        {row.patientName}
                      </Link>
                    </TableCell>
                    <TableCell>{row.patientMrn}</TableCell>
                    <TableCell>{row.deviceType}</TableCell>
                    <TableCell>
                      {row.lastTransmissionAt ? formatUsDate(row.lastTransmissionAt) : 'None received'}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {row.daysOverdue}
                    </TableCell>
                    <TableCell align="right">every {plural(row.scheduleDays, 'day', 'days')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {rows.length > FIRST_ROWS && (
            <Button size="small" sx={{ mt: 1 }} onClick={() => setShowAll((all) => !all)}>
              {showAll ? `Show the first ${FIRST_ROWS}` : `Show all ${rows.length}`}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
