import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RefreshIcon from '@mui/icons-material/Refresh';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsDate, formatUsDateTimeToMinute, type StudyResource } from '@portal/domain';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StudyResultsPanel } from '../../../components/study-results/study-results-panel';
import { inboxDocumentLink } from '../../../lib/inbox-link';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { STUDY_SUITE_LABELS, STUDY_VENDOR_NAMES } from '../../../lib/studies';
import { useCancelStudy } from '../api/cancel-study';
import { useCheckSleepStudyUpdates } from '../api/check-sleep-study-updates';
import { usePushStudy } from '../api/push-study';
import {
  formatPushState,
  formatStatusChange,
  formatStudyDuration,
  type StudyActions,
  studyStatusLabel,
} from '../study-format';
import { StudyStatusChip } from './study-status-chip';

type StudyCardProps = {
  study: StudyResource;
  actions: StudyActions;
  /** Whether the reader may open the results document in the inbox (document:read). */
  canOpenDocuments: boolean;
};

/** 'Sleep study', 'Wearable cardiac study · Holter'. */
export function studyTitle(study: StudyResource): string {
  const { suite, studyType } = study.attributes;
  const title = `${STUDY_SUITE_LABELS[suite]} study`;
  return studyType ? `${title} · ${studyType}` : title;
}

/** What a sentence calls the study: 'this sleep study', 'this ABPM study'. */
const STUDY_NOUNS = { sleep: 'sleep study', wcd: 'wearable cardiac study', abpm: 'ABPM study' } as const;

/**
 * One study of the patient's: what was ordered and by whom, where the order to the vendor stands (and
 * why it failed), the results when they came, a link to their document, the status history, and what the
 * reader may do with it now.
 */
