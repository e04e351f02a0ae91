import type { PDFPage } from 'pdf-lib';
import type { DemoReportContent } from './demo-report-content';
import { COLORS, drawLabel, MARGIN, PAGE_WIDTH, type ReportFonts } from './report-style';

/** Running header (pages after the coversheet) and footer (every page). The bottom 24 pt stay empty for the signature footer. */
export function drawPageChrome(
  page: PDFPage,
  content: DemoReportContent,
  at: { clinicName: string; pageNumber: number; pageCount: number; fonts: ReportFonts },
): void {
  const { fonts } = at;
  const right = PAGE_WIDTH - MARGIN;
  if (at.pageNumber > 1) {
    drawLabel(page, at.clinicName, {
      x: MARGIN,
      y: 756,
      size: 10.5,
      font: fonts.bold,
      color: COLORS.primary,
    });
    drawLabel(page, `Remote Monitoring Report  ·  ${content.typeLabel}`, {
      x: right,
      y: 756,
      size: 8.5,
      font: fonts.regular,
      color: COLORS.muted,
      align: 'right',
    });
    drawLabel(page, content.patientLine, { x: MARGIN, y: 741, size: 8.5, font: fonts.regular });
    page.drawLine({
      start: { x: MARGIN, y: 732 },
      end: { x: right, y: 732 },
      thickness: 1,
      color: COLORS.primary,
    });
  }
  page.drawLine({
    start: { x: MARGIN, y: 46 },
    end: { x: right, y: 46 },
    thickness: 0.5,
    color: COLORS.rule,
  });
  drawLabel(page, 'Confidential: contains protected health information', {
    x: MARGIN,
    y: 34,
    size: 7,
    font: fonts.regular,
    color: COLORS.muted,
  });
  drawLabel(page, `Page ${at.pageNumber} of ${at.pageCount}`, {
    x: right,
    y: 34,
    size: 7,
    font: fonts.regular,
    color: COLORS.muted,
    align: 'right',
  });
}
