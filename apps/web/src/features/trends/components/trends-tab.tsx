import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  type ComparisonMode,
  formatUsDate,
  type LongitudinalSeries,
  type SessionDeviceType,
} from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageMessage } from '../../../components/page-message';
import { useSession } from '../../../lib/session/session-context';
import { useClinicPermissions } from '../../../lib/session/use-clinic-permissions';
import {
  formatMeasurementValue,
  isStatusSeries,
  type Longitudinal,
  type LongitudinalParams,
  latestValue,
  longitudinalQueryOptions,
} from '../../../lib/trends';
import { FLAG_MARKERS, markerLevel } from '../flag-markers';
import { MeasurementChart } from './measurement-chart';
import { TrendsSettingsDialog } from './trends-settings-dialog';
import { TrendsTable } from './trends-table';

/**
 * The patient page's Trends tab (issue 14 §3): one small chart per measurement with its points marked by
 * flag, each with a table of its values compared with the previous session and the baseline; the
 * comparison mode, the baseline session, the device type (when the patient has sessions of more than one)
 * and the settings. Statuses (the battery's) are text rows, not charts.
 */
export function TrendsTab({ clinicNpi, patientRef }: { clinicNpi: string; patientRef: string }) {
  const [params, setParams] = useState<LongitudinalParams>({});
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { user } = useSession();
  const { can } = useClinicPermissions(clinicNpi);
  const query = useQuery({
    ...longitudinalQueryOptions(clinicNpi, patientRef, params),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

  if (query.isError && !query.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        The trends could not be loaded: {query.error.message}
      </Alert>
    );
  }
  if (!query.data) return <LinearProgress aria-label="Loading the trends" />;
  const data = query.data;
  if (data.sessions.length === 0) {
    return (
      <PageMessage icon={<ShowChartIcon />} heading="No device sessions yet">
        <Typography color="textSecondary">
          Trends appear once this patient has a remote transmission or an in-person device check.
        </Typography>
      </PageMessage>
    );
  }

  const deviceTypes = [...new Set([data.deviceType, ...data.deviceTypes])];
  const baselineId = data.baselineSessionId ?? data.sessions[0]?.id ?? '';
  // A device of unknown type (Other) is shown every type's measurements: only those it reported appear.
  const numeric = data.series.filter(
    (series) => !isStatusSeries(series) && (data.deviceType !== 'Other' || series.values.length > 0),
  );
  // A status nobody reported (a lead status most vendors do not send) would be an empty table: left out.
  const statuses = data.series.filter((series) => isStatusSeries(series) && series.values.length > 0);
  const sessionsOfType = data.sessions.filter((session) => session.deviceType === data.deviceType);

  return (
    <Box data-testid="trends">
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        {deviceTypes.length > 1 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={data.deviceType}
            aria-label="Device type"
            onChange={(_event, value: SessionDeviceType | null) =>
              value && setParams({ deviceType: value, comparisonMode: params.comparisonMode })
            }
          >
            {deviceTypes.map((type) => (
              <ToggleButton key={type} value={type}>
                {type === 'Other' ? 'Other (type unknown)' : type}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={data.comparisonMode}
          aria-label="Compare as"
          onChange={(_event, value: ComparisonMode | null) =>
            value && setParams((current) => ({ ...current, comparisonMode: value }))
          }
        >
          <ToggleButton value="difference">Difference</ToggleButton>
          <ToggleButton value="percentage">Percentage</ToggleButton>
        </ToggleButtonGroup>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="trends-baseline-label">Baseline</InputLabel>
          <Select
            labelId="trends-baseline-label"
            label="Baseline"
            value={baselineId}
            onChange={(event) =>
              setParams((current) => ({ ...current, baselineSessionId: event.target.value }))
            }
          >
            {sessionsOfType.map((session, index) => (
              <MenuItem key={session.id} value={session.id}>
                {formatUsDate(session.sessionDate)} · {session.kind === 'in-person' ? 'in person' : 'remote'}
                {index === 0 ? ' (first)' : ''}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<SettingsOutlinedIcon />} onClick={() => setSettingsOpen(true)}>
          Settings
        </Button>
      </Stack>
      <MarkerLegend />
      <Box sx={{ height: 4, mb: 1 }}>
        {query.isFetching && <LinearProgress aria-label="Updating the trends" />}
      </Box>
      {statuses.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          {statuses.map((series) => (
            <StatusRows key={series.key} series={series} data={data} />
          ))}
        </Paper>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {numeric.map((series) => (
          <MeasurementCard key={series.key} series={series} data={data} />
        ))}
      </Box>
      {settingsOpen && (
        <TrendsSettingsDialog
          clinicNpi={clinicNpi}
          userId={user.id}
          deviceType={data.deviceType}
          canSaveForClinic={can('clinic:update-settings')}
          onClose={() => {
            setSettingsOpen(false);
            // The settings' comparison mode applies again once they change.
            setParams((current) => ({ ...current, comparisonMode: undefined }));
          }}
        />
      )}
    </Box>
  );
}

function MarkerLegend() {
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }} aria-label="Point marks" role="note">
      {(['none', 'warning', 'critical'] as const).map((level) => (
        <Typography key={level} variant="caption" sx={{ color: FLAG_MARKERS[level].color }}>
          <span aria-hidden>{FLAG_MARKERS[level].symbol} </span>
          {FLAG_MARKERS[level].label}
        </Typography>
      ))}
    </Stack>
  );
}

function LatestSummary({ series }: { series: LongitudinalSeries }) {
  const latest = latestValue(series);
  if (!latest) return null;
  const level = markerLevel(latest);
  return (
    <Typography
      variant="body2"
      sx={{ color: level === 'none' ? 'text.secondary' : FLAG_MARKERS[level].color }}
    >
      Latest {formatMeasurementValue(series, latest.value)}
      {level !== 'none' && ` · ${FLAG_MARKERS[level].symbol} ${FLAG_MARKERS[level].label}`}
    </Typography>
  );
}

function MeasurementCard({ series, data }: { series: LongitudinalSeries; data: Longitudinal }) {
  const latest = latestValue(series);
  const flagged = latest !== undefined && markerLevel(latest) !== 'none';
  const [showTable, setShowTable] = useState(flagged);
  const headingId = `trend-${series.key}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid={`trend-${series.key}`}
      data-flagged={flagged}
      // With its table open a measurement takes the whole row: the table needs the width.
      sx={{ p: 2, minWidth: 0, gridColumn: showTable ? '1 / -1' : undefined, alignSelf: 'start' }}
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {series.label}
          {series.unit ? ` (${series.unit})` : ''}
        </Typography>
        <LatestSummary series={series} />
      </Stack>
      {series.values.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No values recorded.
        </Typography>
      ) : (
        <>
          <MeasurementChart series={series} />
          <Button size="small" aria-expanded={showTable} onClick={() => setShowTable((shown) => !shown)}>
            {showTable ? 'Hide values' : `Show values (${series.values.length})`}
          </Button>
          {showTable && (
            // Focusable, so the rows can be scrolled from the keyboard.
            <Box
              role="region"
              tabIndex={0}
              aria-label={`${series.label}: values`}
              sx={{ maxHeight: 320, overflow: 'auto' }}
            >
              <TrendsTable
                series={series}
                comparisonMode={data.comparisonMode}
                baselineSessionId={data.baselineSessionId ?? data.sessions[0]?.id ?? null}
              />
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}

function StatusRows({ series, data }: { series: LongitudinalSeries; data: Longitudinal }) {
  return (
    <Box component="section" aria-label={series.label} data-testid={`trend-${series.key}`}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {series.label}
        </Typography>
        <LatestSummary series={series} />
      </Stack>
      <Box
        role="region"
        tabIndex={0}
        aria-label={`${series.label}: values`}
        sx={{ maxHeight: 200, overflow: 'auto' }}
      >
        <TrendsTable
          series={series}
          comparisonMode={data.comparisonMode}
          baselineSessionId={data.baselineSessionId ?? data.sessions[0]?.id ?? null}
        />
      </Box>
    </Box>
  );
}
