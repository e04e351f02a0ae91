import { type RefObject, useLayoutEffect, useState } from 'react';

/** The anchor's box in viewport coordinates (a DOMRect will do). */
export type AnchorRect = Pick<DOMRect, 'top' | 'left' | 'right' | 'bottom' | 'width' | 'height'>;
export type PopupSize = { width: number; height: number };
export type Viewport = { width: number; height: number };
/** Which edge of the anchor the popup lines up with; 'center' centres it (tooltips). */
export type PopupAlign = 'start' | 'end' | 'center';
export type PopupSide = 'bottom' | 'top';

export type PlacementOptions = {
  /** the side preferred; the popup flips to the other side when it fits there and not here */
  side?: PopupSide;
  align?: PopupAlign;
  /** space between the anchor and the popup */
  gap?: number;
  /** space kept free between the popup and the viewport's edges (MUI's Popover keeps 16 px) */
  margin?: number;
};

export type PopupPlacement = {
  top: number;
  left: number;
  /** the side the popup ended up on, for its transform origin */
  side: PopupSide;
};

export const DEFAULT_VIEWPORT_MARGIN = 16;

function clamp(value: number, min: number, max: number): number {
  // A popup larger than the room left starts at the near edge, so its start (and its scrollbar) shows.
  return Math.max(min, Math.min(value, max));
}

/**
 * Where a popup of this size goes, in viewport coordinates: on the preferred side of the anchor, aligned to
 * its start or end edge (or centred), flipped to the other side when it does not fit and the other side has
 * more room, then clamped so it stays inside the viewport.
 */
export function placePopup(
  anchor: AnchorRect,
  popup: PopupSize,
  viewport: Viewport,
  options: PlacementOptions = {},
): PopupPlacement {
  const { align = 'start', gap = 0, margin = DEFAULT_VIEWPORT_MARGIN } = options;
  const preferred = options.side ?? 'bottom';
  const roomBelow = viewport.height - margin - (anchor.bottom + gap);
  const roomAbove = anchor.top - gap - margin;
  let side = preferred;
  if (preferred === 'bottom' && popup.height > roomBelow && roomAbove > roomBelow) side = 'top';
  if (preferred === 'top' && popup.height > roomAbove && roomBelow > roomAbove) side = 'bottom';

  const wantedTop = side === 'bottom' ? anchor.bottom + gap : anchor.top - gap - popup.height;
  const top = clamp(wantedTop, margin, viewport.height - margin - popup.height);

  const wantedLeft =
    align === 'start'
      ? anchor.left
      : align === 'end'
        ? anchor.right - popup.width
        : anchor.left + anchor.width / 2 - popup.width / 2;
  const left = clamp(wantedLeft, margin, viewport.width - margin - popup.width);
  return { top, left, side };
}

/** placePopup below the anchor (flipping above when there is no room below). */
export function placeBelow(
  anchor: AnchorRect,
  popup: PopupSize,
  viewport: Viewport,
  align: PopupAlign = 'start',
  options: Omit<PlacementOptions, 'side' | 'align'> = {},
): PopupPlacement {
  return placePopup(anchor, popup, viewport, { ...options, side: 'bottom', align });
}

export type UsePopupPositionOptions = PlacementOptions & {
  /** the popup is at least as wide as the anchor (a select's listbox) */
  matchAnchorWidth?: boolean;
};

/** The layout viewport without its scrollbars: what a position: fixed popup can use. */
function readViewport(): Viewport {
  const root = document.documentElement;
  return { width: root.clientWidth || window.innerWidth, height: root.clientHeight || window.innerHeight };
}

function samePlacement(a: PopupPlacement | null, b: PopupPlacement): boolean {
  return a !== null && a.top === b.top && a.left === b.left && a.side === b.side;
}

/**
 * Places an open `position: fixed` popup against its anchor, and again when the window is resized, anything
 * scrolls (capture: a scrolling ancestor moves the anchor) or either element changes size. Null until the
 * first measure, so the popup can stay invisible for the one layout pass before it is placed.
 */
export function usePopupPosition(
  anchorEl: Element | null,
  popupRef: RefObject<HTMLElement | null>,
  open: boolean,
  options: UsePopupPositionOptions = {},
): PopupPlacement | null {
  const { side, align, gap, margin, matchAnchorWidth = false } = options;
  const [placement, setPlacement] = useState<PopupPlacement | null>(null);

  useLayoutEffect(() => {
    if (!open || !anchorEl) {
      setPlacement(null);
      return;
    }
    const update = () => {
      const popup = popupRef.current;
      if (!popup) return;
      const anchor = anchorEl.getBoundingClientRect();
      if (matchAnchorWidth) popup.style.minWidth = `${anchor.width}px`;
      // offsetWidth/Height ignore the opening animation's scale transform; a bounding box would not.
      const size = { width: popup.offsetWidth, height: popup.offsetHeight };
      const next = placePopup(anchor, size, readViewport(), { side, align, gap, margin });
      setPlacement((current) => (samePlacement(current, next) ? current : next));
    };
    update();
    const onScroll = (event: Event) => {
      // The popup's own scrolling (a long listbox) does not move its anchor.
      if (event.target instanceof Node && popupRef.current?.contains(event.target)) return;
      update();
    };
    window.addEventListener('resize', update);
    window.addEventListener('scroll', onScroll, true);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(anchorEl);
    if (popupRef.current) observer?.observe(popupRef.current);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', onScroll, true);
      observer?.disconnect();
    };
  }, [open, anchorEl, popupRef, side, align, gap, margin, matchAnchorWidth]);

  return open ? placement : null;
}
