/** How the report fits its pane: the page's width, a whole page, or a zoom the reader chose. */
export type ViewerZoom = { mode: 'fit-width' | 'fit-page' } | { mode: 'custom'; scale: number };

export const DEFAULT_VIEWER_ZOOM: ViewerZoom = { mode: 'fit-width' };

/** The zoom steps of + and − (as scales of the PDF's own size). */
export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
const MIN_SCALE = ZOOM_STEPS[0];
const MAX_SCALE = ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? 3;
/** Room around a page inside the pane (px), so a fitted page does not touch the edges. */
export const PAGE_GUTTER_PX = 16;

/** The scale to draw at, for a page of `page` size (PDF points) in a pane of `pane` size (CSS px). */
export function resolveViewerScale(
  zoom: ViewerZoom,
  page: { width: number; height: number } | undefined,
  pane: { width: number; height: number },
): number {
  if (zoom.mode === 'custom') return clampScale(zoom.scale);
  if (!page || pane.width <= 0) return 1;
  const byWidth = (pane.width - PAGE_GUTTER_PX * 2) / page.width;
  if (zoom.mode === 'fit-width' || pane.height <= 0) return clampScale(byWidth, 0.2);
  return clampScale(Math.min(byWidth, (pane.height - PAGE_GUTTER_PX * 2) / page.height), 0.2);
}

function clampScale(scale: number, min: number = MIN_SCALE): number {
  return Math.min(MAX_SCALE, Math.max(min, Number.isFinite(scale) ? scale : 1));
}

/** One step in from the scale shown now. */
export function zoomIn(current: number): ViewerZoom {
  const next = ZOOM_STEPS.find((step) => step > current + 0.001) ?? MAX_SCALE;
  return { mode: 'custom', scale: next };
}

/** One step out from the scale shown now. */
export function zoomOut(current: number): ViewerZoom {
  const next = [...ZOOM_STEPS].reverse().find((step) => step < current - 0.001) ?? MIN_SCALE;
  return { mode: 'custom', scale: next };
}

/** The stored preference, or undefined when it is not one. */
export function parseViewerZoom(stored: string): ViewerZoom | undefined {
  if (stored === 'fit-width' || stored === 'fit-page') return { mode: stored };
  const scale = Number(stored);
  return Number.isFinite(scale) && scale >= MIN_SCALE && scale <= MAX_SCALE
    ? { mode: 'custom', scale }
    : undefined;
}

export function formatViewerZoom(zoom: ViewerZoom): string {
  return zoom.mode === 'custom' ? String(zoom.scale) : zoom.mode;
}

/** The page a reader is on: the last whose top has passed a third of the pane. */
export function findCurrentPage(pageTops: readonly number[], scrollTop: number, paneHeight: number): number {
  const line = scrollTop + paneHeight / 3;
  let current = 1;
  pageTops.forEach((top, index) => {
    if (top <= line) current = index + 1;
  });
  return current;
}
