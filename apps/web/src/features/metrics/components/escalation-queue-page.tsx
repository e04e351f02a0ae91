import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

import Typography from '@mui/material/Typography';
import {
  documentTypeLabel,
  type EscalationQueue,
  type EscalationQueueItem,
  formatDueStatus,
  formatUsDate,
  formatUsDateTimeToMinute,
  REVIEW_CLASSES,
  type ReviewClass,
} from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AlertBadge } from '../../../components/alert-badge';
import { visuallyHidden } from '../../../components/visually-hidden';
import { inboxDocumentLink } from '../../../lib/inbox-link';
import { useSession } from '../../../lib/session/session-context';
import { useEscalationQueue } from '../api/get-escalation-queue';
import {
  ESCALATION_PAGE_SIZES,
  ESCALATION_WHEN,
  ESCALATION_WHEN_LABELS,
  type EscalationParams,
  type EscalationWhen,
  readEscalationParams,
  toEscalationSearchParams,
  updateEscalationParams,
} from '../escalation-params';
import { useLiveMetrics } from '../hooks/use-metrics-scope';
import { ESCALATION_STEP_DETAILS, ESCALATION_STEP_LABELS, REVIEW_CLASS_LABELS } from '../metrics-format';
import { InternalReviewDialog } from './internal-review-dialog';

const LEVEL_FILTER_LABELS: Record<ReviewClass | 'any', string> = {
  any: 'Any',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  routine: 'Routine (no alert)',
};

/** '04:19 am', the time of day of a moment. */
function formatUsTime(value: string): string {
  return formatUsDateTimeToMinute(value).slice(11);
}

/** The clock the due times are read against, moving once a minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function LevelCell({ level }: { level: EscalationQueueItem['alert'] }) {
  if (!level) {
    return (
      <Typography variant="body2" color="textSecondary" component="span">
        Routine
      </Typography>
    );
  }
  return <AlertBadge level={level} />;
}

/**
 * The queue's size by level across the whole queue (not only this page): overdue and due within 24 h. Each
 * number filters the queue to it.
 */
function QueueCounts({
  counts,
  onPick,
}: {
  counts: EscalationQueue['metadata']['counts'];
  onPick: (change: Pick<EscalationParams, 'level' | 'when'>) => void;
}) {
  const rows: { when: Exclude<EscalationWhen, 'all'>; label: string; values: Record<string, number> }[] = [
    { when: 'overdue', label: 'Overdue', values: counts.overdue },
    { when: 'soon', label: 'Due within 24 h', values: counts.soonDue },
  ];
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }} data-testid="escalation-counts">
      <Table size="small" aria-label="Queue by alert level" sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            <TableCell>Whole queue</TableCell>
            {REVIEW_CLASSES.map((level) => (
              <TableCell key={level} align="right">
                {REVIEW_CLASS_LABELS[level]}
              </TableCell>
            ))}
            <TableCell align="right">All levels</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const total = REVIEW_CLASSES.reduce((sum, level) => sum + (row.values[level] ?? 0), 0);
            return (
              <TableRow key={row.when}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {row.label}
                </TableCell>
                {REVIEW_CLASSES.map((level) => {
                  const count = row.values[level] ?? 0;
                  return (
                    <TableCell key={level} align="right">
                      <Button
                        size="small"
                        color={row.when === 'overdue' && count > 0 ? 'error' : 'primary'}
                        disabled={count === 0}
                        aria-label={`${count} ${REVIEW_CLASS_LABELS[level].toLowerCase()} ${row.label.toLowerCase()}: show them`}
                        onClick={() => onPick({ level, when: row.when })}
                        sx={{ minWidth: 40, fontWeight: 700, fontSize: 15 }}
                      >
                        {count}
                      </Button>
                    </TableCell>
                  );
                })}
                <TableCell align="right">
                  <Button
                    size="small"
                    disabled={total === 0}
                    aria-label={`${total} ${row.label.toLowerCase()} at any level: show them`}
                    onClick={() => onPick({ level: 'any', when: row.when })}
                    sx={{ minWidth: 40, fontWeight: 700, fontSize: 15 }}
                  >
                    {total}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}

