import type { FlagLevel, LongitudinalValue } from '@portal/domain';

// How a point is marked by its worst flag: colour AND shape, so a reader who cannot tell the colours apart
// still tells a warning (triangle) from a critical value (diamond) and from one in range (circle).

export type MarkerLevel = FlagLevel | 'none';
export type MarkerShape = 'circle' | 'triangle' | 'diamond';

export const FLAG_MARKERS: Record<
  MarkerLevel,
  { shape: MarkerShape; color: string; label: string; symbol: string }
> = {
  none: { shape: 'circle', color: '#1565c0', label: 'No flag', symbol: '●' },
  warning: { shape: 'triangle', color: '#8a5300', label: 'Warning', symbol: '▲' },
  critical: { shape: 'diamond', color: '#c62828', label: 'Critical', symbol: '◆' },
};

/**
 * The worst of a value's flags, or 'none'. (The domain's worstFlagLevel takes its own flag type, whose rule
 * is a closed list; the contract's flag carries the rule as a string.)
 */
export function markerLevel(value: Pick<LongitudinalValue, 'flags'>): MarkerLevel {
  if (value.flags.some((flag) => flag.level === 'critical')) return 'critical';
  return value.flags.length > 0 ? 'warning' : 'none';
}

/** Draws one marker centred on (x, y) in canvas pixels; `size` is its half-width. */
export function drawMarker(
  context: CanvasRenderingContext2D,
  level: MarkerLevel,
  x: number,
  y: number,
  size: number,
) {
  const { shape, color } = FLAG_MARKERS[level];
  context.beginPath();
  if (shape === 'circle') {
    context.arc(x, y, size * 0.75, 0, 2 * Math.PI);
  } else if (shape === 'triangle') {
    context.moveTo(x, y - size * 1.2);
    context.lineTo(x + size * 1.1, y + size * 0.8);
    context.lineTo(x - size * 1.1, y + size * 0.8);
    context.closePath();
  } else {
    context.moveTo(x, y - size * 1.3);
    context.lineTo(x + size * 1.1, y);
    context.lineTo(x, y + size * 1.3);
    context.lineTo(x - size * 1.1, y);
    context.closePath();
  }
  context.fillStyle = color;
  context.fill();
  context.lineWidth = 1;
  context.strokeStyle = '#ffffff';
  context.stroke();
}
