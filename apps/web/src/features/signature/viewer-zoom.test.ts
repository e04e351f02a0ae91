import { describe, expect, it } from 'vitest';
import {
  findCurrentPage,
  formatViewerZoom,
  PAGE_GUTTER_PX,
  parseViewerZoom,
  resolveViewerScale,
  zoomIn,
  zoomOut,
} from './viewer-zoom';

const letter = { width: 612, height: 792 };

describe('the report viewer zoom', () => {
  it('fits the width, or a whole page, of the pane', () => {
    const pane = { width: 612 + PAGE_GUTTER_PX * 2, height: 396 + PAGE_GUTTER_PX * 2 };
    expect(resolveViewerScale({ mode: 'fit-width' }, letter, pane)).toBe(1);
    expect(resolveViewerScale({ mode: 'fit-page' }, letter, pane)).toBe(0.5);
    expect(resolveViewerScale({ mode: 'custom', scale: 1.5 }, letter, pane)).toBe(1.5);
    // A narrow phone still fits the page to its width.
    expect(resolveViewerScale({ mode: 'fit-width' }, letter, { width: 390, height: 700 })).toBeCloseTo(
      (390 - PAGE_GUTTER_PX * 2) / 612,
    );
  });

  it('+ and − step through the zoom levels from what is shown, within bounds', () => {
    expect(zoomIn(1)).toEqual({ mode: 'custom', scale: 1.1 });
    expect(zoomIn(0.83)).toEqual({ mode: 'custom', scale: 0.9 });
    expect(zoomOut(0.83)).toEqual({ mode: 'custom', scale: 0.75 });
    expect(zoomIn(3)).toEqual({ mode: 'custom', scale: 3 });
    expect(zoomOut(0.5)).toEqual({ mode: 'custom', scale: 0.5 });
  });

  it('is remembered as text and read back; nonsense falls back', () => {
    for (const zoom of [
      { mode: 'fit-width' },
      { mode: 'fit-page' },
      { mode: 'custom', scale: 1.25 },
    ] as const) {
      expect(parseViewerZoom(formatViewerZoom(zoom))).toEqual(zoom);
    }
    expect(parseViewerZoom('huge')).toBeUndefined();
    expect(parseViewerZoom('40')).toBeUndefined();
  });

  it('tells which page the reader is on', () => {
    const tops = [8, 808, 1608];
    expect(findCurrentPage(tops, 0, 600)).toBe(1);
    expect(findCurrentPage(tops, 700, 600)).toBe(2);
    expect(findCurrentPage(tops, 5000, 600)).toBe(3);
  });
});
