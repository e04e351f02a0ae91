import type { LaterPage } from './demo-report-types';
import { drawParagraphs } from './draw-paragraphs';
import { drawTable } from './draw-table';
import type { ReportCanvas } from './report-canvas';
import { CONTENT_WIDTH, drawLabel, MARGIN, type ReportFonts } from './report-style';

/** A page of one long table: readings, events, the night hour by hour. */
export function drawTablePage(
  canvas: ReportCanvas,
  page: Extract<LaterPage, { kind: 'table' }>,
  at: { fonts: ReportFonts },
): void {
  const { fonts } = at;
  drawLabel(canvas, page.title, { x: MARGIN, y: 704, size: 14, font: fonts.bold });
  const y = drawTable(canvas, page.table, { x: MARGIN, y: 690, width: CONTENT_WIDTH, fonts });
  if (page.note) {
    drawParagraphs(canvas, [page.note], {
      x: MARGIN,
      y: y - 6,
      width: CONTENT_WIDTH,
      floor: 58,
      font: fonts.regular,
      size: 8.5,
    });
  }
}