function LastReview({ review }: { review: EscalationQueueItem['lastInternalReview'] }) {
  if (!review) {
    return (
      <Typography variant="body2" color="textSecondary" component="span">
        None
      </Typography>
    );
  }
  return (
    <Box sx={{ maxWidth: 220 }}>
      <Typography variant="body2" component="div">
        {review.reviewerName}, {formatUsDateTimeToMinute(review.reviewedAt)}
      </Typography>
      <Typography
        variant="body2"
        color="textSecondary"
        component="div"
        title={review.note}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {review.note}
      </Typography>
    </Box>
  );
}

/**
 * The alert-escalation queue (issue 17 §1, the provider company's irhReview): unsigned documents past
 * their review time or due within 24 hours, most overdue first, across the clinics the user may see. Its
 * filters and page are kept in the address; technicians and admins mark a document reviewed internally.
 */
export function EscalationQueuePage() {
  const { allowedClinics, can } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readEscalationParams(searchParams), [searchParams]);
  const change = (next: Partial<EscalationParams>) =>
    setSearchParams(toEscalationSearchParams(updateEscalationParams(params, next)), { replace: true });
  useLiveMetrics();
  const query = useEscalationQueue(params);
  const now = useMinuteClock();
  const [reviewing, setReviewing] = useState<EscalationQueueItem>();
  const mayReview = can('document:review-internally');
  const queue = query.data;
  const rows = queue?.data ?? [];
  const totalCount = queue?.metadata.totalCount ?? 0;
  const lastPage = Math.max(0, Math.ceil(totalCount / params.size) - 1);

  return (
    <Stack spacing={2} data-testid="escalation-queue-page">
      <Typography color="textSecondary">
        Unsigned documents past their review time or due within 24 hours, most overdue first. Open one in the
        inbox to act on it{mayReview ? ', or note that the provider company has reviewed it' : ''}.
      </Typography>
      {queue && <QueueCounts counts={queue.metadata.counts} onPick={change} />}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack
          component="form"
          role="search"
          aria-label="Queue filter"
          direction="row"
          onSubmit={(event) => event.preventDefault()}
          sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}
        >
          <ToggleButtonGroup
            size="small"
            exclusive
            color="primary"
            value={params.when}
            aria-label="Due"
            onChange={(_event, value: EscalationWhen | null) => value && change({ when: value })}
          >
            {ESCALATION_WHEN.map((when) => (
              <ToggleButton key={when} value={when} sx={{ px: 1.5 }}>
                {ESCALATION_WHEN_LABELS[when]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label="Alert level"
            value={params.level}
            onChange={(event) => change({ level: event.target.value as EscalationParams['level'] })}
            sx={{ minWidth: 170 }}
          >
            {(['any', ...REVIEW_CLASSES] as const).map((level) => (
              <MenuItem key={level} value={level}>
                {LEVEL_FILTER_LABELS[level]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Clinic"
            value={params.clinicNpi || 'any'}
            onChange={(event) =>
              change({ clinicNpi: event.target.value === 'any' ? '' : event.target.value })
            }
            sx={{ minWidth: 220, maxWidth: 320 }}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
          >
            <MenuItem value="any">All clinics</MenuItem>
            {allowedClinics.map((clinic) => (
              <MenuItem key={clinic.npi} value={clinic.npi}>
                {clinic.name}
              </MenuItem>
            ))}
            {params.clinicNpi && !allowedClinics.some((clinic) => clinic.npi === params.clinicNpi) && (
              <MenuItem value={params.clinicNpi}>NPI {params.clinicNpi}</MenuItem>
            )}
          </TextField>
          {(params.level !== 'any' || params.when !== 'all' || params.clinicNpi) && (
            <Button size="small" onClick={() => change({ level: 'any', when: 'all', clinicNpi: '' })}>
              Clear filters
            </Button>
          )}
        </Stack>
        <Box sx={{ height: 4 }}>
          {query.isFetching && <LinearProgress aria-label="Loading the escalation queue" />}
        </Box>
        {query.isError && !queue && (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            The escalation queue could not be loaded: {query.error.message}
          </Alert>
        )}
        <TableContainer>
          <Table
            size="small"
            aria-label="Escalation queue"
            aria-busy={query.isFetching}
            sx={{ minWidth: 960 }}
          >
            <TableHead>
              <TableRow>
                <TableCell>Document</TableCell>
                <TableCell>Level</TableCell>
                <TableCell>Received</TableCell>
                <TableCell>Review</TableCell>
                <TableCell>Assigned to</TableCell>
                <TableCell>Escalation</TableCell>
                <TableCell>Last internal review</TableCell>
                {mayReview && (
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {queue && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={mayReview ? 8 : 7} align="center" sx={{ py: 6, borderBottom: 0 }}>
                    <Typography color="textSecondary">
                      Nothing is overdue or soon due
                      {params.level !== 'any' || params.clinicNpi ? ' with these filters' : ''}.
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {!queue && query.isPending && (
                <TableRow>
                  <TableCell colSpan={mayReview ? 8 : 7} align="center" sx={{ py: 6, borderBottom: 0 }}>
                    <Typography color="textSecondary">Loading…</Typography>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((item) => {
                const due = formatDueStatus(new Date(item.dueAt), now);
                return (
                  <TableRow
                    key={item.documentId}
                    hover
                    data-document-id={item.documentId}
                    data-overdue={due.overdue}
                  >
                    <TableCell component="th" scope="row" sx={{ minWidth: 200 }}>
                      <Link
                        component={RouterLink}
                        to={inboxDocumentLink(item.clinicNpi, item.documentId)}
                        aria-label={`${documentTypeLabel(item.type)}, ${item.clinicName}, ${due.text}: open in the inbox`}
                        sx={{ fontWeight: 600 }}
                      >
                        {documentTypeLabel(item.type)}
                      </Link>
                      <Typography variant="body2" color="textSecondary" component="div">
                        {item.clinicName}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <LevelCell level={item.alert} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Typography variant="body2" component="div">
                        {formatUsDate(item.receivedAt)}
                      </Typography>
                      <Typography variant="caption" color="textSecondary" component="div">
                        {formatUsTime(item.receivedAt)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Typography
                        variant="body2"
                        component="div"
                        sx={{
                          color: due.overdue ? 'error.main' : 'text.primary',
                          fontWeight: due.overdue ? 600 : 400,
                        }}
                      >
                        {due.text}
                      </Typography>
                      <Typography variant="caption" color="textSecondary" component="div">
                        due {formatUsDate(item.dueAt)} {formatUsTime(item.dueAt)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {item.assignedToName ?? (
                        <Typography variant="body2" color="textSecondary" component="span">
                          Unassigned
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {item.step ? (
                        <Box component="span" title={ESCALATION_STEP_DETAILS[item.step]}>
                          {ESCALATION_STEP_LABELS[item.step]}
                        </Box>
                      ) : (
                        <Typography variant="body2" color="textSecondary" component="span">
                          Not yet
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <LastReview review={item.lastInternalReview} />
                    </TableCell>
                    {mayReview && (
                      <TableCell align="right">
                        <Button
                          size="small"
                          startIcon={<RateReviewOutlinedIcon />}
                          onClick={() => setReviewing(item)}
                          aria-label={`Mark reviewed internally: ${documentTypeLabel(item.type)} at ${item.clinicName}, ${due.text}`}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          Mark reviewed
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={totalCount}
          page={Math.min(params.page - 1, lastPage)}
          rowsPerPage={params.size}
          rowsPerPageOptions={[...ESCALATION_PAGE_SIZES]}
          onPageChange={(_event, page) => change({ page: page + 1 })}
          onRowsPerPageChange={(event) => change({ size: Number(event.target.value) })}
          showFirstButton
          showLastButton
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      </Paper>
      {reviewing && <InternalReviewDialog item={reviewing} onClose={() => setReviewing(undefined)} />}
    </Stack>
  );
}
