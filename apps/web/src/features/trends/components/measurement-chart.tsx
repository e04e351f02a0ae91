import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatUsDate, type LongitudinalSeries } from '@portal/domain';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { nextPointIndex } from '../../../lib/chart-keys';
import { formatMeasurementValue } from '../../../lib/trends';
import { drawMarker, FLAG_MARKERS, markerLevel } from '../flag-markers';

const HEIGHT = 160;
const DAILY_STROKE = '#90a4ae';

/**
 * The values as uPlot takes them: seconds on x, numbers on y (a value that is not a number is a gap). With
 * daily values, x is every day and session, the first line the sessions' values and the second the days'.
 */
export function toChartData(series: LongitudinalSeries): uPlot.AlignedData {
  const sessions = new Map(
    series.values.map((value) => [
      Date.parse(value.measuredAt) / 1000,
      typeof value.value === 'number' ? value.value : null,
    ]),
  );
  if (!series.daily) return [[...sessions.keys()], [...sessions.values()]];
  const days = new Map(
    series.daily.measuredAt.map((at, index) => [at / 1000, series.daily?.value[index] ?? null]),
  );
  const xs = [...new Set([...sessions.keys(), ...days.keys()])].sort((a, b) => a - b);
  return [xs, xs.map((x) => sessions.get(x) ?? null), xs.map((x) => days.get(x) ?? null)];
}

/** The index of the value nearest a time (in seconds), or null when there are none. */
export function nearestSession(values: LongitudinalSeries['values'], at: number): number | null {
  let nearest: number | null = null;
  let distance = Number.POSITIVE_INFINITY;
  values.forEach((value, index) => {
    const gap = Math.abs(Date.parse(value.measuredAt) / 1000 - at);
    if (gap < distance) {
      distance = gap;
      nearest = index;
    }
  });
  return nearest;
}

/** One sentence for a screen reader: what the chart shows, and the latest value with its flag. */
export function describeChart(series: LongitudinalSeries): string {
  const latest = series.values.at(-1);
  if (!latest) return `${series.label}: no values`;
  const level = markerLevel(latest);
  const flag =
    level === 'none' ? '' : `, ${FLAG_MARKERS[level].label.toLowerCase()}: ${latest.flags[0]?.message}`;
  const days = series.daily ? ` and ${series.daily.value.length} daily values` : '';
  return `${series.label} over ${series.values.length} sessions${days}; latest ${formatMeasurementValue(series, latest.value)} on ${formatUsDate(latest.measuredAt)}${flag}`;
}

/** The chart's width: its container's, at least 240 px. */
function chartWidth(element: HTMLElement): number {
  return Math.max(Math.floor(element.clientWidth), 240);
}

/**
 * One measurement over time (uPlot, on a canvas): a line through the values, each point marked by its
 * worst flag (colour and shape). Hovering, or focusing the chart and using the arrow keys, reads a point
 * out below it: its date, value and flag. The table beside it holds the same values as text.
 */
export function MeasurementChart({ series }: { series: LongitudinalSeries }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const [active, setActive] = useState<number | null>(null);

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const values = series.values;
    const plot = new uPlot(
      {
        // Built once at the container's width as laid out; a resize changes the size, never rebuilds.
        width: chartWidth(element),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: { x: { time: true } },
        axes: [
          // Tall enough for the year uPlot writes under a tick where the year changes.
          { size: 44, font: '11px system-ui, sans-serif' },
          // The unit is written level above the axis (below), not as uPlot's axis label: turned on its side,
          // a one-letter unit such as 'V' reads as '>'.
          { size: 52, font: '11px system-ui, sans-serif' },
        ],
        series: [
          {},
          {
            label: series.label,
            stroke: FLAG_MARKERS.none.color,
            width: 1.5,
            points: { show: false },
            spanGaps: true,
          },
          // The daily values: a thin, lighter line under the sessions' points.
          ...(series.daily
            ? [{ label: `${series.label}, daily`, stroke: DAILY_STROKE, width: 1, points: { show: false } }]
            : []),
        ],
        hooks: {
          draw: [
            (chart) => {
              const context = chart.ctx;
              const size = 4.5 * uPlot.pxRatio;
              context.save();
              values.forEach((value) => {
                if (typeof value.value !== 'number') return;
                const x = chart.valToPos(Date.parse(value.measuredAt) / 1000, 'x', true);
                const y = chart.valToPos(value.value, 'y', true);
                drawMarker(context, markerLevel(value), x, y, size);
              });
              context.restore();
            },
          ],
          setCursor: [
            (chart) => {
              // The session nearest the cursor is read out (between sessions lie the daily values).
              const index = chart.cursor.idx;
              const at = index === null || index === undefined ? undefined : chart.data[0][index];
              setActive(at === undefined ? null : nearestSession(values, at));
            },
          ],
        },
      },
      toChartData(series),
      element,
    );
    plotRef.current = plot;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            const width = chartWidth(element);
            if (width !== plot.width) plot.setSize({ width, height: HEIGHT });
          });
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [series]);

  const moveTo = (index: number) => {
    const plot = plotRef.current;
    const value = series.values[index];
    if (!value) return;
    setActive(index);
    if (plot && typeof value.value === 'number') {
      plot.setCursor({
        left: plot.valToPos(Date.parse(value.measuredAt) / 1000, 'x'),
        top: plot.valToPos(value.value, 'y'),
      });
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = series.values.length - 1;
    const current = active ?? last;
    const next = nextPointIndex(event.key, current, last);
    if (next === undefined) return;
    event.preventDefault();
    moveTo(next);
  };

  const point = active === null ? undefined : series.values[active];
  const level = point ? markerLevel(point) : 'none';
  return (
    <Box>
      {series.unit ? (
        <Typography
          variant="caption"
          color="textSecondary"
          component="p"
          data-testid={`chart-unit-${series.key}`}
          // The chart's own description already says the unit with every value.
          aria-hidden
          sx={{ lineHeight: 1.2, pl: 0.5 }}
        >
          {series.unit}
        </Typography>
      ) : null}
      <Box
        ref={containerRef}
        role="img"
        tabIndex={0}
        aria-label={describeChart(series)}
        aria-roledescription="chart"
        data-testid={`chart-${series.key}`}
        onKeyDown={onKeyDown}
        onFocus={() => active === null && moveTo(series.values.length - 1)}
        sx={{
          width: '100%',
          minHeight: HEIGHT,
          borderRadius: 1,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      />
      <Typography
        variant="caption"
        color="textSecondary"
        component="p"
        aria-live="polite"
        sx={{ minHeight: '1.5em' }}
      >
        {point
          ? `${formatUsDate(point.measuredAt)}: ${formatMeasurementValue(series, point.value)}${
              level === 'none'
                ? ''
                : ` — ${FLAG_MARKERS[level].symbol} ${point.flags.map((flag) => flag.message).join('; ')}`
            }`
          : 'Hover over the chart, or focus it and use the arrow keys, to read a value.'}
      </Typography>
    </Box>
  );
}
