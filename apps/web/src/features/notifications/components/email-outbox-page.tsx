import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatUsDateTime } from '@portal/domain';
import { useState } from 'react';
import { TABLE_DEFAULT_ROWS, TABLE_ROWS_PER_PAGE_OPTIONS } from '../../../lib/constants';
import { useEmailOutbox } from '../api/get-email-outbox';
import type { OutboxEmail } from '../types';

function OutboxStatus({ email }: { email: OutboxEmail }) {
  if (email.sentAt) return <Chip size="small" color="success" variant="outlined" label="Sent" />;
  if (email.lastError) {
    return (
      <Tooltip title={email.lastError}>
        <Chip
          size="small"
          color="error"
          variant="outlined"
          icon={<ErrorOutlineIcon />}
          label={`Failed (${email.attempts})`}
          aria-label={`Failed after ${email.attempts} attempts: ${email.lastError}`}
        />
      </Tooltip>
    );
  }
  return <Chip size="small" variant="outlined" label="Waiting" />;
}

/** Provider-company administrators: the e-mails the portal made, newest first, a page at a time. */
export function EmailOutboxPage() {
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<number>(TABLE_DEFAULT_ROWS);
  const query = useEmailOutbox(page, rows);
  const emails = query.data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="textSecondary" sx={{ flex: 1, minWidth: 240 }}>
          E-mails the portal made (digests, reminders, alerts), newest first. Without a mail server they wait
          here unsent.
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void query.refetch()} disabled={query.isFetching}>
          Refresh
        </Button>
      </Box>
      {query.isFetching && <LinearProgress aria-label="Loading e-mails" />}
      {query.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {query.error.message}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label="E-mail outbox">
          <TableHead>
            <TableRow>
              <TableCell>Created</TableCell>
              <TableCell>To</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Sent</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {emails.map((email) => (
              <TableRow key={email.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatUsDateTime(email.createdAt)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{email.to}</TableCell>
                <TableCell>{email.subject}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{email.kind}</TableCell>
                <TableCell>
                  <OutboxStatus email={email} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatUsDateTime(email.sentAt)}</TableCell>
              </TableRow>
            ))}
            {query.isSuccess && emails.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  No e-mails yet.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={query.data?.totalCount ?? 0}
        page={page}
        rowsPerPage={rows}
        rowsPerPageOptions={[...TABLE_ROWS_PER_PAGE_OPTIONS]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRows(Number(event.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
