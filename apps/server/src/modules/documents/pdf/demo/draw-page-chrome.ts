import type { DemoReportContent } from './demo-report-content';
import type { ReportCanvas } from './report-canvas';
import { COLORS, drawLabel, MARGIN, PAGE_WIDTH, type ReportFonts } from './report-style';

/** Running header (pages after the coversheet) and footer (every page). The bottom 24 pt stay empty for the signature footer. */
export function drawPageChrome(
  canvas: ReportCanvas,
  content: DemoReportContent,
  at: { clinicName: string; pageNumber: number; pageCount: number; fonts: ReportFonts },
): void {
  const { fonts } = at;
  const right = PAGE_WIDTH - MARGIN;
  if (at.pageNumber > 1) {
    drawLabel(canvas, at.clinicName, {
      x: MARGIN,
      y: 756,
      size: 10.5,
      font: fonts.bold,
      color: COLORS.primary,
    });
    drawLabel(canvas, `${content.title}  ·  ${content.typeLabel}`, {
      x: right,
      y: 756,
      size: 8.5,
      font: fonts.regular,
      color: COLORS.muted,
      align: 'right',
    });
    drawLabel(canvas, content.patientLine, { x: MARGIN, y: 741, size: 8.5, font: fonts.regular });
    canvas.line([MARGIN, 732], [right, 732], { color: COLORS.primary, width: 1 });
  }
  canvas.line([MARGIN, 46], [right, 46], { color: COLORS.rule, width: 0.5 });
  drawLabel(canvas, 'Confidential: contains protected health information', {
    x: MARGIN,
    y: 34,
    size: 7,
    font: fonts.regular,
    color: COLORS.muted,
  });
  drawLabel(canvas, `Page ${at.pageNumber} of ${at.pageCount}`, {
    x: right,
    y: 34,
    size: 7,
    font: fonts.regular,
    color: COLORS.muted,
    align: 'right',
  });
}
