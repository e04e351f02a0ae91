import { type PDFFont, type RGB, rgb } from 'pdf-lib';
import type { ReportCanvas } from './report-canvas';
import { isWinAnsiText } from './win-ansi';

export const PAGE_WIDTH = 612; // US Letter
export const PAGE_HEIGHT = 792;
export const MARGIN = 48;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

export const COLORS = {
  primary: rgb(0.141, 0.427, 0.663), // #246DA9, the portal's primary colour
  primaryLight: rgb(0.9, 0.94, 0.97),
  text: rgb(0.12, 0.14, 0.17),
  muted: rgb(0.42, 0.45, 0.5),
  rule: rgb(0.8, 0.83, 0.86),
  panel: rgb(0.96, 0.97, 0.98),
  zebra: rgb(0.975, 0.98, 0.985),
  white: rgb(1, 1, 1),
  normal: rgb(0.12, 0.5, 0.26),
  warning: rgb(0.72, 0.42, 0),
  alert: rgb(0.74, 0.12, 0.12),
  alertLight: rgb(0.99, 0.93, 0.93),
  warningLight: rgb(1, 0.96, 0.88),
} as const;

/**
 * A weight of the report's typeface: Helvetica (a standard font, nothing embedded) for every string it
 * can encode, and the embedded Unicode font only for strings that need it, such as 'Żółć'. Shaping with
 * the embedded font costs about twenty times more, and every glyph it draws grows the subset.
 */
export type ReportFont = {
  pick(text: string): PDFFont;
  widthOfTextAtSize(text: string, size: number): number;
};
export type ReportFonts = { regular: ReportFont; bold: ReportFont };

export function createReportFont(standard: PDFFont, unicode?: PDFFont): ReportFont {
  const pick = (text: string) => (unicode && !isWinAnsiText(text) ? unicode : standard);
  return { pick, widthOfTextAtSize: (text, size) => pick(text).widthOfTextAtSize(text, size) };
}

type TextOptions = {
  x: number;
  y: number;
  size: number;
  font: ReportFont;
  color?: RGB;
  align?: 'left' | 'right' | 'center';
};

/** One line of text, left, right or centre aligned at `x`, in whichever font can draw it. */
export function drawLabel(canvas: ReportCanvas, text: string, options: TextOptions): void {
  const { align = 'left', color = COLORS.text, size, y } = options;
  const font = options.font.pick(text);
  const width = align === 'left' ? 0 : font.widthOfTextAtSize(text, size);
  const x = align === 'right' ? options.x - width : align === 'center' ? options.x - width / 2 : options.x;
  canvas.text(text, { x, y, size, font, color });
}
