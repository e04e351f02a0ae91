import { describe, expect, it } from 'vitest';
import { type AnchorRect, placeBelow, placePopup } from './popup-position';

function rect(left: number, top: number, width: number, height: number): AnchorRect {
  return { left, top, width, height, right: left + width, bottom: top + height };
}

const viewport = { width: 1280, height: 800 };
const button = rect(1000, 10, 40, 40);

describe('placePopup', () => {
  it('puts the popup under the anchor, lined up with its start edge', () => {
    expect(placePopup(rect(100, 50, 200, 40), { width: 240, height: 160 }, viewport)).toEqual({
      top: 90,
      left: 100,
      side: 'bottom',
    });
  });

  it('lines the popup up with the end edge, or centres it, and leaves the gap asked for', () => {
    const popup = { width: 200, height: 100 };
    expect(placePopup(button, popup, viewport, { align: 'end', gap: 4 })).toEqual({
      top: 54,
      left: 840,
      side: 'bottom',
    });
    expect(placePopup(button, popup, viewport, { align: 'center' }).left).toBe(920);
  });

  it('flips above the anchor when there is no room below and more room above', () => {
    const nearBottom = rect(100, 700, 200, 40);
    expect(placePopup(nearBottom, { width: 200, height: 300 }, viewport, { gap: 4 })).toEqual({
      top: 396,
      left: 100,
      side: 'top',
    });
  });

  it('stays below when the room above is smaller too, and is pushed up into the viewport', () => {
    const placed = placePopup(rect(100, 300, 200, 40), { width: 200, height: 600 }, viewport);
    expect(placed.side).toBe('bottom');
    expect(placed.top).toBe(800 - 16 - 600);
  });

  it('flips a popup that prefers the top below when the anchor is at the top of the viewport', () => {
    const tooltip = { side: 'top', align: 'center', gap: 14 } as const;
    expect(placePopup(button, { width: 80, height: 30 }, viewport, tooltip)).toEqual({
      top: 64,
      left: 980,
      side: 'bottom',
    });
    // With room, it stays above.
    expect(placePopup(rect(500, 400, 40, 40), { width: 80, height: 30 }, viewport, tooltip)).toEqual({
      top: 356,
      left: 480,
      side: 'top',
    });
  });

  it('clamps the popup inside the viewport, keeping the margin', () => {
    // Start-aligned to an anchor near the right edge: pulled back left.
    expect(placePopup(button, { width: 400, height: 100 }, viewport).left).toBe(1280 - 16 - 400);
    // End-aligned to an anchor near the left edge: pushed right.
    expect(
      placePopup(rect(10, 10, 40, 40), { width: 300, height: 100 }, viewport, { align: 'end' }).left,
    ).toBe(16);
    // Wider than the viewport: starts at the margin so its start shows.
    expect(placePopup(button, { width: 2000, height: 100 }, viewport, { margin: 8 }).left).toBe(8);
  });
});

describe('placeBelow', () => {
  it('is placePopup on the bottom side with the alignment given', () => {
    const popup = { width: 200, height: 100 };
    expect(placeBelow(button, popup, viewport, 'end')).toEqual(
      placePopup(button, popup, viewport, { side: 'bottom', align: 'end' }),
    );
  });
});
