import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  ABPM_PERIODS,
  type AbpmStudyResults,
  formatUsDate,
  type SleepStudyResults,
  type StudyResults,
  type WcdStudyResults,
} from '@portal/domain';
import { type ReactNode, useId } from 'react';
import {
  ABPM_PERIOD_LABELS,
  abpmOverLimit,
  formatAbpmLimit,
  formatDecimal,
  formatDipping,
  formatHoursMinutes,
  formatPercent,
  SLEEP_APNEA_SEVERITY_LABELS,
  type SleepApneaSeverity,
  sleepApneaSeverity,
} from './study-results-format';

const TITLES: Record<StudyResults['suite'], string> = {
  sleep: 'Sleep study results',
  wcd: 'Wearable cardiac study results',
  abpm: 'Ambulatory BP results',
};

const SEVERITY_COLORS: Record<SleepApneaSeverity, 'success' | 'info' | 'warning' | 'error'> = {
  normal: 'success',
  mild: 'info',
  moderate: 'warning',
  severe: 'error',
};

type StudyResultsPanelProps = {
  results: StudyResults;
  /** The heading's level where the panel sits: h3 in the inbox's report, h4 inside a study's card. */
  headingComponent?: 'h2' | 'h3' | 'h4';
};

/**
 * A study's results at a glance (issue 16 §7), beside its PDF in the inbox and on the patient's Studies
 * tab: a sleep study's AHI and its severity first, an ABPM session's means against their limits with the
 * dipping, a wearable study's rates, burdens and pauses. Values at or over a limit say so in words too.
 */
export function StudyResultsPanel({ results, headingComponent = 'h3' }: StudyResultsPanelProps) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="study-results"
      data-suite={results.suite}
      sx={{ minWidth: 0 }}
    >
      <Typography
        id={headingId}
        component={headingComponent}
        variant="overline"
        color="textSecondary"
        sx={{ display: 'block', lineHeight: 2 }}
      >
        {TITLES[results.suite]}
      </Typography>
      {results.suite === 'sleep' && <SleepResults results={results} />}
      {results.suite === 'wcd' && <WcdResults results={results} />}
      {results.suite === 'abpm' && <AbpmResults results={results} />}
    </Box>
  );
}

type MetricProps = { label: string; value: ReactNode; testId?: string };

function Metrics({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        columnGap: 2,
        rowGap: 1,
        gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))',
      }}
    >
      {children}
    </Box>
  );
}

function Metric({ label, value, testId }: MetricProps) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography component="dt" variant="caption" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

const perHour = (value: number | null) => (value === null ? 'Not scored' : `${formatDecimal(value)} /h`);

function SleepResults({ results }: { results: SleepStudyResults }) {
  const severity = sleepApneaSeverity(results.ahi);
  return (
    <>
      <Box
        sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, mb: 1 }}
        data-testid="sleep-ahi"
      >
        <Typography component="p" variant="body2" color="textSecondary" sx={{ m: 0 }}>
          AHI
        </Typography>
        <Typography component="p" sx={{ m: 0, fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.1 }}>
          {formatDecimal(results.ahi)}
          <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 0.5 }}>
            events/h
          </Typography>
        </Typography>
        <Chip
          size="small"
          component="span"
          color={SEVERITY_COLORS[severity]}
          variant={severity === 'normal' ? 'outlined' : 'filled'}
          label={SLEEP_APNEA_SEVERITY_LABELS[severity]}
          data-severity={severity}
        />
      </Box>
      <Metrics>
        <Metric label="pAHI" value={perHour(results.pahi)} />
        <Metric label="REM AHI" value={perHour(results.remAhi)} />
        <Metric label="NREM AHI" value={perHour(results.nremAhi)} />
        <Metric label="ODI" value={perHour(results.odi)} />
        <Metric label="SpO₂ nadir" value={formatPercent(results.spo2Nadir)} testId="sleep-spo2-nadir" />
        <Metric
          label="Total sleep time"
          value={formatHoursMinutes(results.totalSleepTimeMinutes)}
          testId="sleep-total-time"
        />
      </Metrics>
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
        Scored {formatUsDate(results.scoredAt)}
      </Typography>
    </>
  );
}

function WcdResults({ results }: { results: WcdStudyResults }) {
  const { heartRate, ectopy, pauses } = results;
  return (
    <Metrics>
      <Metric
        label="Heart rate min / mean / max"
        value={`${Math.round(heartRate.min)} / ${Math.round(heartRate.mean)} / ${Math.round(heartRate.max)} bpm`}
        testId="wcd-heart-rate"
      />
      <Metric label="Analysable time" value={`${formatDecimal(results.analysableHours)} h`} />
      <Metric label="PVC burden" value={formatPercent(ectopy.pvcBurdenPercent)} />
      <Metric label="PAC burden" value={formatPercent(ectopy.pacBurdenPercent)} />
      <Metric label="AF burden" value={formatPercent(results.afBurdenPercent)} testId="wcd-af-burden" />
      <Metric
        label="Pauses"
        value={
          pauses.count === 0
            ? 'None'
            : pauses.longestSeconds === null
              ? String(pauses.count)
              : `${pauses.count} · longest ${formatDecimal(pauses.longestSeconds)} s`
        }
        testId="wcd-pauses"
      />
      <Metric label="Patient-triggered events" value={String(results.patientTriggeredEvents)} />
    </Metrics>
  );
}

function AbpmResults({ results }: { results: AbpmStudyResults }) {
  return (
    <>
      <Table size="small" aria-label="Mean blood pressure by period" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Period</TableCell>
            <TableCell>Mean (mmHg)</TableCell>
            <TableCell>Limit</TableCell>
            <TableCell align="right">Readings over limit</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ABPM_PERIODS.map((period) => {
            const summary = results.periods[period];
            const over = abpmOverLimit(period, summary.mean);
            return (
              <TableRow key={period} data-period={period} data-over-limit={over.either ? 'true' : 'false'}>
                <TableCell component="th" scope="row">
                  {ABPM_PERIOD_LABELS[period]}
                </TableCell>
                <TableCell>
                  {summary.mean ? (
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      <Box
                        component="span"
                        sx={over.either ? { color: 'error.main', fontWeight: 700 } : undefined}
                      >
                        {Math.round(summary.mean.systolic)}/{Math.round(summary.mean.diastolic)}
                      </Box>
                      {over.either && (
                        <Chip
                          size="small"
                          component="span"
                          color="error"
                          variant="outlined"
                          label="High"
                          sx={{ ml: 0.75, height: 20 }}
                        />
                      )}
                    </Box>
                  ) : (
                    <Typography component="span" variant="body2" color="textSecondary">
                      No readings
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{formatAbpmLimit(period)}</TableCell>
                <TableCell align="right">
                  {summary.aboveThresholdCount} of {summary.readingCount}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="abpm-dipping">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Dipping:{' '}
        </Box>
        {results.dipping ? formatDipping(results.dipping) : 'not enough day and night readings'}
      </Typography>
    </>
  );
}
