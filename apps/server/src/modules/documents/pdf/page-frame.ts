import type { PDFPage } from 'pdf-lib';

/**
 * A page as a reader sees it: the visible (crop) box after the page's /Rotate. `toPage` maps a point
 * measured from the visible bottom-left corner into the page's own coordinates, and `rotation` turns
 * text so it reads left to right on screen.
 */
export type PageFrame = {
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
  toPage(x: number, y: number): { x: number; y: number };
};

export function getPageFrame(page: PDFPage): PageFrame {
  const box = page.getCropBox();
  const right = box.x + box.width;
  const top = box.y + box.height;
  const rotation = normalizeRotation(page.getRotation().angle);
  switch (rotation) {
    case 90:
      return {
        width: box.height,
        height: box.width,
        rotation,
        toPage: (x, y) => ({ x: right - y, y: box.y + x }),
      };
    case 180:
      return {
        width: box.width,
        height: box.height,
        rotation,
        toPage: (x, y) => ({ x: right - x, y: top - y }),
      };
    case 270:
      return {
        width: box.height,
        height: box.width,
        rotation,
        toPage: (x, y) => ({ x: box.x + y, y: top - x }),
      };
    default:
      return {
        width: box.width,
        height: box.height,
        rotation,
        toPage: (x, y) => ({ x: box.x + x, y: box.y + y }),
      };
  }
}

/** /Rotate must be a multiple of 90 and may be negative or above 360 (ISO 32000-1 §7.7.3.3). */
function normalizeRotation(angle: number): PageFrame['rotation'] {
  const quarterTurns = (((Math.round(angle / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  return ([0, 90, 180, 270] as const)[quarterTurns];
}
