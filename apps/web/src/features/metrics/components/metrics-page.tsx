import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ClinicActivity, formatUsDate, type MetricsInterval } from '@portal/domain';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { METRICS_PATH } from '../../../lib/metrics-paths';
import { useSession } from '../../../lib/session/session-context';
import { useClinicPermissions } from '../../../lib/session/use-clinic-permissions';
import { useClinicActivity } from '../api/get-clinic-activity';
import { useMetricsParams } from '../hooks/use-metrics-params';
import { useLiveMetrics, useReadsAllClinics } from '../hooks/use-metrics-scope';
import { INTERVAL_LABELS, INTERVALS, type MetricsParams, orderBacklog, todayUtc } from '../metrics-format';
import { ActivityChart, BacklogChart, DeadlinesCard, TimeToSignChart } from './activity-charts';
import { MetricsViews } from './metrics-views';
import { OverduePatients } from './overdue-patients';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The range and the interval; each change is kept in the address at once. */
function MetricsControls({
  params,
  onChange,
}: {
  params: MetricsParams;
  onChange: (change: Partial<MetricsParams>) => void;
}) {
  const today = todayUtc();
  return (
    <Stack
      role="group"
      aria-label="Range and interval"
      direction="row"
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      <TextField
        type="date"
        size="small"
        label="From"
        value={params.from}
        onChange={(event) => DAY_PATTERN.test(event.target.value) && onChange({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: params.to } }}
        sx={{ width: 170 }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={params.to}
        onChange={(event) => DAY_PATTERN.test(event.target.value) && onChange({ to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: params.from, max: today } }}
        sx={{ width: 170 }}
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        color="primary"
        value={params.interval}
        aria-label="Interval"
        onChange={(_event, value: MetricsInterval | null) => value && onChange({ interval: value })}
      >
        {INTERVALS.map((interval) => (
          <ToggleButton key={interval} value={interval} sx={{ px: 2 }}>
            {INTERVAL_LABELS[interval]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

/** The range's totals and the queue now, as figures a reader takes in first. */
function KeyFigures({ activity }: { activity: ClinicActivity }) {
  const unsigned = orderBacklog(activity.backlog).reduce((sum, row) => sum + row.count, 0);
  const { overdueUnsigned } = activity.deadlines;
  const figures: { label: string; value: number | string; detail?: string }[] = [
    { label: 'Received', value: activity.totals.received },
    { label: 'Signed', value: activity.totals.signed },
    { label: 'Acknowledged', value: activity.totals.acknowledged },
    { label: 'Unsigned now', value: unsigned },
    {
      label: 'Deadlines met',
      value: activity.deadlines.metPercent === null ? '—' : `${activity.deadlines.metPercent} %`,
      // The share counts overdue unsigned documents as missed; the count beside it says how many.
      ...(overdueUnsigned > 0
        ? { detail: `${overdueUnsigned.toLocaleString('en-US')} overdue, unsigned` }
        : {}),
    },
    { label: 'Patients overdue', value: activity.overduePatients.count },
  ];
  return (
    <Box
      component="dl"
      data-testid="metrics-key-figures"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
        gap: 1.5,
        m: 0,
      }}
    >
      {figures.map((figure) => (
        <Paper
          key={figure.label}
          variant="outlined"
          sx={{ px: 2, py: 1.5, display: 'flex', flexDirection: 'column-reverse' }}
        >
          <Typography component="dt" variant="body2" color="textSecondary">
            {figure.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: 28, fontWeight: 700, lineHeight: 1.2 }}>
            {typeof figure.value === 'number' ? figure.value.toLocaleString('en-US') : figure.value}
            {figure.detail && (
              <Typography
                component="span"
                variant="body2"
                color="error"
                sx={{ display: 'block', fontWeight: 600 }}
              >
                {figure.detail}
              </Typography>
            )}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * A clinic's metrics (issue 17 §5): documents per interval, time to sign by alert level, the backlog by age,
 * deadlines met and the patients overdue for a transmission, over a range and interval kept in the address.
 * The current clinic's, or another's the user may read (`?clinicNpi=`, from the table of clinics).
 */
export function MetricsPage() {
  const { currentClinic } = useSession();
  const [params, changeParams] = useMetricsParams();
  const readsAll = useReadsAllClinics();
  useLiveMetrics();
  const clinicNpi = params.clinicNpi ?? currentClinic?.npi ?? '';
  const query = useClinicActivity(clinicNpi, params);
  const { can } = useClinicPermissions(clinicNpi || undefined);
  const activity = query.data?.clinicNpi === clinicNpi ? query.data : undefined;
  const otherClinic = Boolean(params.clinicNpi) && params.clinicNpi !== currentClinic?.npi;

  if (!clinicNpi) {
    return <Typography color="textSecondary">Choose a clinic to see its metrics.</Typography>;
  }

  return (
    <Stack spacing={2} data-testid="metrics-page">
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography
            component="p"
            variant="h6"
            sx={{ fontWeight: 600, lineHeight: 1.3 }}
            data-testid="metrics-clinic"
          >
            {activity?.clinicName ?? (otherClinic ? `Clinic ${clinicNpi}` : currentClinic?.name)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {formatUsDate(params.from)} to {formatUsDate(params.to)}, by {params.interval} (UTC days)
            {otherClinic && (
              <>
                {' · '}
                <Link component={RouterLink} to={METRICS_PATH}>
                  Back to {currentClinic?.name ?? 'the current clinic'}
                </Link>
              </>
            )}
          </Typography>
        </Box>
        {readsAll && <MetricsViews current="clinic" />}
      </Stack>
      <MetricsControls params={params} onChange={changeParams} />
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label="Loading the metrics" />}</Box>
      {query.isError && !activity && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {isApiError(query.error) && query.error.statusCode === 404
            ? 'This clinic is not one whose metrics you may read.'
            : `The metrics could not be loaded: ${query.error.message}`}
        </Alert>
      )}
      {activity && (
        <>
          <KeyFigures activity={activity} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1.25fr 1.25fr 0.9fr' },
            }}
          >
            <ActivityChart activity={activity} />
            <TimeToSignChart activity={activity} />
            <BacklogChart activity={activity} />
            <DeadlinesCard activity={activity} />
            <OverduePatients
              clinicNpi={clinicNpi}
              canReadPatients={can('patient:read')}
              count={activity.overduePatients.count}
              monitoredCount={activity.overduePatients.monitoredCount}
            />
          </Box>
        </>
      )}
    </Stack>
  );
}
