import Box from '@mui/material/Box';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { nextPointIndex } from '../../../lib/chart-keys';

/** The chart's width: its container's, at least 240 px. */
function chartWidth(element: HTMLElement): number {
  return Math.max(Math.floor(element.clientWidth), 240);
}

export type MetricsChartProps = {
  /** What the chart shows, as one or two sentences a screen reader reads instead of the picture. */
  description: string;
  /** Built by the caller (chart-options.ts) and memoised: a new object draws the chart again. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height?: number;
  testId: string;
  /**
   * Told which x index the pointer (or, once the chart has the focus, the arrow keys) is on, null when it
   * leaves, for a read-out beside the chart.
   */
  onHover?: (index: number | null) => void;
};

/**
 * One metrics chart (uPlot, on a canvas) at its container's width, redrawn at the new width when the
 * container resizes. The picture is an image to assistive technology, named by `description`; each chart
 * has a table of the same numbers beside it.
 */
export function MetricsChart({
  description,
  options,
  data,
  height = 220,
  testId,
  onHover,
}: MetricsChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const hoverRef = useRef(onHover);
  hoverRef.current = onHover;

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const plot = new uPlot(
      {
        ...options,
        width: chartWidth(element),
        height,
        hooks: {
          ...options.hooks,
          setCursor: [
            ...(options.hooks?.setCursor ?? []),
            (chart) => {
              const index = chart.cursor.idx;
              hoverRef.current?.(index === undefined ? null : index);
            },
          ],
        },
      },
      data,
      element,
    );
    plotRef.current = plot;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            const width = chartWidth(element);
            if (width !== plot.width) plot.setSize({ width, height });
          });
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [options, data, height]);

  // With a read-out, the arrow keys (and Home, End) move along the x values as the pointer does.
  const onKeyDown = (event: KeyboardEvent) => {
    const plot = plotRef.current;
    const xs = (data[0] ?? []) as number[];
    if (!plot || !onHover || xs.length === 0) return;
    const last = xs.length - 1;
    const current = plot.cursor.idx ?? last;
    const next = nextPointIndex(event.key, current, last);
    if (next === undefined) return;
    event.preventDefault();
    const values = (data[1] ?? []) as (number | null)[];
    plot.setCursor({ left: plot.valToPos(xs[next] ?? 0, 'x'), top: plot.valToPos(values[next] ?? 0, 'y') });
    onHover(next);
  };

  return (
    <Box
      ref={containerRef}
      role="img"
      aria-label={description}
      aria-roledescription="chart"
      data-testid={testId}
      tabIndex={onHover ? 0 : undefined}
      onKeyDown={onHover ? onKeyDown : undefined}
      sx={{
        width: '100%',
        minHeight: height,
        borderRadius: 1,
        '& .u-legend': { display: 'none' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    />
  );
}
