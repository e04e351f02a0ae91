/**
 * Where the arrow keys, Home and End move a chart's read-out: the index of the next point among `last + 1`,
 * or undefined for any other key. The trends and metrics charts read their points the same way.
 */
export function nextPointIndex(key: string, current: number, last: number): number | undefined {
  if (key === 'ArrowLeft') return Math.max(current - 1, 0);
  if (key === 'ArrowRight') return Math.min(current + 1, last);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return undefined;
}