export function StudyCard({ study, actions, canOpenDocuments }: StudyCardProps) {
  const headingId = useId();
  const { attributes: s } = study;
  const vendor = STUDY_VENDOR_NAMES[s.suite];
  const push = usePushStudy();
  const check = useCheckSleepStudyUpdates();
  const cancel = useCancelStudy();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const busy = push.isPending || check.isPending || cancel.isPending;

  const showRefusal = (error: Error) => enqueueSnackbar(error.message, { variant: 'error' });
  const onPush = () =>
    push.mutate(study, {
      onError: showRefusal,
      onSuccess: (answer) => {
        const state = answer.attributes.push;
        if (state.state === 'failed') {
          enqueueSnackbar(state.error ?? `Sending to ${vendor} failed.`, { variant: 'error' });
        } else {
          enqueueSnackbar(`${formatPushState(answer.attributes)}.`, { variant: 'success' });
        }
      },
    });
  const onCheck = () =>
    check.mutate(study, {
      onError: showRefusal,
      onSuccess: (answer) =>
        enqueueSnackbar(`Checked with ${vendor}: ${studyStatusLabel(answer.attributes.status)}.`, {
          variant: 'info',
        }),
    });
  const onCancel = () =>
    cancel.mutate(study, {
      onSuccess: () => {
        setConfirmingCancel(false);
        enqueueSnackbar(`The ${STUDY_NOUNS[s.suite]} is cancelled.`, { variant: 'success' });
      },
    });

  const ordered = [
    formatStudyDuration(s),
    `ordered by ${s.orderingPhysicianName}`,
    `on ${formatUsDate(s.createdAt)}`,
    s.startDate ? `starts ${formatUsDate(s.startDate)}` : null,
  ].filter(Boolean);

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      data-study-id={study.id}
      data-suite={s.suite}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
        <Typography id={headingId} component="h3" variant="h6" sx={{ fontSize: '1.05rem' }}>
          {studyTitle(study)}
        </Typography>
        <StudyStatusChip status={s.status} />
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions.push && (
            <Button
              size="small"
              variant="contained"
              startIcon={<SendOutlinedIcon />}
              onClick={onPush}
              loading={push.isPending}
              disabled={busy && !push.isPending}
            >
              Push to {vendor}
            </Button>
          )}
          {actions.checkForUpdates && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<RefreshIcon />}
              onClick={onCheck}
              loading={check.isPending}
              disabled={busy && !check.isPending}
            >
              Check for updates
            </Button>
          )}
          {actions.cancel && (
            <Button
              size="small"
              color="error"
              onClick={() => {
                cancel.reset();
                setConfirmingCancel(true);
              }}
              disabled={busy}
            >
              Cancel study
            </Button>
          )}
        </Stack>
      </Box>
      <Typography variant="body2" color="textSecondary">
        {ordered.join(' · ')}
      </Typography>

      <Box
        component="dl"
        sx={{
          mt: 1.5,
          mb: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        }}
      >
        <Fact label="Vendor reference" value={s.vendorReference ?? 'None yet'} muted={!s.vendorReference} />
        <Fact
          label={`Order to ${vendor}`}
          value={
            s.push.at && s.push.state !== 'not-sent'
              ? `${formatPushState(s)} · ${formatUsDateTimeToMinute(s.push.at)}`
              : formatPushState(s)
          }
          muted={s.push.state === 'not-sent'}
        />
        {s.notes && <Fact label="Notes" value={s.notes} wide />}
      </Box>

      {s.push.state === 'queued' && <LinearProgress sx={{ mt: 1.5 }} aria-label={`Queued for ${vendor}`} />}
      {s.push.state === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="push-error">
          Sending to {vendor} failed{s.push.error ? `: ${s.push.error}` : '.'}
        </Alert>
      )}

      {(s.results || s.documentId) && (
        <Box sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
          {s.results && <StudyResultsPanel results={s.results} headingComponent="h4" />}
          {s.documentId && canOpenDocuments && (
            <Link
              component={RouterLink}
              to={inboxDocumentLink(s.clinicNpi, s.documentId)}
              variant="body2"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1, fontWeight: 600 }}
            >
              Open the results document
              <ArrowForwardIcon aria-hidden sx={{ fontSize: 16 }} />
            </Link>
          )}
        </Box>
      )}

      <StatusHistory study={study} />

      <ConfirmDialog
        open={confirmingCancel}
        title={`Cancel this ${STUDY_NOUNS[s.suite]}?`}
        confirmLabel="Cancel study"
        cancelLabel="Keep the study"
        pending={cancel.isPending}
        error={cancel.error?.message}
        onConfirm={onCancel}
        onClose={() => setConfirmingCancel(false)}
      >
        {s.push.state === 'sent' || s.push.state === 'queued'
          ? `${vendor} is told the order is cancelled. A cancelled study cannot be started again; order a new one instead.`
          : 'A cancelled study cannot be started again; order a new one instead.'}
      </ConfirmDialog>
    </Paper>
  );
}

function Fact({
  label,
  value,
  muted,
  wide,
}: {
  label: string;
  value: string;
  muted?: boolean;
  wide?: boolean;
}) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="caption" color="textSecondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{
          m: 0,
          overflowWrap: 'anywhere',
          whiteSpace: 'pre-wrap',
          color: muted ? 'text.secondary' : undefined,
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function StatusHistory({ study }: { study: StudyResource }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const history = study.attributes.statusHistory;
  if (history.length === 0) return null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Button
        size="small"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{ ml: -0.5 }}
      >
        Status history ({history.length})
      </Button>
      {open && (
        <Box
          component="ol"
          id={listId}
          aria-label="Status history, newest first"
          sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}
        >
          {[...history].reverse().map((change) => {
            const { transition, when, who } = formatStatusChange(change, study.attributes);
            return (
              <Box
                component="li"
                key={`${change.at}-${change.to}`}
                sx={{
                  py: 0.5,
                  borderBottom: 1,
                  borderColor: 'divider',
                  '&:last-of-type': { borderBottom: 0 },
                }}
              >
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {transition}
                </Typography>
                <Typography variant="caption" color="textSecondary" component="p" sx={{ m: 0 }}>
                  <time dateTime={change.at}>{when}</time> · {who}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
