import { wrapText } from '../wrap-text';
import type { ReportCanvas } from './report-canvas';
import { COLORS, drawLabel, type ReportFont } from './report-style';

/**
 * Wrapped paragraphs from `y` down, optionally bulleted; stops at `floor` with '…' rather than running into
 * the footer. Returns the y below the last line.
 */
export function drawParagraphs(
  canvas: ReportCanvas,
  paragraphs: string[],
  at: {
    x: number;
    y: number;
    width: number;
    floor: number;
    font: ReportFont;
    size: number;
    bullets?: boolean;
  },
): number {
  const indent = at.bullets ? 11 : 0;
  const lineHeight = at.size * 1.35;
  let y = at.y;
  for (const paragraph of paragraphs) {
    const lines = wrapText(paragraph, at.width - indent, (text) => at.font.widthOfTextAtSize(text, at.size));
    for (const [index, line] of lines.entries()) {
      y -= lineHeight;
      const last = y - lineHeight < at.floor;
      if (at.bullets && index === 0)
        drawLabel(canvas, '•', { x: at.x, y, size: at.size, font: at.font, color: COLORS.primary });
      drawLabel(canvas, last && index < lines.length - 1 ? `${line} …` : line, {
        x: at.x + indent,
        y,
        size: at.size,
        font: at.font,
      });
      if (last) return y;
    }
    y -= at.size * 0.5;
  }
  return y;
}
