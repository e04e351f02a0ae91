import type { MetricsInterval } from '@portal/domain';
import uPlot from 'uplot';
import { ACTIVITY_SERIES, formatPeriodTick } from '../metrics-format';

// The metrics charts' uPlot options: a time chart of activity (one line per count) and bar charts over a
// few named categories (alert levels, backlog ages), with each bar's value written above it.

const FONT = '12px system-ui, sans-serif';
const AXIS_STROKE = '#5f6b76';
const GRID = { stroke: '#e3e7eb', width: 1 };
const TICKS = { stroke: '#c9d0d6', width: 1, size: 4 };
const WHOLE_NUMBERS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000];

/** From zero to a little above the largest value, so the tallest bar's label fits. */
const fromZero: uPlot.Range.Function = (_self, _min, max) => [0, max > 0 ? max * 1.15 : 1];

/** Days on the x axis are UTC days (the server's), whatever the browser's time zone. */
const utc = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC');

const INTERVAL_SECONDS: Record<MetricsInterval, number> = { day: 86_400, week: 604_800, month: 2_629_800 };
/** The least room a tick's label needs, in CSS pixels. */
const TICK_SPACE = 76;

/**
 * Documents received, signed, acknowledged and trashed per interval: one line each, a point per interval.
 * The x axis is marked at the intervals' first days (every few when they are many), half an interval of
 * room at each end.
 */
export function activityChartOptions(interval: MetricsInterval): Omit<uPlot.Options, 'width' | 'height'> {
  const half = INTERVAL_SECONDS[interval] / 2;
  return {
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    tzDate: utc,
    scales: {
      x: { time: true, range: (_self, min, max) => [min - half, max + half] },
      y: { range: fromZero },
    },
    axes: [
      {
        size: 36,
        font: FONT,
        stroke: AXIS_STROKE,
        grid: GRID,
        ticks: TICKS,
        splits: (chart) => {
          const starts = (chart.data[0] ?? []) as number[];
          const room = Math.max(1, Math.floor(chart.bbox.width / uPlot.pxRatio / TICK_SPACE));
          const step = Math.max(1, Math.ceil(starts.length / room));
          return starts.filter((_start, index) => index % step === 0);
        },
        values: (_self, splits) => splits.map((split) => formatPeriodTick(split, interval)),
      },
      {
        size: 48,
        font: FONT,
        stroke: AXIS_STROKE,
        grid: GRID,
        ticks: TICKS,
        label: 'Documents',
        labelSize: 18,
        labelFont: FONT,
        // Whole documents only.
        incrs: WHOLE_NUMBERS,
      },
    ],
    series: [
      {},
      ...ACTIVITY_SERIES.map((series) => ({
        label: series.label,
        stroke: series.color,
        width: 2,
        points: { show: true, size: 5, fill: series.color },
      })),
    ],
  };
}

type BarSeries = { label: string; color: string };

/**
 * Bars over named categories (0…n-1 on x): one series centred on each category, or two side by side.
 * `format` writes the value above each bar (nothing for a missing value).
 */
export function barChartOptions(options: {
  categories: readonly string[];
  series: readonly [BarSeries] | readonly [BarSeries, BarSeries];
  yLabel: string;
  format: (value: number) => string;
  /** Whole numbers only on the y axis (counts). */
  counts?: boolean;
}): Omit<uPlot.Options, 'width' | 'height'> {
  const { categories, series, format } = options;
  const grouped = series.length === 2;
  const factor = grouped ? 0.34 : 0.55;
  const maxWidth = grouped ? 44 : 72;
  const alignOf = (index: number): -1 | 0 | 1 => (grouped ? (index === 0 ? -1 : 1) : 0);
  return {
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, categories.length - 0.5] },
      y: { range: fromZero },
    },
    axes: [
      {
        size: 36,
        font: FONT,
        stroke: AXIS_STROKE,
        grid: { show: false },
        ticks: TICKS,
        splits: () => categories.map((_category, index) => index),
        values: (_self, splits) => splits.map((split) => categories[split] ?? ''),
      },
      {
        size: 48,
        font: FONT,
        stroke: AXIS_STROKE,
        grid: GRID,
        ticks: TICKS,
        label: options.yLabel,
        labelSize: 18,
        labelFont: FONT,
        ...(options.counts
          ? { incrs: WHOLE_NUMBERS }
          : { values: (_self: uPlot, splits: number[]) => splits.map((split) => format(split)) }),
      },
    ],
    series: [
      {},
      ...series.map((bar, index) => ({
        label: bar.label,
        stroke: bar.color,
        fill: bar.color,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars?.({ size: [factor, maxWidth], align: alignOf(index) }),
      })),
    ],
    hooks: {
      draw: [
        (chart) => {
          const context = chart.ctx;
          const ratio = uPlot.pxRatio;
          const column = chart.valToPos(1, 'x', true) - chart.valToPos(0, 'x', true);
          const barWidth = Math.min(column * factor, maxWidth * ratio);
          context.save();
          context.font = `${12 * ratio}px system-ui, sans-serif`;
          context.fillStyle = '#263238';
          context.textAlign = 'center';
          context.textBaseline = 'bottom';
          // A category with no value at all says so, rather than look like a zero.
          categories.forEach((_category, index) => {
            if (series.some((_bar, seriesIndex) => chart.data[seriesIndex + 1]?.[index] != null)) return;
            context.fillStyle = '#6b7780';
            context.fillText(
              'none',
              chart.valToPos(index, 'x', true),
              chart.valToPos(0, 'y', true) - 4 * ratio,
            );
            context.fillStyle = '#263238';
          });
          series.forEach((_bar, seriesIndex) => {
            const values = chart.data[seriesIndex + 1] ?? [];
            values.forEach((value, index) => {
              if (value === null || value === undefined) return;
              const x = chart.valToPos(index, 'x', true) + (alignOf(seriesIndex) * barWidth) / 2;
              const y = chart.valToPos(value, 'y', true) - 4 * ratio;
              context.fillText(format(value), x, y);
            });
          });
          context.restore();
        },
      ],
    },
  };
}
