import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ClinicActivity } from '@portal/domain';
import { BACKLOG_BUCKETS, REVIEW_CLASSES } from '@portal/domain';
import { useMemo, useState } from 'react';
import {
  ACTIVITY_SERIES,
  BACKLOG_LABELS,
  describeActivity,
  describeBacklog,
  describeTimeToSign,
  formatHours,
  formatPeriod,
  orderBacklog,
  orderTimeToSign,
  REVIEW_CLASS_LABELS,
  toActivityData,
  toBacklogData,
  toTimeToSignData,
} from '../metrics-format';
import { ChartCard, ChartLegend } from './chart-card';
import { activityChartOptions, barChartOptions } from './chart-options';
import { MetricsChart } from './metrics-chart';

const MEDIAN_COLOR = '#246da9';
const P90_COLOR = '#90b4d4';
const BACKLOG_COLOR = '#c2611f';
const TIME_TO_SIGN_SERIES = [
  { label: 'Median', color: MEDIAN_COLOR },
  { label: '90th percentile', color: P90_COLOR },
] as const;
const LEVEL_NAMES = REVIEW_CLASSES.map((level) => REVIEW_CLASS_LABELS[level]);
const BUCKET_NAMES = BACKLOG_BUCKETS.map((bucket) => BACKLOG_LABELS[bucket]);

/** Documents per interval: received, signed, acknowledged and trashed, with a read-out of the hovered one. */
export function ActivityChart({ activity }: { activity: ClinicActivity }) {
  const options = useMemo(() => activityChartOptions(activity.interval), [activity.interval]);
  const data = useMemo(() => toActivityData(activity.periods), [activity.periods]);
  const [hovered, setHovered] = useState<number | null>(null);
  const period = hovered === null ? undefined : activity.periods[hovered];
  return (
    <ChartCard
      title="Documents per interval"
      subtitle={describeActivity(activity)}
      testId="chart-card-activity"
      wide
      legend={<ChartLegend items={ACTIVITY_SERIES} />}
      table={
        <Table size="small" aria-label="Documents per interval">
          <TableHead>
            <TableRow>
              <TableCell>Interval</TableCell>
              {ACTIVITY_SERIES.map((series) => (
                <TableCell key={series.key} align="right">
                  {series.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {activity.periods.map((row) => (
              <TableRow key={row.start}>
                <TableCell component="th" scope="row">
                  {formatPeriod(row.start, activity.interval)}
                </TableCell>
                {ACTIVITY_SERIES.map((series) => (
                  <TableCell key={series.key} align="right">
                    {row[series.key]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    >
      <MetricsChart
        description={describeActivity(activity)}
        options={options}
        data={data}
        height={240}
        testId="chart-activity"
        onHover={setHovered}
      />
      <Typography
        variant="caption"
        color="textSecondary"
        component="p"
        aria-live="polite"
        sx={{ minHeight: '1.5em' }}
      >
        {period
          ? `${formatPeriod(period.start, activity.interval)}: ${ACTIVITY_SERIES.map((series) => `${period[series.key]} ${series.label.toLowerCase()}`).join(', ')}`
          : 'Point at the chart, or focus it and use the arrow keys, to read an interval.'}
      </Typography>
    </ChartCard>
  );
}

/** Median and 90th-percentile hours from arrival to signature, per alert level, as paired bars. */
export function TimeToSignChart({ activity }: { activity: ClinicActivity }) {
  const rows = orderTimeToSign(activity.timeToSign);
  const options = useMemo(
    () =>
      barChartOptions({
        categories: LEVEL_NAMES,
        series: TIME_TO_SIGN_SERIES,
        yLabel: 'Time to sign',
        format: formatHours,
      }),
    [],
  );
  const data = useMemo(() => toTimeToSignData(activity.timeToSign), [activity.timeToSign]);
  return (
    <ChartCard
      title="Time to sign"
      subtitle="From arrival to signature or acknowledgement, by alert level"
      testId="chart-card-time-to-sign"
      legend={<ChartLegend items={TIME_TO_SIGN_SERIES} />}
      table={
        <Table size="small" aria-label="Time to sign">
          <TableHead>
            <TableRow>
              <TableCell>Alert level</TableCell>
              <TableCell align="right">Reviewed</TableCell>
              <TableCell align="right">Median</TableCell>
              <TableCell align="right">90th percentile</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.level}>
                <TableCell component="th" scope="row">
                  {REVIEW_CLASS_LABELS[row.level]}
                </TableCell>
                <TableCell align="right">{row.count}</TableCell>
                <TableCell align="right">{formatHours(row.medianHours)}</TableCell>
                <TableCell align="right">{formatHours(row.p90Hours)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    >
      <MetricsChart
        description={describeTimeToSign(activity.timeToSign)}
        options={options}
        data={data}
        testId="chart-time-to-sign"
      />
    </ChartCard>
  );
}

/** The unsigned documents now, by how long they have waited. */
export function BacklogChart({ activity }: { activity: ClinicActivity }) {
  const rows = orderBacklog(activity.backlog);
  const options = useMemo(
    () =>
      barChartOptions({
        categories: BUCKET_NAMES,
        series: [{ label: 'Unsigned documents', color: BACKLOG_COLOR }],
        yLabel: 'Documents',
        format: (value) => String(value),
        counts: true,
      }),
    [],
  );
  const data = useMemo(() => toBacklogData(activity.backlog), [activity.backlog]);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <ChartCard
      title="Backlog by age"
      subtitle={`${total} unsigned now, by days since arrival`}
      testId="chart-card-backlog"
      table={
        <Table size="small" aria-label="Backlog by age">
          <TableHead>
            <TableRow>
              <TableCell>Waiting</TableCell>
              <TableCell align="right">Unsigned documents</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.bucket}>
                <TableCell component="th" scope="row">
                  {BACKLOG_LABELS[row.bucket]}
                </TableCell>
                <TableCell align="right">{row.count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    >
      <MetricsChart
        description={describeBacklog(activity.backlog)}
        options={options}
        data={data}
        testId="chart-backlog"
      />
    </ChartCard>
  );
}

/** Deadlines met (reviews in time; late reviews and overdue unsigned documents missed): a percentage and a bar. */
export function DeadlinesCard({ activity }: { activity: ClinicActivity }) {
  const { met, missed, overdueUnsigned, metPercent } = activity.deadlines;
  const due = met + missed;
  const late = missed - overdueUnsigned;
  return (
    <ChartCard
      title="Review deadlines met"
      subtitle="Reviews in the range before their due time, and documents due in it still unsigned"
      testId="chart-card-deadlines"
    >
      <Box
        sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', flex: 1, gap: 1.5, py: 2 }}
      >
        <Typography
          component="p"
          sx={{ fontSize: 48, fontWeight: 700, lineHeight: 1, color: 'text.primary' }}
        >
          {metPercent === null ? '—' : `${metPercent} %`}
        </Typography>
        {metPercent !== null && (
          <LinearProgress
            variant="determinate"
            value={metPercent}
            aria-label={`${metPercent} % of deadlines met`}
            color={metPercent >= 90 ? 'success' : metPercent >= 70 ? 'warning' : 'error'}
            sx={{ height: 10, borderRadius: 5 }}
          />
        )}
        <Typography variant="body2" color="textSecondary">
          {due === 0
            ? 'No deadline fell in this range.'
            : `${met} of ${due} on time; ${late} reviewed late; ${overdueUnsigned} overdue and still unsigned.`}
        </Typography>
      </Box>
    </ChartCard>
  );
}
